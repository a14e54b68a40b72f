/**
 * The withdrawal records page's own texts. Only that page shows them, so they ship with its code,
 * in its subpackage on the mini-programs; the page adds them when its code loads (addPageMessages
 * in i18n/messages.ts).
 */
const zhCN = {
  'withdrawRecord.totals.paid': '已到账',
  'withdrawRecord.totals.pending': '处理中',
  'withdrawRecord.totals.count': '{count} 笔',
  'withdrawRecord.fee': '手续费',
  'withdrawRecord.payee': '收款账户',
  'withdrawRecord.createdAt': '申请时间',
  'withdrawRecord.paidAt': '到账时间',
  'withdrawRecord.orderNo': '提现单号',
  'withdrawRecord.status.awaitingApproval': '审核中',
  'withdrawRecord.review.hint': '财务审核中，通常 {hours} 小时内完成；审核通过后即打款，未通过时金额全额退回余额',
  'withdrawRecord.failReason': '失败原因：{reason}',
  'withdrawRecord.confirm.action': '确认收款',
  'withdrawRecord.confirm.done': '已确认收款',
  'withdrawRecord.confirm.unsupported': '请将微信升级到最新版本后再确认收款',
  'withdrawRecord.confirm.openInWeChat': '这笔提现需要在微信中确认收款：请在微信小程序“卖卡”中打开提现记录并点击“确认收款”。',
  'withdrawRecord.empty.title': '还没有提现记录',
  'withdrawRecord.empty.body': '卖卡到账后即可提现，记录会显示在这里',
  'withdrawRecord.end': '没有更多记录了',
  'withdrawRecord.withdrawMore': '去提现',
  'withdrawRecord.filterEmpty.title': '没有「{status}」的提现记录',
  'withdrawRecord.filterEmpty.body': '换个状态看看，或选择「全部」',
  'withdrawRecord.focus.missing': '在您的提现记录中没有找到这笔提现',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'withdrawRecord.totals.paid': 'Paid out',
  'withdrawRecord.totals.pending': 'In progress',
  'withdrawRecord.totals.count': 'Withdrawals: {count}',
  'withdrawRecord.fee': 'Fee',
  'withdrawRecord.payee': 'Payee',
  'withdrawRecord.createdAt': 'Requested at',
  'withdrawRecord.paidAt': 'Paid at',
  'withdrawRecord.orderNo': 'Withdrawal no.',
  'withdrawRecord.status.awaitingApproval': 'Awaiting approval',
  'withdrawRecord.review.hint':
    'Finance is reviewing this withdrawal, usually within {hours} hours. Once approved it is paid; if refused, the full amount returns to your balance.',
  'withdrawRecord.failReason': 'Why it failed: {reason}',
  'withdrawRecord.confirm.action': 'Confirm receipt',
  'withdrawRecord.confirm.done': 'Receipt confirmed',
  'withdrawRecord.confirm.unsupported': 'Update WeChat to the latest version, then confirm the receipt',
  'withdrawRecord.confirm.openInWeChat':
    'This withdrawal must be confirmed in WeChat: open the withdrawal records in the Maika WeChat mini-program and tap "Confirm receipt".',
  'withdrawRecord.empty.title': 'No withdrawals yet',
  'withdrawRecord.empty.body': 'Once a sold card is credited you can withdraw it; your withdrawals show up here',
  'withdrawRecord.end': 'That is every withdrawal',
  'withdrawRecord.withdrawMore': 'Withdraw',
  'withdrawRecord.filterEmpty.title': 'No withdrawals are "{status}"',
  'withdrawRecord.filterEmpty.body': 'Pick another status, or All',
  'withdrawRecord.focus.missing': 'This withdrawal is not in your records',
};

export const withdrawRecordMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
