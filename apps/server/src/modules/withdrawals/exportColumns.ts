/** What the withdrawals export carries: masked payee accounts only, money in yuan, Beijing time. */
import { payeeChannelTable, renderStoredText, withdrawalStatusTable, type AdminWithdrawal } from '@maika/shared';
import { beijingTime, codeLabel, exportHeader as h, yuan, type Column } from '../../lib/csv';
import type { WithdrawalView } from './service';

export const withdrawalColumns: readonly Column<WithdrawalView<AdminWithdrawal>>[] = [
  { header: h('export.withdrawal.id'), value: (w) => w.id },
  { header: h('export.withdrawal.orderNo'), value: (w) => w.orderNo },
  { header: h('export.withdrawal.userId'), value: (w) => w.userId },
  { header: h('export.withdrawal.phone'), value: (w) => w.userPhone },
  { header: h('export.withdrawal.channel'), value: (w, l) => codeLabel(payeeChannelTable, w.channel, l) },
  { header: h('export.withdrawal.payeeName'), value: (w) => w.payeeName },
  { header: h('export.withdrawal.payeeAccount'), value: (w) => w.payeeAccount },
  { header: h('export.withdrawal.amount'), value: (w) => yuan(w.amountFen) },
  { header: h('export.withdrawal.fee'), value: (w) => yuan(w.feeFen) },
  { header: h('export.withdrawal.status'), value: (w, l) => codeLabel(withdrawalStatusTable, w.status, l) },
  { header: h('export.withdrawal.failReason'), value: (w, l) => (w.failReason === null ? null : renderStoredText(w.failReason, l)) },
  { header: h('export.withdrawal.requestedAt'), value: (w) => beijingTime(w.createdAt) },
  { header: h('export.withdrawal.paidAt'), value: (w) => beijingTime(w.paidAt) },
];
