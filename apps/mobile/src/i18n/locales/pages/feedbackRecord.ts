/**
 * The feedback records page's own texts. Only that page shows them, so they ship with its code, in
 * its subpackage on the mini-programs; the page adds them when its code loads (addPageMessages in
 * i18n/messages.ts).
 */
const zhCN = {
  'feedbackRecord.reply': '客服回复',
  'feedbackRecord.contact': '联系方式：{contact}',
  'feedbackRecord.waiting': '客服会尽快处理，请耐心等待',
  'feedbackRecord.empty.title': '还没有反馈记录',
  'feedbackRecord.empty.body': '遇到问题或有好的建议，欢迎告诉我们',
  'feedbackRecord.new': '我要反馈',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'feedbackRecord.reply': 'Our reply',
  'feedbackRecord.contact': 'Contact: {contact}',
  'feedbackRecord.waiting': 'We will look into it soon',
  'feedbackRecord.empty.title': 'No feedback yet',
  'feedbackRecord.empty.body': 'Tell us about a problem or an idea',
  'feedbackRecord.new': 'New feedback',
};

export const feedbackRecordMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
