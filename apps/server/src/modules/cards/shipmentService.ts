/**
 * Physical cards travel before they are checked: an order waits for its shipment (awaiting
 * shipment, then in transit once the user recorded the tracking number) and its cards are handed
 * to the card channel only when it is received, marked by an operator or reported delivered by
 * the carrier. The cards stay unreviewed (status 0) meanwhile.
 */
import { carrierByCode, Code, ShipmentStatus, type AdminShipment, type AdminShipmentQuery, type CarrierCode } from '@maika/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { offsetOf } from '../../db/page';
import { admins, cardOrders, cardTypes, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { CARD_SUBMIT_QUEUE } from '../../jobs/queues';
import { findOrder, markOrderReceived, ordersInTransit } from './repo';
import { recordAudit, type AdminAction } from '../audit';
import { reportShipmentReceived } from './messageService';

const DELIVERY_POLL_BATCH = 200;

/**
 * The cards are in our hands: the order becomes received and its hand-off to the channel is
 * queued in the same transaction, so however many times this runs at once the cards are handed
 * over once, and the seller told once. `receivedBy` is the operator, or null for the carrier's delivery report.
 */
export async function markReceived(deps: Deps, orderId: number, receivedBy: number | null, audit?: AdminAction): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    if (await markOrderReceived(tx, orderId, receivedBy)) {
      await deps.jobs.send(CARD_SUBMIT_QUEUE, { orderId }, { tx });
      await reportShipmentReceived(tx, orderId);
      await recordAudit(tx, audit);
      return;
    }
    const order = await findOrder(tx, orderId);
    if (!order) throw notFound('thing.order');
    if (!order.physical) throw new AppError(Code.OrderNotPhysical);
    throw new AppError(Code.ShipmentAlreadyReceived);
  });
}

/** One round of the carrier poll: every parcel in transit its carrier reports delivered becomes received. */
export async function receiveDelivered(deps: Deps, now = new Date()): Promise<number> {
  let received = 0;
  for (const order of await ordersInTransit(deps.database.db, DELIVERY_POLL_BATCH)) {
    const carrier = order.carrier ? carrierByCode(order.carrier) : undefined;
    if (!carrier || !order.trackingNo || !order.shippedAt) continue;
    const events = await deps.logistics
      .track({ carrier: carrier.code, trackingNo: order.trackingNo, shippedAt: order.shippedAt }, now)
      .catch(() => []);
    if (!events.some((e) => e.delivered)) continue;
    try {
      await markReceived(deps, order.id, null);
      received += 1;
    } catch (e) {
      // An operator marked it received a moment ago.
      if (!(e instanceof AppError && e.code === Code.ShipmentAlreadyReceived)) throw e;
    }
  }
  return received;
}

/** Whether an order's cards may be checked: electronic cards at once, physical ones once received. */
export async function cardsArrived(db: Queryable, orderId: number): Promise<boolean> {
  const order = await findOrder(db, orderId);
  return Boolean(order && (!order.physical || order.shipmentStatus === ShipmentStatus.Received));
}

const shipmentColumns = {
  order: cardOrders,
  userPhone: users.phone,
  goodsName: cardTypes.name,
  receivedBy: admins.username,
};

async function queryShipments(
  deps: Deps,
  filter: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ list: AdminShipment[]; total: number }> {
  const db = deps.database.db;
  const where = and(eq(cardOrders.physical, true), filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select(shipmentColumns)
      .from(cardOrders)
      .innerJoin(users, eq(users.id, cardOrders.userId))
      .innerJoin(cardTypes, eq(cardTypes.id, cardOrders.cardTypeId))
      .leftJoin(admins, eq(admins.id, cardOrders.receivedBy))
      .where(where)
      .orderBy(desc(cardOrders.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(cardOrders)
      .innerJoin(users, eq(users.id, cardOrders.userId))
      .where(where),
  ]);
  return {
    list: rows.map(({ order, userPhone, goodsName, receivedBy }) => ({
      id: order.id,
      orderNo: order.orderNo,
      userId: order.userId,
      userPhone,
      goodsId: order.cardTypeId,
      goodsName,
      faceValueFen: order.faceValueFen,
      cardCount: order.cardCount,
      shipmentStatus: (order.shipmentStatus ?? ShipmentStatus.AwaitingShipment) as ShipmentStatus,
      carrier: (order.carrier as CarrierCode | null) ?? null,
      trackingNo: order.trackingNo,
      shippedAt: order.shippedAt?.toISOString() ?? null,
      receivedAt: order.receivedAt?.toISOString() ?? null,
      receivedBy,
      createdAt: order.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}

/** Physical orders for the console, newest first, by shipment state, phone, order or tracking number. */
export async function listShipments(deps: Deps, q: AdminShipmentQuery) {
  const filter = and(
    q.shipmentStatus === undefined ? undefined : eq(cardOrders.shipmentStatus, q.shipmentStatus),
    q.phone ? sql`${users.phone} like ${`%${q.phone}%`}` : undefined,
    q.search ? sql`(${cardOrders.orderNo} = ${q.search} or ${cardOrders.trackingNo} = ${q.search.toUpperCase()})` : undefined,
  );
  return queryShipments(deps, filter, q.pageSize, offsetOf(q));
}

export async function getShipment(deps: Deps, orderId: number): Promise<AdminShipment> {
  const { list } = await queryShipments(deps, eq(cardOrders.id, orderId), 1, 0);
  if (!list[0]) throw notFound('thing.order');
  return list[0];
}
