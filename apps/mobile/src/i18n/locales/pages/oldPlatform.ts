/**
 * The old platform page's own texts. Only that page shows them, so they ship with its code, in its
 * subpackage on the mini-programs; the page adds them when its code loads (addPageMessages in
 * i18n/messages.ts).
 */
const zhCN = {
  'oldPlatform.heading': '旧版平台入口',
  'oldPlatform.body': '卖卡已升级到新平台。如需查看升级前在旧平台提交的订单或余额，可以通过下面的地址访问旧版平台。',
  'oldPlatform.linkLabel': '旧平台地址',
  'oldPlatform.open': '打开旧平台',
  'oldPlatform.copy': '复制链接',
  'oldPlatform.copied': '链接已复制，请在浏览器中打开',
  'oldPlatform.miniProgramHint': '小程序内无法打开外部网页，请复制链接后在手机浏览器中访问。',
  'oldPlatform.newCards': '新的卡券请在本平台提交，旧平台仅供查询。',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'oldPlatform.heading': 'The old platform',
  'oldPlatform.body':
    'Maika has moved to this new platform. To look up orders or a balance from before the move, visit the old platform at the address below.',
  'oldPlatform.linkLabel': 'Old platform address',
  'oldPlatform.open': 'Open the old platform',
  'oldPlatform.copy': 'Copy the link',
  'oldPlatform.copied': 'Link copied; open it in your browser',
  'oldPlatform.miniProgramHint': 'Mini-programs cannot open outside web pages: copy the link and open it in a browser on your phone.',
  'oldPlatform.newCards': 'Sell new cards here; the old platform is for looking things up only.',
};

export const oldPlatformMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
