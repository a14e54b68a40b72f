/**
 * The outbox's SQL: claiming a delivery, settling it, and the sweep's two queries. Time is the
 * database's, one clock for every instance.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { DeliveryStatus, type MessageChannel, type MessageType } from '@maika/shared';
import type { Queryable } from '../../db/client';
import { subscribeConsents } from '../../db/schema';

/** A delivery this worker now owns, with the message it carries. */
export interface ClaimedDelivery {
  id: number;
  channel: MessageChannel;
  /** This attempt's number: the settling update names it, so a late answer never settles a newer attempt. */
  attempts: number;
  userId: number;
  type: MessageType;
  params: Record<string, unknown>;
}

/**
 * Waiting and due → sending, in one statement: of two workers (two jobs, two instances) only one
 * gets the row back, and a row not claimed is not sent.
 */
export async function claimDelivery(db: Queryable, deliveryId: number): Promise<ClaimedDelivery | null> {
  const { rows } = await db.execute<{
    id: string;
    channel: number;
    attempts: number;
    user_id: string;
    type: number;
    params: Record<string, unknown>;
  }>(sql`
    update message_deliveries d
       set status = ${DeliveryStatus.Sending}, attempts = d.attempts + 1, updated_at = now()
      from messages m
     where d.id = ${deliveryId} and d.status = ${DeliveryStatus.Pending} and d.next_attempt_at <= now() and m.id = d.message_id
    returning d.id, d.channel, d.attempts, m.user_id, m.type, m.params`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    channel: row.channel as MessageChannel,
    attempts: row.attempts,
    userId: Number(row.user_id),
    type: row.type as MessageType,
    params: row.params,
  };
}

const consentOf = (userId: number, channel: MessageChannel, templateId: string) =>
  and(eq(subscribeConsents.userId, userId), eq(subscribeConsents.channel, channel), eq(subscribeConsents.templateId, templateId));

/** Uses one of the user's consents for the template; false when none is left. */
export async function consumeConsent(db: Queryable, userId: number, channel: MessageChannel, templateId: string): Promise<boolean> {
  const rows = await db
    .update(subscribeConsents)
    .set({ remaining: sql`${subscribeConsents.remaining} - 1`, updatedAt: sql`now()` })
    .where(and(consentOf(userId, channel, templateId), gt(subscribeConsents.remaining, 0)))
    .returning({ remaining: subscribeConsents.remaining });
  return rows.length > 0;
}

/** Gives back a consent the platform did not use (it was busy or out of reach). */
export async function returnConsent(db: Queryable, userId: number, channel: MessageChannel, templateId: string): Promise<void> {
  await db
    .update(subscribeConsents)
    .set({ remaining: sql`${subscribeConsents.remaining} + 1`, updatedAt: sql`now()` })
    .where(consentOf(userId, channel, templateId));
}

/** The answer the sweep leaves on a delivery whose worker never said how it ended. */
export const OUTCOME_UNKNOWN = 'delivery.outcomeUnknown';

/**
 * Records how an attempt ended. Only the claimed attempt is settled: still sending, or given up as
 * of unknown outcome by the sweep meanwhile (the vendor's late answer is the truth, and better).
 */
export async function settleDelivery(
  db: Queryable,
  claimed: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  outcome: { status: DeliveryStatus; answer: string; retryInSeconds?: number },
): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    update message_deliveries
       set status = ${outcome.status},
           vendor_answer = ${outcome.answer},
           sent_at = ${outcome.status === DeliveryStatus.Sent ? sql`now()` : sql`sent_at`},
           next_attempt_at = ${outcome.retryInSeconds === undefined ? sql`next_attempt_at` : sql`now() + make_interval(secs => ${outcome.retryInSeconds})`},
           updated_at = now()
     where id = ${claimed.id} and attempts = ${claimed.attempts}
       and (status = ${DeliveryStatus.Sending} or (status = ${DeliveryStatus.Failed} and vendor_answer = ${OUTCOME_UNKNOWN}))`);
  return (rowCount ?? 0) > 0;
}

/** Deliveries left sending longer than `seconds` (their worker died): failed, never sent again by themselves. */
export async function failStuckDeliveries(db: Queryable, seconds: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update message_deliveries
       set status = ${DeliveryStatus.Failed}, vendor_answer = ${OUTCOME_UNKNOWN}, updated_at = now()
     where status = ${DeliveryStatus.Sending} and updated_at < now() - make_interval(secs => ${seconds})
    returning id`);
  return rows.map((r) => Number(r.id));
}

/** Waiting deliveries due for at least `seconds` (their job was lost, or a retry's), oldest first. */
export async function listDueDeliveries(db: Queryable, seconds: number, limit: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from message_deliveries
     where status = ${DeliveryStatus.Pending} and next_attempt_at <= now() - make_interval(secs => ${seconds})
     order by next_attempt_at
     limit ${limit}`);
  return rows.map((r) => Number(r.id));
}
