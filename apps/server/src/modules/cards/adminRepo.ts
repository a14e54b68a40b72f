/** Card queries for the review console: every card, whoever owns it. */
import { CardStatus, ShipmentStatus } from '@maika/shared';
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cardOrders, cards, cardTypes, users } from '../../db/schema';

export interface AdminCardFilter {
  status: CardStatus | null;
  /** Only the cards a reviewer can decide now (`awaitingReview`). */
  awaitingReview?: boolean;
  goodsId?: number;
  phone?: string;
  userId?: number;
  from?: string;
  to?: string;
}

const notArrived = sql.raw(`${ShipmentStatus.AwaitingShipment}, ${ShipmentStatus.InTransit}`);

/**
 * Cards a reviewer can decide now: in manual review (abnormal), or unreviewed and in our hands:
 * electronic, or mailed and received (a parcel on its way has nothing to judge yet). The review
 * queue and the dashboard's to-do count.
 */
export const awaitingReview: SQL = sql`(${cards.status} = ${CardStatus.Abnormal} or (${cards.status} = ${CardStatus.Unreviewed}
  and not exists (select 1 from card_orders o where o.id = ${cards.orderId} and o.shipment_status in (${notArrived}))))`;

const columns = {
  card: cards,
  /** Unreviewed and mailed, the parcel not received yet. */
  awaitingReceipt: sql<boolean>`(${cards.status} = ${CardStatus.Unreviewed} and coalesce(${cardOrders.shipmentStatus} in (${notArrived}), false))`,
  orderNo: cardOrders.orderNo,
  rateBp: cardOrders.rateBp,
  userPhone: users.phone,
  goodsName: cardTypes.name,
};

function whereOf(f: AdminCardFilter): SQL | undefined {
  return and(
    f.status === null ? undefined : eq(cards.status, f.status),
    f.awaitingReview ? awaitingReview : undefined,
    f.goodsId ? eq(cards.cardTypeId, f.goodsId) : undefined,
    f.phone ? sql`${users.phone} like ${`%${f.phone}%`}` : undefined,
    f.userId ? eq(cards.userId, f.userId) : undefined,
    f.from ? gte(cards.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(cards.createdAt, new Date(f.to)) : undefined,
  );
}

const joined = (db: Queryable) =>
  db
    .select(columns)
    .from(cards)
    .innerJoin(cardOrders, eq(cardOrders.id, cards.orderId))
    .innerJoin(users, eq(users.id, cards.userId))
    .innerJoin(cardTypes, eq(cardTypes.id, cards.cardTypeId));

export type AdminCardRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export async function listAdminCards(db: Queryable, f: AdminCardFilter, limit: number, offset: number) {
  const where = whereOf(f);
  const [list, [counted]] = await Promise.all([
    joined(db).where(where).orderBy(desc(cards.id)).limit(limit).offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(cards)
      .innerJoin(users, eq(users.id, cards.userId))
      .where(where),
  ]);
  return { list, total: counted?.total ?? 0 };
}

export async function findAdminCard(db: Queryable, id: number): Promise<AdminCardRow | undefined> {
  const [row] = await joined(db).where(eq(cards.id, id));
  return row;
}

/** The order of each of these cards that exists. */
export async function orderIdsOfCards(db: Queryable, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: cards.id, orderId: cards.orderId }).from(cards).where(inArray(cards.id, ids));
  return new Map(rows.map((r) => [r.id, r.orderId]));
}
