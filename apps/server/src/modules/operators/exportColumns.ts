/** What each export carries: masked card numbers and payee accounts only, money in yuan, Beijing time. */
import {
  accountStatusTable,
  cardStatusTable,
  payeeChannelTable,
  settlementStatusTable,
  withdrawalStatusTable,
  type AdminCard,
  type AdminUser,
  type AdminWithdrawal,
  type EnumEntry,
  type EnumTable,
  type Locale,
  renderStoredText,
  renderText,
  textCatalogue,
  type TextKey,
} from '@maika/shared';
import type { CardView } from '../cards';
import type { WithdrawalView } from '../withdrawals';
import { beijingTime, yuan, type Column } from './csv';

/** A header from the catalogue, rendered in the operator's language when the file is written. */
const h = (key: TextKey & `export.${string}`) => textCatalogue[key];
const label = (table: EnumTable<EnumEntry>, code: number, locale: Locale) => table.byCode(code)?.label[locale] ?? String(code);
const yesNo = (value: boolean, locale: Locale) => renderText({ key: value ? 'export.yes' : 'export.no' }, locale);

export const cardColumns: readonly Column<CardView<AdminCard>>[] = [
  { header: h('export.card.id'), value: (c) => c.id },
  { header: h('export.card.orderNo'), value: (c) => c.orderNo },
  { header: h('export.card.userId'), value: (c) => c.userId },
  { header: h('export.card.phone'), value: (c) => c.userPhone },
  { header: h('export.card.goodsName'), value: (c) => c.goodsName },
  { header: h('export.card.cardNoMasked'), value: (c) => c.cardNoMasked },
  { header: h('export.card.declaredValue'), value: (c) => yuan(c.declaredFaceValueFen) },
  { header: h('export.card.actualValue'), value: (c) => yuan(c.actualFaceValueFen) },
  { header: h('export.card.settlement'), value: (c) => yuan(c.settlementFen) },
  { header: h('export.card.status'), value: (c, l) => label(cardStatusTable, c.status, l) },
  { header: h('export.card.settlementStatus'), value: (c, l) => label(settlementStatusTable, c.settlementStatus, l) },
  { header: h('export.card.rejectReason'), value: (c, l) => (c.rejectReason === null ? null : renderStoredText(c.rejectReason, l)) },
  { header: h('export.card.submittedAt'), value: (c) => beijingTime(c.createdAt) },
  { header: h('export.card.reviewedAt'), value: (c) => beijingTime(c.reviewedAt) },
];

export const withdrawalColumns: readonly Column<WithdrawalView<AdminWithdrawal>>[] = [
  { header: h('export.withdrawal.id'), value: (w) => w.id },
  { header: h('export.withdrawal.orderNo'), value: (w) => w.orderNo },
  { header: h('export.withdrawal.userId'), value: (w) => w.userId },
  { header: h('export.withdrawal.phone'), value: (w) => w.userPhone },
  { header: h('export.withdrawal.channel'), value: (w, l) => label(payeeChannelTable, w.channel, l) },
  { header: h('export.withdrawal.payeeName'), value: (w) => w.payeeName },
  { header: h('export.withdrawal.payeeAccount'), value: (w) => w.payeeAccount },
  { header: h('export.withdrawal.amount'), value: (w) => yuan(w.amountFen) },
  { header: h('export.withdrawal.fee'), value: (w) => yuan(w.feeFen) },
  { header: h('export.withdrawal.status'), value: (w, l) => label(withdrawalStatusTable, w.status, l) },
  { header: h('export.withdrawal.failReason'), value: (w, l) => (w.failReason === null ? null : renderStoredText(w.failReason, l)) },
  { header: h('export.withdrawal.requestedAt'), value: (w) => beijingTime(w.createdAt) },
  { header: h('export.withdrawal.paidAt'), value: (w) => beijingTime(w.paidAt) },
];

export const userColumns: readonly Column<AdminUser>[] = [
  { header: h('export.user.id'), value: (u) => u.id },
  { header: h('export.user.phone'), value: (u) => u.phone },
  { header: h('export.user.nickname'), value: (u) => u.nickname },
  { header: h('export.user.status'), value: (u, l) => label(accountStatusTable, u.status, l) },
  { header: h('export.user.verified'), value: (u, l) => yesNo(u.verified, l) },
  { header: h('export.user.referrerId'), value: (u) => u.referrerId },
  { header: h('export.user.available'), value: (u) => yuan(u.availableFen) },
  { header: h('export.user.joinedAt'), value: (u) => beijingTime(u.createdAt) },
];
