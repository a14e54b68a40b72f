/**
 * The rebate details page's own texts (shareDetail). Only that page shows them, so they ship
 * with its code, in its subpackage on the mini-programs; the page adds them when its code loads
 * (addPageMessages in i18n/messages.ts).
 */
const zhCN = {
  'shareDetail.totals.total': '累计返佣',
  'shareDetail.totals.count': '共 {count} 笔',
  'shareDetail.card': '卡种',
  'shareDetail.settlement': '结算金额',
  'shareDetail.createdAt': '返佣时间',
  'shareDetail.status.credited': '已到账',
  'shareDetail.status.reversed': '已撤销',
  'shareDetail.status.reversal_pending': '待扣回',
  'shareDetail.empty.title': '还没有返佣记录',
  'shareDetail.empty.body': '好友卖卡到账后，您的返佣会显示在这里',
  'shareDetail.rules': '查看返佣规则',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'shareDetail.totals.total': 'Total rebates',
  'shareDetail.totals.count': '{count, plural, one {# entry} other {# entries}}',
  'shareDetail.card': 'Card',
  'shareDetail.settlement': 'Settlement',
  'shareDetail.createdAt': 'Time',
  'shareDetail.status.credited': 'Credited',
  'shareDetail.status.reversed': 'Reversed',
  'shareDetail.status.reversal_pending': 'To be deducted',
  'shareDetail.empty.title': 'No rebates yet',
  'shareDetail.empty.body': 'When a friend’s card is credited, your rebate appears here',
  'shareDetail.rules': 'Rebate rules',
};

export const shareDetailMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
