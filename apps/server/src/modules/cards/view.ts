/**
 * Rows to the API shapes of packages/shared/src/api/cards.ts. A card's reason stays a stored text
 * (a catalogue reference or what was typed) until the edge renders it for the reader (`cardIn`).
 */
import {
  applyRateBp,
  carrierByCode,
  cardDetailsOf,
  CardStatus,
  isCardInProgress,
  isTextKey,
  renderStoredText,
  type Locale,
  type LogisticsInfo,
  type Order,
  type OrderCard,
  type OrderStatusCount,
  type OrderSummary,
  type StoredText,
} from '@maika/shared';
import { canAppeal } from './stateMachine';
import type { CardRow, OrderRow } from './repo';

/** A card as services hand it out: its reason not yet in a language. */
export type CardView<C extends OrderCard = OrderCard> = Omit<C, 'rejectReason'> & { rejectReason: StoredText | null };
export type OrderView = Omit<Order, 'cards'> & { cards: CardView[] };
type OrderSummaryView = Omit<OrderSummary, 'matchingCards'> & { matchingCards: CardView[] };

/** A card's reason as stored: its catalogue key, else the text given. */
export function rejectReasonOf(card: Pick<CardRow, 'rejectReason' | 'rejectReasonKey' | 'rejectReasonParams'>): StoredText | null {
  if (isTextKey(card.rejectReasonKey))
    return { key: card.rejectReasonKey, ...(card.rejectReasonParams ? { params: card.rejectReasonParams } : {}) };
  return card.rejectReason;
}

/** The card in the reader's language. */
export function cardIn<C extends OrderCard>(view: CardView<C>, locale: Locale): C {
  return { ...view, rejectReason: view.rejectReason === null ? null : renderStoredText(view.rejectReason, locale) } as C;
}

export function orderIn(view: OrderView, locale: Locale): Order {
  return { ...view, cards: view.cards.map((c) => cardIn(c, locale)) };
}

/**
 * The order list page's JSON text in the reader's language. Most pages hold no reason kept as a
 * catalogue key and go out as the database built them; the few that do are rendered card by card.
 */
export function orderListIn(list: { page: string; keyedReasons: boolean }, locale: Locale): string {
  if (!list.keyedReasons) return list.page;
  const page = JSON.parse(list.page) as { list: OrderSummaryView[]; total: number };
  const rendered = page.list.map((order) => ({ ...order, matchingCards: order.matchingCards.map((c) => cardIn(c, locale)) }));
  return JSON.stringify({ ...page, list: rendered });
}

/** A shipment's tracking as services hand it out: the carrier by code, the events' texts not yet in a language. */
export type LogisticsView = Omit<LogisticsInfo, 'carrierName' | 'events'> & { events: { time: string; text: StoredText }[] };

export function logisticsIn(view: LogisticsView, locale: Locale): LogisticsInfo {
  return {
    carrier: view.carrier,
    carrierName: carrierByCode(view.carrier)!.name[locale],
    trackingNo: view.trackingNo,
    shipmentStatus: view.shipmentStatus,
    receivedAt: view.receivedAt,
    events: view.events.map((e) => ({ time: e.time, text: renderStoredText(e.text, locale) })),
  };
}

export function toOrderCard(card: CardRow): CardView {
  return {
    id: card.id,
    cardNoMasked: card.maskedNo,
    status: card.status as OrderCard['status'],
    settlementStatus: card.settlementStatus as OrderCard['settlementStatus'],
    declaredFaceValueFen: card.declaredFaceValueFen,
    actualFaceValueFen: card.actualFaceValueFen,
    settlementFen: card.settlementFen,
    rejectReason: rejectReasonOf(card),
    appealReason: card.appealReason,
    appealReply: card.appealReply,
    canAppeal: canAppeal(card),
    updatedAt: card.updatedAt.toISOString(),
    ...cardDetailsOf(card),
  };
}

/** Statuses that hold at least one of these cards, in code order, with how many. */
function statusCountsOf(cards: CardRow[]): OrderStatusCount[] {
  const counts = new Map<number, number>();
  for (const card of cards) counts.set(card.status, (counts.get(card.status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, count]) => ({ status: status as OrderStatusCount['status'], count }));
}

export function toOrder(row: { order: OrderRow; goodsName: string; goodsLogo: string | null }, cards: CardRow[]): OrderView {
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
    pendingCount: cards.filter((c) => isCardInProgress(c.status)).length,
    expectedFen: order.cardCount * applyRateBp(order.faceValueFen, order.rateBp),
    settledFen: passed.reduce((sum, c) => sum + (c.settlementFen ?? 0), 0),
    physical: order.physical,
    shipmentStatus: order.shipmentStatus as Order['shipmentStatus'],
    receivedAt: order.receivedAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    statusCounts: statusCountsOf(cards),
    cards: cards.map(toOrderCard),
  };
}
