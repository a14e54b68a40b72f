import { sql } from 'drizzle-orm';
import { cardDetailFields, type CardDetails } from '@maika/shared';
import type { Tx } from '../../db/client';
import { cards, type cardOrders } from '../../db/schema';
import type { NewCard } from './repo';

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

/**
 * What each line of a submitted batch has of its own, by its `cards` column: the sealed secrets
 * and the details the seller gave (shared `cardDetails`). The rest is the order's.
 */
export type SubmittedLine = Pick<NewCard, (typeof sealedColumns)[number]> & CardDetails;

const sealedColumns = ['cardNoEnc', 'cardPwdEnc', 'maskedNo', 'fingerprint'] as const;

/** Every column a line fills, read from the table: its name, and its type for the array it is sent in. */
const lineColumns = [...sealedColumns, ...cardDetailFields].map((key) => {
  const column = cards[key];
  return { key, name: sql.identifier(column.name), arrayType: sql.raw(`${column.getSQLType()}[]`) };
});
const lineColumnNames = sql.join(
  lineColumns.map((c) => c.name),
  sql`, `,
);
const lineValues = sql.join(
  lineColumns.map((c) => sql`line.${c.name}`),
  sql`, `,
);

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
  batch: { channel: string; lines: SubmittedLine[] },
  job: { queue: string } | null,
): Promise<{ id: number; orderNo: string; cardCount: number }> {
  const { lines } = batch;
  // One array per column, each as long as the batch; a detail a line left out is stored as null.
  const arrays = sql.join(
    lineColumns.map((c) => sql`${sql.param(lines.map((line) => line[c.key] ?? null))}::${c.arrayType}`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: number; orderNo: string; cardCount: number }>(sql`
    with o as (
      insert into card_orders (order_no, user_id, idempotency_key, request_hash, card_type_id, face_value_fen, rate_bp, physical, shipment_status, card_count)
      values (${order.orderNo}, ${order.userId}, ${order.idempotencyKey}, ${sql.param(order.requestHash ?? null)}, ${order.cardTypeId},
              ${order.faceValueFen}, ${order.rateBp}, ${order.physical ?? false}, ${order.shipmentStatus ?? null}, ${order.cardCount})
      returning id, order_no, card_count, user_id, card_type_id, face_value_fen
    ), c as (
      insert into cards (order_id, user_id, card_type_id, declared_face_value_fen, channel, line_no, ${lineColumnNames})
      select o.id, o.user_id, o.card_type_id, o.face_value_fen, ${batch.channel}, line.ordinality - 1, ${lineValues}
        from o, unnest(${arrays}) with ordinality as line(${lineColumnNames}, ordinality)
       order by line.ordinality
    )
    select o.id, o.order_no as "orderNo", o.card_count as "cardCount",
           ${job ? sql`maika_enqueue(${job.queue}, jsonb_build_object('orderId', o.id))` : sql`null`} as job
      from o`);
  return rows[0]!;
}
