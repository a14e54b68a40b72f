/**
 * The feedback page's own texts. Only that page shows them, so they ship with its code, in its
 * subpackage on the mini-programs; the page adds them when its code loads (addPageMessages in
 * i18n/messages.ts).
 */
const zhCN = {
  'feedback.loginFirst': '登录后即可提交反馈并查看客服回复',
  'feedback.category.label': '问题类型',
  'feedback.content.label': '问题描述',
  'feedback.content.placeholder': '请描述您遇到的问题或建议，以便我们尽快处理',
  'feedback.content.count': '{count}/{max}',
  'feedback.images.label': '图片（选填，最多 {max} 张）',
  'feedback.images.add': '添加图片',
  'feedback.images.uploading': '上传中',
  'feedback.images.failed': '上传失败\n点击重试',
  'feedback.images.remove': '删除图片',
  'feedback.contact.label': '联系方式（选填）',
  'feedback.contact.placeholder': '手机号、微信号或邮箱，方便我们联系您',
  'feedback.submit': '提交反馈',
  'feedback.submitted': '反馈已提交',
  'feedback.error.category': '请选择问题类型',
  'feedback.error.content': '请填写问题描述',
  'feedback.error.contentTooLong': '问题描述最多 {max} 个字，请精简后再提交',
  'feedback.error.contact': '联系方式最多 {max} 个字符',
  'feedback.error.uploading': '图片还在上传，请稍候再提交',
  'feedback.error.uploadFailed': '有图片上传失败：点击该图片重试，或删除后再提交',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'feedback.loginFirst': 'Log in to send feedback and read our replies',
  'feedback.category.label': 'Topic',
  'feedback.content.label': 'What happened',
  'feedback.content.placeholder': 'Describe the problem or your suggestion so we can help quickly',
  'feedback.content.count': '{count}/{max}',
  'feedback.images.label': 'Pictures (optional, up to {max})',
  'feedback.images.add': 'Add',
  'feedback.images.uploading': 'Uploading',
  'feedback.images.failed': 'Failed\nTap to retry',
  'feedback.images.remove': 'Remove picture',
  'feedback.contact.label': 'Contact (optional)',
  'feedback.contact.placeholder': 'Phone, WeChat ID or e-mail for our reply',
  'feedback.submit': 'Send feedback',
  'feedback.submitted': 'Feedback sent',
  'feedback.error.category': 'Choose a topic for your feedback',
  'feedback.error.content': 'Describe the problem before sending',
  'feedback.error.contentTooLong': 'The description can be at most {max} characters: shorten it, then send',
  'feedback.error.contact': 'The contact can be at most {max} characters',
  'feedback.error.uploading': 'Pictures are still uploading: wait a moment, then send',
  'feedback.error.uploadFailed': 'A picture failed to upload: tap it to retry, or remove it, then send',
};

export const feedbackMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
