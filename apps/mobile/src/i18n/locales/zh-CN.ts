/** Simplified Chinese, the default locale; its keys define what every other locale must provide. */
export const zhCN = {
  'app.name': '卖卡',

  'tab.home': '首页',
  'tab.goodsClass': '分类',
  'tab.order': '订单',
  'tab.person': '我的',

  'title.home': '卖卡',
  'title.goodsClass': '分类',
  'title.order': '订单',
  'title.person': '我的',

  'home.tagline': '闲置卡券 快速变现',
  'home.subtitle': '礼品卡、购物卡、话费卡，提交即验，到账可提现',
  'home.sellCard': '我要卖卡',
  'home.steps.title': '卖卡只需三步',
  'home.steps.submit.title': '提交卡密',
  'home.steps.submit.body': '选择卡种和面值，填写卡号与卡密',
  'home.steps.verify.title': '平台验卡',
  'home.steps.verify.body': '卡券提交后由回收渠道自动核验',
  'home.steps.cash.title': '到账提现',
  'home.steps.cash.body': '核验通过即入账，可提现到支付宝、微信或银行卡',

  'goodsClass.heading': '选择要出售的卡种',
  'goodsClass.subheading': '提交前请准备好以下信息',
  'goodsClass.checklist.cardInfo': '完整的卡号和卡密（部分卡种只需卡密）',
  'goodsClass.checklist.unused': '卡券未使用、未过期，余额与面值一致',
  'goodsClass.checklist.realName': '提现前需完成实名认证，收款账户须为本人',

  'goodsClass.settlement.title': '结算说明',
  'goodsClass.settlement.rate': '每个面值的回收比例在提交前展示，按该比例结算',
  'goodsClass.settlement.faceValue': '实际面值与所选面值不符时，按实际面值结算',
  'goodsClass.settlement.credit': '核验通过后自动入账到余额，可随时申请提现',

  'order.empty.title': '还没有订单',
  'order.empty.body': '卖出的卡券会显示在这里，可随时查看审核和到账进度',
  'order.empty.action': '去卖卡',

  'person.guest.name': '未登录',
  'person.guest.hint': '登录后可查看订单、余额和提现记录',
  'person.settings.title': '设置',
  'person.settings.language': '语言',
  'person.settings.version': '版本',
  'person.language.pickerTitle': '选择语言',

  'language.zh-CN': '简体中文',
  'language.en-US': 'English',

  'common.cancel': '取消',
} as const;
