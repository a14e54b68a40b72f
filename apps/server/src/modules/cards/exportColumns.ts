/** What the cards export carries: masked card numbers only, the details the seller gave, money in yuan, Beijing time. */
import { cardDetailFields, cardFieldLabels, cardStatusTable, renderStoredText, settlementStatusTable, type AdminCard } from '@maika/shared';
import { beijingTime, codeLabel, exportHeader as h, yuan, type Column } from '../../lib/csv';
import type { CardView } from './view';

export const cardColumns: readonly Column<CardView<AdminCard>>[] = [
  { header: h('export.card.id'), value: (c) => c.id },
  { header: h('export.card.orderNo'), value: (c) => c.orderNo },
  { header: h('export.card.userId'), value: (c) => c.userId },
  { header: h('export.card.phone'), value: (c) => c.userPhone },
  { header: h('export.card.goodsName'), value: (c) => c.goodsName },
  { header: h('export.card.cardNoMasked'), value: (c) => c.cardNoMasked },
  ...cardDetailFields.map((field): Column<CardView<AdminCard>> => ({ header: cardFieldLabels[field], value: (c) => c[field] ?? null })),
  { header: h('export.card.declaredValue'), value: (c) => yuan(c.declaredFaceValueFen) },
  { header: h('export.card.actualValue'), value: (c) => yuan(c.actualFaceValueFen) },
  { header: h('export.card.settlement'), value: (c) => yuan(c.settlementFen) },
  { header: h('export.card.status'), value: (c, l) => codeLabel(cardStatusTable, c.status, l) },
  { header: h('export.card.settlementStatus'), value: (c, l) => codeLabel(settlementStatusTable, c.settlementStatus, l) },
  { header: h('export.card.rejectReason'), value: (c, l) => (c.rejectReason === null ? null : renderStoredText(c.rejectReason, l)) },
  { header: h('export.card.submittedAt'), value: (c) => beijingTime(c.createdAt) },
  { header: h('export.card.reviewedAt'), value: (c) => beijingTime(c.reviewedAt) },
];
