/**
 * The payee info page's own texts (withdrawInfo). Only that page shows them, so they ship with
 * its code, in its subpackage on the mini-programs; the page adds them when its code loads
 * (addPageMessages in i18n/messages.ts).
 */
const zhCN = {
  'withdrawInfo.name.label': '收款人',
  'withdrawInfo.name.hint': '收款账户须为实名认证本人的账户，否则打款会失败。',
  'withdrawInfo.savedTag': '已绑定',
  'withdrawInfo.edit': '修改',
  'withdrawInfo.delete': '删除',
  'withdrawInfo.delete.title': '删除收款账户？',
  'withdrawInfo.delete.content': '删除后将不能提现到{channel}账户 {account}，可随时重新添加。',
  'withdrawInfo.delete.confirm': '删除',
  'withdrawInfo.deleted': '已删除',
  'withdrawInfo.saved': '已保存',
  'withdrawInfo.alipay.label': '支付宝账号',
  'withdrawInfo.alipay.placeholder': '手机号或邮箱',
  'withdrawInfo.wechat.linked': '提现将付到您登录“卖卡”微信小程序时关联的微信，无需填写账号',
  'withdrawInfo.bank.label': '银行卡号',
  'withdrawInfo.bank.placeholder': '本人名下的储蓄卡卡号',
  'withdrawInfo.bankName.label': '开户银行',
  'withdrawInfo.bankName.placeholder': '请选择银行',
  'withdrawInfo.branch.label': '开户支行',
  'withdrawInfo.branch.placeholder': '选填，如 北京中关村支行',
  'withdrawInfo.error.accountEmpty': '请输入收款账号',
  'withdrawInfo.alipay.error': '请输入支付宝登录用的手机号或邮箱',
  'withdrawInfo.bank.error': '银行卡号不正确，请输入 12–19 位卡号并逐位核对',
  'withdrawInfo.error.bankName': '请选择开户银行',
  'withdrawInfo.error.branch': '支行名称最多 40 个字',
  'withdrawInfo.unverified.title': '请先完成实名认证',
  'withdrawInfo.unverified.body': '为保障资金安全，提现只能打到您本人名下的账户。完成实名认证后即可添加支付宝、微信或银行卡收款账户。',
  'withdrawInfo.unverified.action': '去实名认证',
  'withdrawInfo.guest.body': '登录并完成实名认证后即可添加收款账户',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'withdrawInfo.name.label': 'Payee',
  'withdrawInfo.name.hint': 'Payee accounts must be in your verified name, or the payout fails.',
  'withdrawInfo.savedTag': 'Saved',
  'withdrawInfo.edit': 'Change',
  'withdrawInfo.delete': 'Delete',
  'withdrawInfo.delete.title': 'Delete this payee account?',
  'withdrawInfo.delete.content':
    'You will no longer be able to withdraw to the {channel} account {account}. You can add it again at any time.',
  'withdrawInfo.delete.confirm': 'Delete',
  'withdrawInfo.deleted': 'Deleted',
  'withdrawInfo.saved': 'Saved',
  'withdrawInfo.alipay.label': 'Alipay account',
  'withdrawInfo.alipay.placeholder': 'Phone number or e-mail',
  'withdrawInfo.wechat.linked': 'Paid to the WeChat you linked by logging in to the Maika mini-program: no account to enter',
  'withdrawInfo.bank.label': 'Card number',
  'withdrawInfo.bank.placeholder': 'A debit card in your name',
  'withdrawInfo.bankName.label': 'Bank',
  'withdrawInfo.bankName.placeholder': 'Choose the bank',
  'withdrawInfo.branch.label': 'Branch',
  'withdrawInfo.branch.placeholder': 'Optional, e.g. Zhongguancun branch',
  'withdrawInfo.error.accountEmpty': 'Enter the account to be paid to',
  'withdrawInfo.alipay.error': 'Enter the phone number or e-mail you log in to Alipay with',
  'withdrawInfo.bank.error': 'This card number is not valid; enter the 12 to 19 digits and check them one by one',
  'withdrawInfo.error.bankName': 'Choose the bank of the card',
  'withdrawInfo.error.branch': 'The branch name can be at most 40 characters',
  'withdrawInfo.unverified.title': 'Verify your real name first',
  'withdrawInfo.unverified.body':
    'To keep your money safe, payouts only go to accounts in your own name. Once your real name is verified you can add Alipay, WeChat or bank card accounts.',
  'withdrawInfo.unverified.action': 'Verify my real name',
  'withdrawInfo.guest.body': 'Log in and verify your real name to add payee accounts',
};

export const withdrawInfoMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
