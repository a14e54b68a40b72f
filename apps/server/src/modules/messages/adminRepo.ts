import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DeliveryStatus } from '@maika/shared';
import type { Queryable } from '../../db/client';
import { messageDeliveries, messages, users } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type DeliveryRow = typeof messageDeliveries.$inferSelect;

export async function userExists(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** One page of a user's messages, newest first (a renewed message counts from its renewal). */
export async function listUserMessages(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ list: MessageRow[]; total: number }> {
  const list = await db
    .select()
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(messages).where(eq(messages.userId, userId));
  return { list, total: counted?.total ?? 0 };
}

/** The deliveries of some messages, in channel order within each. */
export async function listDeliveries(db: Queryable, messageIds: readonly number[]): Promise<DeliveryRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageDeliveries)
    .where(inArray(messageDeliveries.messageId, [...messageIds]))
    .orderBy(messageDeliveries.messageId, messageDeliveries.channel);
}

export async function findDelivery(db: Queryable, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id));
  return row;
}

/**
 * A failed delivery back to waiting, due now, with its tries counted afresh so a busy vendor gets
 * the retries a new delivery gets (the last answer stays until the next). The status is in the condition, so of two resends
 * racing the second waits for the first's row lock, finds it waiting and changes nothing.
 */
export async function reopenFailedDelivery(db: Queryable, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(messageDeliveries)
    .set({ status: DeliveryStatus.Pending, attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(messageDeliveries.id, id), eq(messageDeliveries.status, DeliveryStatus.Failed)))
    .returning();
  return row;
}
