/** What settling and crediting a card read: the rates that price it, its owner, and the credits still due. */
import { CardStatus, SettlementStatus } from '@maika/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { cardOrders, cards, faceValues } from '../../db/schema';

/** The rate of a face value of a card type, enabled or not; undefined when the type has no such value. */
export async function rateOfFaceValue(db: Queryable, cardTypeId: number, faceValueFen: number): Promise<number | undefined> {
  const [row] = await db
    .select({ rateBp: faceValues.rateBp })
    .from(faceValues)
    .where(and(eq(faceValues.cardTypeId, cardTypeId), eq(faceValues.faceValueFen, faceValueFen)));
  return row?.rateBp;
}

/** These cards' owners, and the owners' referrers (paid the rebates): whom crediting them pays. */
export async function ownersOf(db: Queryable, cardIds: number[]): Promise<{ cardId: number; userId: number; referrerId: number | null }[]> {
  const { rows } = await db.execute<{ cardId: number; userId: number; referrerId: number | null }>(sql`
    select c.id as "cardId", c.user_id as "userId", u.referrer_id as "referrerId"
      from cards c join users u on u.id = c.user_id
     where c.id = any(${sql.param(cardIds)}::bigint[])`);
  return rows;
}

export type CardToCredit = {
  id: number;
  userId: number;
  orderId: number;
  status: number;
  settlementStatus: number;
  settlementFen: number | null;
};

/** These cards locked for update in id order (two batches sharing cards wait rather than deadlock), with what crediting reads. */
export async function lockCardsToCredit(tx: Tx, cardIds: number[]): Promise<CardToCredit[]> {
  const { rows } = await tx.execute<CardToCredit>(sql`
    select id, user_id as "userId", order_id as "orderId", status, settlement_status as "settlementStatus", settlement_fen as "settlementFen"
      from cards where id = any(${sql.param(cardIds)}::bigint[]) order by id for update`);
  return rows;
}

/** The cards' settlement marked credited, in one statement. */
export async function markCardsCredited(tx: Tx, cardIds: number[]): Promise<void> {
  await tx.execute(sql`
    update cards set settlement_status = ${SettlementStatus.Credited}, credited_at = now(), updated_at = now()
     where id = any(${sql.param(cardIds)}::bigint[])`);
}

export async function orderRateBp(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db.select({ rateBp: cardOrders.rateBp }).from(cardOrders).where(eq(cardOrders.id, orderId));
  return row!.rateBp;
}

/** Passed cards whose credit job has not run `olderThanSeconds` after it was queued. */
export async function cardsAwaitingCredit(db: Queryable, olderThanSeconds: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      sql`${cards.status} = ${CardStatus.Passed} and ${cards.settlementStatus} = ${SettlementStatus.PendingCredit} and ${cards.updatedAt} < now() - make_interval(secs => ${olderThanSeconds})`,
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
