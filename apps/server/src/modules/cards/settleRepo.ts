/** What settling and crediting a card read: the rates that price it, its owner, and the credits still due. */
import { CardStatus, SettlementStatus } from '@maika/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cardOrders, cards, faceValues } from '../../db/schema';

/** The rate of a face value of a card type, enabled or not; undefined when the type has no such value. */
export async function rateOfFaceValue(db: Queryable, cardTypeId: number, faceValueFen: number): Promise<number | undefined> {
  const [row] = await db
    .select({ rateBp: faceValues.rateBp })
    .from(faceValues)
    .where(and(eq(faceValues.cardTypeId, cardTypeId), eq(faceValues.faceValueFen, faceValueFen)));
  return row?.rateBp;
}

/** The users a card's credit pays: its owner, and the owner's referrer (the rebate) if any. */
export async function creditedUsersOf(db: Queryable, cardId: number): Promise<number[]> {
  const { rows } = await db.execute<{ userId: number; referrerId: number | null }>(sql`
    select c.user_id as "userId", u.referrer_id as "referrerId" from cards c join users u on u.id = c.user_id where c.id = ${cardId}`);
  const row = rows[0];
  if (!row) return [];
  return row.referrerId === null ? [row.userId] : [row.userId, row.referrerId];
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
