import {
  carrierByCode,
  CardStatus,
  cardStatusTable,
  Code,
  FILTER_ALL,
  ShipmentStatus,
  type AppealBody,
  type CarrierCode,
  type Locale,
  type LocalizedText,
  type LogisticsBody,
  type OrderDetail,
  type OrderListQuery,
} from '@maika/shared';
import type { Tx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { APPEAL_WINDOW_DAYS, appealWindowEnd, canAppeal, canMoveCard } from './stateMachine';
import { beijingTime } from '../../lib/csv';
import {
  cardsOfOrders,
  findUserCardForUpdate,
  findUserOrder,
  hasLiveTwin,
  recordShipment,
  updateCard,
  userOrderPageJson,
  type CardRow,
} from './repo';
import { toOrder, toOrderCard, type CardView, type LogisticsView, type OrderView } from './view';

/** The JSON text of the user's order list page (`OrderList`) as the database built it (see `orderListIn`). */
export async function listOrdersJson(
  deps: Deps,
  userId: number,
  q: OrderListQuery,
  locale: Locale,
): Promise<{ page: string; keyedReasons: boolean }> {
  const status = q.status === FILTER_ALL ? null : q.status;
  return userOrderPageJson(deps.database.pool, userId, status, q.pageSize, offsetOf(q), locale);
}

/** `locale` picks the card type's name column (operator-written data); the cards' reasons are rendered at the edge. */
export async function getOrderDetail(
  deps: Deps,
  userId: number,
  orderId: number,
  locale: Locale,
): Promise<Omit<OrderDetail, 'order'> & { order: OrderView }> {
  const db = deps.database.db;
  const row = await findUserOrder(db, userId, orderId, locale);
  if (!row) throw notFound('thing.order');
  const { order } = row;
  const logistics = order.carrier && order.trackingNo ? { carrier: order.carrier as CarrierCode, trackingNo: order.trackingNo } : null;
  return { order: toOrder(row, await cardsOfOrders(db, [order.id])), logistics };
}

/** A card status in both languages, for a message param. */
export const cardStatusLabel = (status: number): LocalizedText =>
  cardStatusTable.byCode(status)?.label ?? { 'zh-CN': String(status), 'en-US': String(status) };

/** Once per card, from rejected; the review team answers (admin appeals). */
export async function appealCard(deps: Deps, userId: number, body: AppealBody): Promise<CardView> {
  return deps.database.db.transaction(async (tx) => {
    const card = await findUserCardForUpdate(tx, userId, body.cardId);
    if (!card) throw notFound('thing.card');
    const appealable = card.appealedAt === null && canMoveCard(card.status as CardStatus, CardStatus.UnderAppeal);
    if (!appealable) throw new AppError(Code.CardAppealNotAllowed, { status: cardStatusLabel(card.status) }, { status: card.status });
    if (!canAppeal(card)) {
      const until = beijingTime(appealWindowEnd(card).toISOString())!.slice(0, 16);
      throw new AppError(Code.CardAppealWindowClosed, { until, days: APPEAL_WINDOW_DAYS });
    }
    return toOrderCard(await reviveForAppeal(tx, card, body.reason));
  });
}

/**
 * A rejected card is outside the one-live-copy-per-card index; its appeal brings it back in.
 * When another copy is live (a twin submitted again, or appealed first) the appeal is refused:
 * seen by the check, or, when the twin's transaction was still open, by the index itself.
 */
async function reviveForAppeal(tx: Tx, card: CardRow, reason: string): Promise<CardRow> {
  if (card.status === CardStatus.Rejected && (await hasLiveTwin(tx, card))) throw new AppError(Code.CardTwinLive);
  try {
    return await updateCard(tx, card.id, {
      status: CardStatus.UnderAppeal,
      statusBeforeAppeal: card.status,
      appealReason: reason,
      appealedAt: new Date(),
    });
  } catch (error) {
    if (uniqueViolation(error) === 'cards_fingerprint_live_key') throw new AppError(Code.CardTwinLive, {}, null, error);
    throw error;
  }
}

/**
 * Physical cards only: the order is then in transit. Recording it again replaces the carrier and
 * number (a typo fixed), until the cards are received.
 */
export async function recordLogistics(deps: Deps, userId: number, body: LogisticsBody): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const row = await findUserOrder(tx, userId, body.orderId);
    if (!row) throw notFound('thing.order');
    if (!row.order.physical) throw new AppError(Code.OrderNotPhysical);
    // Received cards are being checked against this parcel: its number is no longer the seller's to change.
    if (!(await recordShipment(tx, userId, body.orderId, body.carrier, body.trackingNo.toUpperCase())))
      throw new AppError(Code.ShipmentTrackingLocked);
  });
}

export async function getLogisticsInfo(deps: Deps, userId: number, orderId: number): Promise<LogisticsView> {
  const row = await findUserOrder(deps.database.db, userId, orderId);
  if (!row) throw notFound('thing.order');
  const { carrier, trackingNo, shippedAt, shipmentStatus, receivedAt } = row.order;
  if (!row.order.physical) throw new AppError(Code.OrderNotPhysical);
  const known = carrier ? carrierByCode(carrier) : undefined;
  if (!known || !trackingNo || !shippedAt) throw new AppError(Code.OrderLogisticsMissing);
  const events = await deps.logistics.track({ carrier: known.code, trackingNo, shippedAt });
  return {
    carrier: known.code,
    trackingNo,
    shipmentStatus: shipmentStatus === ShipmentStatus.Received ? ShipmentStatus.Received : ShipmentStatus.InTransit,
    receivedAt: receivedAt?.toISOString() ?? null,
    events: events.map((e) => ({ time: e.time.toISOString(), text: e.text })),
  };
}
