/** Merchant orders, the state of their cards as a merchant sees it, and the callback attempts. */
import { isTextKey, type MerchantCallbackPayload, type MerchantCallbackStatus, type MessageParams } from '@maika/shared';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { cardOrders, cards, merchantCallbacks, merchantOrders, merchants } from '../../db/schema';

const orderColumns = {
  order: merchantOrders,
  orderNo: cardOrders.orderNo,
  cardTypeId: cardOrders.cardTypeId,
  faceValueFen: cardOrders.faceValueFen,
  rateBp: cardOrders.rateBp,
  cardCount: cardOrders.cardCount,
};

export async function findMerchantOrder(db: Queryable, merchantId: number, merchantOrderNo: string) {
  const [row] = await db
    .select(orderColumns)
    .from(merchantOrders)
    .innerJoin(cardOrders, eq(cardOrders.id, merchantOrders.cardOrderId))
    .where(and(eq(merchantOrders.merchantId, merchantId), eq(merchantOrders.merchantOrderNo, merchantOrderNo)));
  return row;
}
export type FoundMerchantOrder = NonNullable<Awaited<ReturnType<typeof findMerchantOrder>>>;

export async function insertMerchantOrder(
  tx: Tx,
  o: { merchantId: number; merchantOrderNo: string; requestHash: Buffer; cardOrderId: number; notifyUrl: string | null },
): Promise<void> {
  await tx.insert(merchantOrders).values(o);
}

/** The cards of a card order in the merchant's order, by their index in its request. */
export async function cardsOfOrder(db: Queryable, cardOrderId: number) {
  return db
    .select({
      index: cards.lineNo,
      maskedNo: cards.maskedNo,
      status: cards.status,
      settlementStatus: cards.settlementStatus,
      declaredFaceValueFen: cards.declaredFaceValueFen,
      actualFaceValueFen: cards.actualFaceValueFen,
      settlementFen: cards.settlementFen,
      rejectReason: cards.rejectReason,
      rejectReasonKey: cards.rejectReasonKey,
      rejectReasonParams: cards.rejectReasonParams,
      updatedAt: cards.updatedAt,
    })
    .from(cards)
    .where(eq(cards.orderId, cardOrderId))
    .orderBy(asc(cards.lineNo));
}
export type MerchantCardRow = Awaited<ReturnType<typeof cardsOfOrder>>[number];

/** A card's reason as stored: a catalogue reference, or the words a reviewer or supplier gave. */
export function storedReasonOf(card: Pick<MerchantCardRow, 'rejectReason' | 'rejectReasonKey' | 'rejectReasonParams'>) {
  if (isTextKey(card.rejectReasonKey))
    return { key: card.rejectReasonKey, ...(card.rejectReasonParams ? { params: card.rejectReasonParams as MessageParams } : {}) };
  return card.rejectReason;
}

// ---------------------------------------------------------------------------------------------
// Callback bookkeeping (schema/merchants.ts explains the columns)

/**
 * Cards of these card orders were decided: those that are merchants' orders have their news
 * version raised and a callback due now, their rows locked in id order (two batches sharing orders
 * wait for one another rather than deadlock). Answers those merchant orders' ids.
 */
export async function markOrdersNews(tx: Tx, cardOrderIds: number[]): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    with locked as (
      select id from merchant_orders where card_order_id = any(${sql.param(cardOrderIds)}::bigint[]) order by id for no key update)
    update merchant_orders m
       set notify_version = m.notify_version + 1,
           callback_due_at = now(),
           -- A run of retries starts with the first undelivered news; later news joins that run.
           callback_attempts = case when m.callback_since is null then 0 else m.callback_attempts end,
           callback_since = coalesce(m.callback_since, now())
      from locked where m.id = locked.id
    returning m.id`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Asked again by the merchant or an operator: the order's current state is due now, as a new run of retries. */
export async function markResend(db: Queryable, merchantOrderId: number): Promise<void> {
  await db
    .update(merchantOrders)
    .set({
      notifyVersion: sql`${merchantOrders.notifyVersion} + 1`,
      callbackDueAt: sql`now()`,
      callbackAttempts: 0,
      callbackSince: sql`now()`,
    })
    .where(eq(merchantOrders.id, merchantOrderId));
}

/** How long an attempt holds its order before another worker may try it: longer than any attempt takes. */
const CLAIM_SECONDS = 120;

/**
 * Takes a due callback for one attempt, unless another attempt holds the order: one attempt per
 * order at a time, so a later state never arrives before an earlier one. News arriving meanwhile
 * leaves it due, for the holder to send next. Answers what the attempt needs, or undefined.
 */
export async function claimDueCallback(db: Queryable, merchantOrderId: number) {
  const { rows } = await db.execute<{
    id: number;
    merchantId: number;
    merchantOrderNo: string;
    cardOrderId: number;
    orderNotifyUrl: string | null;
    merchantNotifyUrl: string | null;
    notifyVersion: number;
    attempts: number;
    since: Date;
    orderNo: string;
  }>(sql`
    update merchant_orders o set callback_claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
           callback_attempts = o.callback_attempts + 1
      from merchants m, card_orders c
     where o.id = ${merchantOrderId} and m.id = o.merchant_id and c.id = o.card_order_id
       and o.callback_due_at is not null and o.callback_due_at <= now()
       and (o.callback_claimed_until is null or o.callback_claimed_until < now())
    returning o.id, o.merchant_id as "merchantId", o.merchant_order_no as "merchantOrderNo", o.card_order_id as "cardOrderId",
              o.notify_url as "orderNotifyUrl", m.notify_url as "merchantNotifyUrl", o.notify_version as "notifyVersion",
              o.callback_attempts as attempts, o.callback_since as since, c.order_no as "orderNo"`);
  const row = rows[0];
  return (
    row && {
      ...row,
      id: Number(row.id),
      merchantId: Number(row.merchantId),
      cardOrderId: Number(row.cardOrderId),
      since: new Date(row.since),
    }
  );
}
export type ClaimedCallback = NonNullable<Awaited<ReturnType<typeof claimDueCallback>>>;

/**
 * After an attempt: delivered news up to `version` is done (and when nothing newer came meanwhile,
 * nothing is due); a failure is due again at `retryInSeconds`, or never (null) once retries are over.
 */
export async function settleAttempt(
  db: Queryable,
  id: number,
  outcome: { delivered: true; version: number } | { delivered: false; retryInSeconds: number | null },
): Promise<{ dueAgain: boolean }> {
  if (outcome.delivered) {
    const [row] = await db
      .update(merchantOrders)
      .set({
        notifiedVersion: sql`greatest(${merchantOrders.notifiedVersion}, ${outcome.version})`,
        callbackClaimedUntil: null,
        callbackDueAt: sql`case when ${merchantOrders.notifyVersion} > ${outcome.version} then now() else null end`,
        callbackSince: sql`case when ${merchantOrders.notifyVersion} > ${outcome.version} then now() else null end`,
        callbackAttempts: 0,
      })
      .where(eq(merchantOrders.id, id))
      .returning({ due: merchantOrders.callbackDueAt });
    return { dueAgain: Boolean(row?.due) };
  }
  const retry = outcome.retryInSeconds;
  await db
    .update(merchantOrders)
    .set({
      callbackClaimedUntil: null,
      ...(retry === null ? { callbackDueAt: null, callbackSince: null } : { callbackDueAt: sql`now() + make_interval(secs => ${retry})` }),
    })
    .where(eq(merchantOrders.id, id));
  return { dueAgain: retry !== null };
}

/** Orders whose callback was due `olderThanSeconds` ago, held by no attempt: their job was lost (a process died). */
export async function overdueCallbacks(db: Queryable, olderThanSeconds: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: merchantOrders.id })
    .from(merchantOrders)
    .where(
      sql`${merchantOrders.callbackDueAt} < now() - make_interval(secs => ${olderThanSeconds})
        and (${merchantOrders.callbackClaimedUntil} is null or ${merchantOrders.callbackClaimedUntil} < now())`,
    )
    .orderBy(asc(merchantOrders.callbackDueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertCallbackAttempt(
  db: Queryable,
  a: {
    merchantOrderId: number;
    merchantId: number;
    attempt: number;
    url: string;
    status: MerchantCallbackStatus;
    responseCode: number | null;
    responseExcerpt: string | null;
    error: string | null;
    payload: MerchantCallbackPayload;
    nextAttemptInSeconds: number | null;
  },
): Promise<void> {
  const { nextAttemptInSeconds, ...row } = a;
  await db.insert(merchantCallbacks).values({
    ...row,
    nextAttemptAt: nextAttemptInSeconds === null ? null : sql`now() + make_interval(secs => ${nextAttemptInSeconds})`,
  });
}

const callbackColumns = {
  id: merchantCallbacks.id,
  merchantOrderNo: merchantOrders.merchantOrderNo,
  orderNo: cardOrders.orderNo,
  attempt: merchantCallbacks.attempt,
  url: merchantCallbacks.url,
  status: merchantCallbacks.status,
  responseCode: merchantCallbacks.responseCode,
  responseExcerpt: merchantCallbacks.responseExcerpt,
  error: merchantCallbacks.error,
  createdAt: merchantCallbacks.createdAt,
  // Only the newest attempt of an order says when the next is due: an older one was followed already.
  nextAttemptAt: sql<Date | null>`case when ${merchantCallbacks.id} = (select max(l.id) from merchant_callbacks l
    where l.merchant_order_id = ${merchantCallbacks.merchantOrderId}) then ${merchantCallbacks.nextAttemptAt} end`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
};

/** A merchant's callback attempts, newest first; of one order when `merchantOrderNo` is given. */
export async function listCallbacks(db: Queryable, merchantId: number, merchantOrderNo: string | undefined, limit: number, offset: number) {
  const where: SQL | undefined = and(
    eq(merchantCallbacks.merchantId, merchantId),
    merchantOrderNo === undefined ? undefined : eq(merchantOrders.merchantOrderNo, merchantOrderNo),
  );
  const rows = await db
    .select(callbackColumns)
    .from(merchantCallbacks)
    .innerJoin(merchantOrders, eq(merchantOrders.id, merchantCallbacks.merchantOrderId))
    .innerJoin(cardOrders, eq(cardOrders.id, merchantOrders.cardOrderId))
    .where(where)
    .orderBy(desc(merchantCallbacks.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(merchantCallbacks)
    .innerJoin(merchantOrders, eq(merchantOrders.id, merchantCallbacks.merchantOrderId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
export type CallbackRow = Awaited<ReturnType<typeof listCallbacks>>['rows'][number];

/** The merchant's callback address, for an order that names none. */
export async function merchantNotifyUrl(db: Queryable, merchantId: number): Promise<string | null> {
  const [row] = await db.select({ notifyUrl: merchants.notifyUrl }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.notifyUrl ?? null;
}
