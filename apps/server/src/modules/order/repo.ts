import { defaultLocale, ShipmentStatus, type Locale } from '@maika/shared';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { localized } from '../../db/localized';
import { cardOrders, cards, cardTypes, faceValues } from '../../db/schema';

export type OrderRow = typeof cardOrders.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type NewCard = typeof cards.$inferInsert;

/** Midnight in China, where "today" of a daily cap is counted. */
const startOfChinaDay = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

export async function findFaceValue(db: Queryable, cardTypeId: number, faceValueFen: number) {
  const [row] = await db
    .select({ rateBp: faceValues.rateBp, enabled: faceValues.enabled })
    .from(faceValues)
    .where(and(eq(faceValues.cardTypeId, cardTypeId), eq(faceValues.faceValueFen, faceValueFen)));
  return row;
}

export async function findUserOrderByKey(db: Queryable, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.userId, userId), eq(cardOrders.idempotencyKey, idempotencyKey)));
  return row;
}

/** Cards this user submitted today of this type, whatever became of them. */
export async function countCardsToday(db: Queryable, userId: number, cardTypeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.userId, userId), eq(cards.cardTypeId, cardTypeId), sql`${cards.createdAt} >= ${startOfChinaDay}`));
  return row?.n ?? 0;
}

/** Which of these fingerprints belong to a card submitted by anyone and not rejected. */
export async function liveFingerprints(db: Queryable, fingerprints: Buffer[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await db
    .select({ fingerprint: cards.fingerprint })
    .from(cards)
    .where(and(inArray(cards.fingerprint, fingerprints), ne(cards.status, 2)));
  return new Set(rows.map((r) => r.fingerprint.toString('hex')));
}

/** Whether another copy of this card (same fingerprint) is submitted and not rejected. */
export async function hasLiveTwin(db: Queryable, card: Pick<CardRow, 'id' | 'fingerprint'>): Promise<boolean> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.fingerprint, card.fingerprint), ne(cards.status, 2), ne(cards.id, card.id)))
    .limit(1);
  return rows.length > 0;
}

/** Serialises one user's submissions, so the daily cap and the idempotency key hold under concurrency. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function insertOrder(tx: Tx, row: typeof cardOrders.$inferInsert): Promise<OrderRow> {
  const [created] = await tx.insert(cardOrders).values(row).returning();
  return created!;
}

export async function insertCards(tx: Tx, rows: NewCard[]): Promise<void> {
  // 1000 rows × 15 columns stays far below PostgreSQL's 65535 parameters.
  await tx.insert(cards).values(rows);
}

const orderColumns = (locale: Locale) => ({
  order: cardOrders,
  goodsName: localized<string>(cardTypes.name, cardTypes.nameEn, locale),
  goodsLogo: cardTypes.logo,
});

/** A user's orders, newest first; with a status, only orders having a card in it. */
export async function listUserOrders(db: Queryable, userId: number, status: number | null, limit: number, offset: number, locale: Locale) {
  const where = and(
    eq(cardOrders.userId, userId),
    status === null ? undefined : sql`exists (select 1 from cards c where c.order_id = ${cardOrders.id} and c.status = ${status})`,
  );
  const [list, [counted]] = await Promise.all([
    db.select(orderColumns(locale)).from(cardOrders).innerJoin(cardTypes, eq(cardTypes.id, cardOrders.cardTypeId)).where(where).orderBy(desc(cardOrders.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(cardOrders).where(where),
  ]);
  return { list, total: counted?.total ?? 0 };
}

export async function findUserOrder(db: Queryable, userId: number, orderId: number, locale: Locale = defaultLocale) {
  const [row] = await db
    .select(orderColumns(locale))
    .from(cardOrders)
    .innerJoin(cardTypes, eq(cardTypes.id, cardOrders.cardTypeId))
    .where(and(eq(cardOrders.id, orderId), eq(cardOrders.userId, userId)));
  return row;
}

export async function cardsOfOrders(db: Queryable, orderIds: number[]): Promise<CardRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(cards).where(inArray(cards.orderId, orderIds)).orderBy(asc(cards.orderId), asc(cards.lineNo));
}

/** One of the user's cards, locked for a change when `tx` is a transaction. */
export async function findUserCardForUpdate(tx: Tx, userId: number, cardId: number): Promise<CardRow | undefined> {
  const [row] = await tx.select().from(cards).where(and(eq(cards.id, cardId), eq(cards.userId, userId))).for('update');
  return row;
}

export async function findCardForUpdate(tx: Tx, cardId: number): Promise<CardRow | undefined> {
  const [row] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
  return row;
}

export async function updateCard(tx: Tx, cardId: number, patch: Partial<NewCard>): Promise<CardRow> {
  const [row] = await tx
    .update(cards)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(cards.id, cardId))
    .returning();
  return row!;
}

/**
 * Records (or corrects) how the parcel was sent; the order is then in transit. Refused (false)
 * once the cards were received, so the shipment behind a check never changes.
 */
export async function recordShipment(tx: Tx, userId: number, orderId: number, carrier: string, trackingNo: string): Promise<boolean> {
  const rows = await tx
    .update(cardOrders)
    .set({ carrier, trackingNo, shippedAt: new Date(), shipmentStatus: ShipmentStatus.InTransit })
    .where(and(eq(cardOrders.id, orderId), eq(cardOrders.userId, userId), inArray(cardOrders.shipmentStatus, [ShipmentStatus.AwaitingShipment, ShipmentStatus.InTransit])))
    .returning({ id: cardOrders.id });
  return rows.length === 1;
}

/**
 * Awaiting shipment or in transit to received, in one conditional update: of two operators (or an
 * operator and the carrier poll) marking it at once exactly one wins. False when it was not waiting.
 */
export async function markOrderReceived(tx: Tx, orderId: number, receivedBy: number | null): Promise<boolean> {
  const rows = await tx
    .update(cardOrders)
    .set({ shipmentStatus: ShipmentStatus.Received, receivedAt: new Date(), receivedBy })
    .where(and(eq(cardOrders.id, orderId), eq(cardOrders.physical, true), inArray(cardOrders.shipmentStatus, [ShipmentStatus.AwaitingShipment, ShipmentStatus.InTransit])))
    .returning({ id: cardOrders.id });
  return rows.length === 1;
}

export async function findOrder(db: Queryable, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
  return row;
}

/** Parcels in transit, longest on the road first, for the carrier's delivery reports. */
export async function ordersInTransit(db: Queryable, limit: number): Promise<OrderRow[]> {
  return db.select().from(cardOrders).where(eq(cardOrders.shipmentStatus, ShipmentStatus.InTransit)).orderBy(asc(cardOrders.shippedAt)).limit(limit);
}

/** Cards under review: unreviewed or under appeal (status 0 or 4). */
export async function openCardsCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.userId, userId), inArray(cards.status, [0, 4])));
  return row?.n ?? 0;
}
