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
} from '@maika/shared';
import type { WithdrawalView } from '../withdrawals';
import { beijingTime, yuan, type Column } from './csv';

const h = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const label = (table: EnumTable<EnumEntry>, code: number, locale: Locale) => table.byCode(code)?.label[locale] ?? String(code);
const yesNo = (value: boolean, locale: Locale) => (locale === 'zh-CN' ? (value ? '是' : '否') : value ? 'yes' : 'no');

export const cardColumns: readonly Column<AdminCard>[] = [
  { header: h('卡ID', 'Card id'), value: (c) => c.id },
  { header: h('订单号', 'Order no.'), value: (c) => c.orderNo },
  { header: h('用户ID', 'User id'), value: (c) => c.userId },
  { header: h('手机号', 'Phone'), value: (c) => c.userPhone },
  { header: h('卡种', 'Card type'), value: (c) => c.goodsName },
  { header: h('卡号（脱敏）', 'Card no. (masked)'), value: (c) => c.cardNoMasked },
  { header: h('申报面值（元）', 'Declared value (yuan)'), value: (c) => yuan(c.declaredFaceValueFen) },
  { header: h('实际面值（元）', 'Actual value (yuan)'), value: (c) => yuan(c.actualFaceValueFen) },
  { header: h('结算金额（元）', 'Settlement (yuan)'), value: (c) => yuan(c.settlementFen) },
  { header: h('状态', 'Status'), value: (c, l) => label(cardStatusTable, c.status, l) },
  { header: h('结算状态', 'Settlement'), value: (c, l) => label(settlementStatusTable, c.settlementStatus, l) },
  { header: h('驳回原因', 'Reject reason'), value: (c) => c.rejectReason },
  { header: h('提交时间', 'Submitted at'), value: (c) => beijingTime(c.createdAt) },
  { header: h('审核时间', 'Reviewed at'), value: (c) => beijingTime(c.reviewedAt) },
];

export const withdrawalColumns: readonly Column<WithdrawalView<AdminWithdrawal>>[] = [
  { header: h('提现ID', 'Withdrawal id'), value: (w) => w.id },
  { header: h('提现单号', 'Order no.'), value: (w) => w.orderNo },
  { header: h('用户ID', 'User id'), value: (w) => w.userId },
  { header: h('手机号', 'Phone'), value: (w) => w.userPhone },
  { header: h('渠道', 'Channel'), value: (w, l) => label(payeeChannelTable, w.channel, l) },
  { header: h('收款人（脱敏）', 'Payee (masked)'), value: (w) => w.payeeName },
  { header: h('收款账号（脱敏）', 'Account (masked)'), value: (w) => w.payeeAccount },
  { header: h('提现金额（元）', 'Amount (yuan)'), value: (w) => yuan(w.amountFen) },
  { header: h('手续费（元）', 'Fee (yuan)'), value: (w) => yuan(w.feeFen) },
  { header: h('状态', 'Status'), value: (w, l) => label(withdrawalStatusTable, w.status, l) },
  { header: h('失败原因', 'Failure reason'), value: (w, l) => (w.failReason === null ? null : renderStoredText(w.failReason, l)) },
  { header: h('申请时间', 'Requested at'), value: (w) => beijingTime(w.createdAt) },
  { header: h('打款时间', 'Paid at'), value: (w) => beijingTime(w.paidAt) },
];

export const userColumns: readonly Column<AdminUser>[] = [
  { header: h('用户ID', 'User id'), value: (u) => u.id },
  { header: h('手机号', 'Phone'), value: (u) => u.phone },
  { header: h('昵称', 'Nickname'), value: (u) => u.nickname },
  { header: h('状态', 'Status'), value: (u, l) => label(accountStatusTable, u.status, l) },
  { header: h('已实名', 'Verified'), value: (u, l) => yesNo(u.verified, l) },
  { header: h('推荐人ID', 'Referrer id'), value: (u) => u.referrerId },
  { header: h('可用余额（元）', 'Available (yuan)'), value: (u) => yuan(u.availableFen) },
  { header: h('注册时间', 'Joined at'), value: (u) => beijingTime(u.createdAt) },
];
