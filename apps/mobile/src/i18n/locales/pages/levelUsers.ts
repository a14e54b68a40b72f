/**
 * The invited friends page's own texts (levelUsers). Only that page shows them, so they ship with
 * its code, in its subpackage on the mini-programs; the page adds them when its code loads
 * (addPageMessages in i18n/messages.ts).
 */
const zhCN = {
  'levelUsers.summary': '共邀请 {count} 位好友',
  'levelUsers.joinedAt': '注册于 {date}',
  'levelUsers.cards': '已卖 {count} 张',
  'levelUsers.rebate': '贡献返佣',
  'levelUsers.cancelled': '已注销',
  'levelUsers.empty.title': '还没有邀请到好友',
  'levelUsers.empty.body': '分享邀请链接或海报，好友注册后会显示在这里',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'levelUsers.summary': '{count, plural, one {# friend invited} other {# friends invited}}',
  'levelUsers.joinedAt': 'Joined {date}',
  'levelUsers.cards': '{count, plural, one {# card sold} other {# cards sold}}',
  'levelUsers.rebate': 'Your rebate',
  'levelUsers.cancelled': 'Account closed',
  'levelUsers.empty.title': 'No friends invited yet',
  'levelUsers.empty.body': 'Share your invite link or poster; friends who sign up appear here',
};

export const levelUsersMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
