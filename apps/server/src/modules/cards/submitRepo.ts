import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { cardOrders } from '../../db/schema';

/**
 * Serialises one user's submissions, so the daily cap and the idempotency key hold under
 * concurrency. The lock is the user's submissions' own (advisory), not the user row's: every card
 * credit share-locks that row (ledger `lockCreditableUser`), so under FOR UPDATE a batch waited for
 * the credits of the user's earlier batches. The row is key-share locked, which only FOR UPDATE
 * (cancellation, freeze) conflicts with: those still wait for the submission, or it for them.
 */
export async function lockUserSubmissions(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(${`card-submit:${userId}`}, 0)),
           (select id from users where id = ${userId} for key share)`);
}

/** What each line of a submitted batch has of its own; the rest is the order's. */
export interface SubmittedLine {
  cardNoEnc: Buffer | null;
  cardPwdEnc: Buffer;
  maskedNo: string;
  fingerprint: Buffer;
}

type NewOrder = Pick<
  typeof cardOrders.$inferInsert,
  | 'orderNo'
  | 'userId'
  | 'idempotencyKey'
  | 'requestHash'
  | 'cardTypeId'
  | 'faceValueFen'
  | 'rateBp'
  | 'physical'
  | 'shipmentStatus'
  | 'cardCount'
>;

/**
 * An order, its cards numbered in order, and the job that hands them to the channel (`job`, none
 * for physical cards), in one statement: one array parameter per card column, so a 1000-card batch
 * is one short statement and one round trip. The job is `maika_enqueue`'s (migration 0031), the
 * row pg-boss's own send writes.
 */
export async function insertOrderWithCards(
  tx: Tx,
  order: NewOrder,
  cards: { channel: string; lines: SubmittedLine[] },
  job: { queue: string } | null,
): Promise<{ id: number; orderNo: string; cardCount: number }> {
  const { lines } = cards;
  const { rows } = await tx.execute<{ id: number; orderNo: string; cardCount: number }>(sql`
    with o as (
      insert into card_orders (order_no, user_id, idempotency_key, request_hash, card_type_id, face_value_fen, rate_bp, physical, shipment_status, card_count)
      values (${order.orderNo}, ${order.userId}, ${order.idempotencyKey}, ${sql.param(order.requestHash ?? null)}, ${order.cardTypeId},
              ${order.faceValueFen}, ${order.rateBp}, ${order.physical ?? false}, ${order.shipmentStatus ?? null}, ${order.cardCount})
      returning id, order_no, card_count, user_id, card_type_id, face_value_fen
    ), c as (
      insert into cards (order_id, user_id, card_type_id, declared_face_value_fen, channel, line_no, card_no_enc, card_pwd_enc, masked_no, fingerprint)
      select o.id, o.user_id, o.card_type_id, o.face_value_fen, ${cards.channel},
             line.ordinality - 1, line.card_no_enc, line.card_pwd_enc, line.masked_no, line.fingerprint
        from o, unnest(${sql.param(lines.map((l) => l.cardNoEnc))}::bytea[], ${sql.param(lines.map((l) => l.cardPwdEnc))}::bytea[],
                       ${sql.param(lines.map((l) => l.maskedNo))}::text[], ${sql.param(lines.map((l) => l.fingerprint))}::bytea[])
             with ordinality as line(card_no_enc, card_pwd_enc, masked_no, fingerprint, ordinality)
       order by line.ordinality
    )
    select o.id, o.order_no as "orderNo", o.card_count as "cardCount",
           ${job ? sql`maika_enqueue(${job.queue}, jsonb_build_object('orderId', o.id))` : sql`null`} as job
      from o`);
  return rows[0]!;
}
