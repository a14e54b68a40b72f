import { CardStatus } from '@maika/shared';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { cardOrders, cards, channelNonces } from '../../db/schema';

/** Records a callback nonce; false when this channel used it before. */
export async function rememberNonce(tx: Tx, channel: string, nonce: string): Promise<boolean> {
  const inserted = await tx
    .insert(channelNonces)
    .values({ channel, nonce })
    .onConflictDoNothing()
    .returning({ nonce: channelNonces.nonce });
  return inserted.length === 1;
}

export async function purgeNonces(db: Queryable, olderThanSeconds: number): Promise<void> {
  await db.delete(channelNonces).where(lt(channelNonces.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`));
}

/** A card still to be handed over whose next attempt is due: never refused, not waiting out a back-off. */
const dueForHandOver = sql`${cards.status} = ${CardStatus.Unreviewed} and ${cards.channelSubmittedAt} is null and ${cards.channelRefusedAt} is null
  and (${cards.channelRetryAt} is null or ${cards.channelRetryAt} <= now())`;

/** Cards of an order not yet handed to the channel and due for it. */
export async function cardsToSubmit(db: Queryable, orderId: number) {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.orderId, orderId), dueForHandOver))
    .orderBy(asc(cards.lineNo));
}

/**
 * Takes a card due for a hand-over for `leaseSeconds`: its next hand-over is due only then, so no
 * other job hands it over meanwhile (two jobs of one order run at once when the sweep queues one
 * while a long order is still being handed over). False when another job has it or it is no longer
 * due. A card whose process died holding it is due again when the lease ends; the hand-over's
 * outcome replaces the lease.
 */
export async function claimHandOver(db: Queryable, cardId: number, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(cards)
    .set({ channelRetryAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(cards.id, cardId), dueForHandOver))
    .returning({ id: cards.id });
  return rows.length === 1;
}

/** A hand-over that got no usable answer: counted, and the next one waits `delaySeconds`. */
export async function recordHandOverFailure(db: Queryable, cardId: number, attempts: number, delaySeconds: number): Promise<void> {
  await db
    .update(cards)
    .set({ channelAttempts: attempts, channelRetryAt: sql`now() + make_interval(secs => ${delaySeconds})`, updatedAt: new Date() })
    .where(and(eq(cards.id, cardId), isNull(cards.channelSubmittedAt)));
}

/** The card stays unreviewed, out of the channel's hands, with the reason a reviewer reads. */
export async function holdForReview(db: Queryable, cardId: number, attempts: number, reason: string): Promise<void> {
  await db
    .update(cards)
    .set({
      channelAttempts: attempts,
      channelRetryAt: null,
      channelRefusal: reason.slice(0, 500),
      channelRefusedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(cards.id, cardId), isNull(cards.channelSubmittedAt)));
}

export async function markSubmitted(db: Queryable, cardId: number, channelRef: string): Promise<void> {
  await db
    .update(cards)
    .set({ channelSubmittedAt: new Date(), channelRef, channelRetryAt: null })
    .where(and(eq(cards.id, cardId), isNull(cards.channelSubmittedAt)));
}

/** Cards handed over more than `seconds` ago with no verdict yet (unreviewed or not activated). */
export async function cardsAwaitingVerdict(db: Queryable, seconds: number, limit: number) {
  return db
    .select()
    .from(cards)
    .where(
      sql`${cards.status} in (${CardStatus.Unreviewed}, ${CardStatus.NotActivated}) and ${cards.channelSubmittedAt} < now() - make_interval(secs => ${seconds})`,
    )
    .orderBy(asc(cards.channelSubmittedAt))
    .limit(limit);
}

/**
 * Orders with cards due for a hand-over `olderThanSeconds` after submission (their job was lost, or a retry is due), or for physical
 * cards that long after they were received; physical cards still on their way are not due.
 */
export async function ordersNotSubmitted(db: Queryable, olderThanSeconds: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: cards.orderId })
    .from(cards)
    .innerJoin(cardOrders, eq(cardOrders.id, cards.orderId))
    .where(
      sql`${dueForHandOver} and (not ${cardOrders.physical} or ${cardOrders.shipmentStatus} = 2)
        and greatest(${cards.createdAt}, ${cardOrders.receivedAt}) < now() - make_interval(secs => ${olderThanSeconds})`,
    )
    .limit(limit);
  return rows.map((r) => r.orderId);
}
