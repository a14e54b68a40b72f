/**
 * The message centre's and message settings' own texts (the bell's stay in the main dictionaries).
 * Only those two pages show them, so they ship with their code, in their subpackages on the
 * mini-programs; each page adds them when its code loads (addPageMessages in i18n/messages.ts).
 */
const zhCN = {
  'message.unreadSummary': '{count} 条未读',
  'message.allRead': '消息都已读',
  'message.readAll': '全部已读',
  'message.readAll.done': '已全部标为已读',
  'message.settings': '消息设置',
  'message.unread': '未读',
  'message.open': '查看详情',
  'message.empty.title': '暂无消息',
  'message.empty.body': '卡密到账、需要您处理、提现到账等进展，都会在这里通知您',
  'message.end': '没有更多消息了',
  'message.loginFirst': '登录后可查看平台发给您的消息',
  'messageSettings.intro': '所有消息都会出现在消息中心。您还可以选择哪些消息同时通过下面的方式通知您：',
  'messageSettings.channel.sms': '短信',
  'messageSettings.channel.weapp': '微信',
  'messageSettings.channel.alipay': '支付宝',
  'messageSettings.sms.hint': '短信发到您登录用的手机号，同一订单最多一条。',
  'messageSettings.miniProgram.hint': '小程序消息需要您在提交卡密或提现时点“允许”后才会发送，每次允许可收到一条。',
  'messageSettings.none.title': '消息只在消息中心提醒',
  'messageSettings.none.body': '平台暂未开通短信或小程序消息通知，有新消息时首页和“我的”页的铃铛会提示您',
  'messageSettings.saved': '已保存',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'message.unreadSummary': '{count} unread',
  'message.allRead': 'All read',
  'message.readAll': 'Mark all read',
  'message.readAll.done': 'All marked read',
  'message.settings': 'Settings',
  'message.unread': 'Unread',
  'message.open': 'View',
  'message.empty.title': 'No messages yet',
  'message.empty.body': 'We tell you here when your cards are credited or need you, when a withdrawal arrives, and more',
  'message.end': 'That is every message',
  'message.loginFirst': 'Log in to read the messages we sent you',
  'messageSettings.intro': 'Every message reaches your message centre. Choose which of them also reach you by:',
  'messageSettings.channel.sms': 'SMS',
  'messageSettings.channel.weapp': 'WeChat',
  'messageSettings.channel.alipay': 'Alipay',
  'messageSettings.sms.hint': 'Texts go to the phone number you log in with, at most one per order.',
  'messageSettings.miniProgram.hint':
    'Mini-program messages are sent only after you tap "Allow" when you submit cards or withdraw; each allow lets one through.',
  'messageSettings.none.title': 'Messages reach you in the app',
  'messageSettings.none.body':
    'Texts and mini-program messages are not turned on yet: the bell on Home and My tells you when a message arrives',
  'messageSettings.saved': 'Saved',
};

export const messageCentreMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
