/** Rows to the API shapes of packages/shared/src/api/order.ts. */
import { applyRateBp, CardStatus, type Order, type OrderCard } from '@maika/shared';
import { canAppeal } from './stateMachine';
import type { CardRow, OrderRow } from './repo';

export function toOrderCard(card: CardRow): OrderCard {
  return {
    id: card.id,
    cardNoMasked: card.maskedNo,
    status: card.status as OrderCard['status'],
    settlementStatus: card.settlementStatus as OrderCard['settlementStatus'],
    declaredFaceValueFen: card.declaredFaceValueFen,
    actualFaceValueFen: card.actualFaceValueFen,
    settlementFen: card.settlementFen,
    rejectReason: card.rejectReason,
    appealReason: card.appealReason,
    appealReply: card.appealReply,
    canAppeal: canAppeal(card),
    updatedAt: card.updatedAt.toISOString(),
  };
}

export function toOrder(row: { order: OrderRow; goodsName: string; goodsLogo: string | null }, cards: CardRow[]): Order {
  const { order } = row;
  const passed = cards.filter((c) => c.status === CardStatus.Passed);
  return {
    id: order.id,
    orderNo: order.orderNo,
    goodsId: order.cardTypeId,
    goodsName: row.goodsName,
    goodsLogo: row.goodsLogo,
    faceValueFen: order.faceValueFen,
    rateBp: order.rateBp,
    cardCount: order.cardCount,
    passedCount: passed.length,
    pendingCount: cards.filter((c) => c.status === CardStatus.Unreviewed || c.status === CardStatus.UnderAppeal).length,
    expectedFen: order.cardCount * applyRateBp(order.faceValueFen, order.rateBp),
    settledFen: passed.reduce((sum, c) => sum + (c.settlementFen ?? 0), 0),
    physical: order.physical,
    shipmentStatus: order.shipmentStatus as Order['shipmentStatus'],
    receivedAt: order.receivedAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    cards: cards.map(toOrderCard),
  };
}
