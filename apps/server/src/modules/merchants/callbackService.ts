/**
 * Callbacks to merchants (docs/design.md "Merchant API"). A decision on a card of a merchant's
 * order marks the order as having news and queues a job in the decision's transaction; the job
 * sends the order's every card as it stands then, signed with the merchant's newest key. A 2xx
 * answer ends it; anything else is tried again after the configured waits until 24 hours after
 * the news began. Every attempt is kept with the answer it got. News arriving while a callback is
 * under way is sent after it, so the merchant always ends with the latest state.
 */
import {
  Code,
  MerchantCallbackStatus,
  renderStoredText,
  type Locale,
  type MerchantCallback,
  type MerchantCallbackPayload,
  type MerchantResendData,
} from '@maika/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { MERCHANT_CALLBACK_QUEUE } from '../../jobs/queues';
import { decrypt } from '../../lib/crypto';
import { recordAudit, type AdminAction } from '../audit';
import { callbackTransportOf, postCallback, refuseCallbackUrl, type CallbackOutcome } from './callbackHttp';
import {
  cardsOfOrder,
  claimDueCallback,
  findMerchantOrder,
  insertCallbackAttempt,
  markOrdersNews,
  markResend,
  merchantNotifyUrl,
  overdueCallbacks,
  settleAttempt,
  storedReasonOf,
  type CallbackRow,
  type ClaimedCallback,
  type MerchantCardRow,
} from './orderRepo';
import { newestActiveKey } from './repo';
import { signedHeaders } from './signature';

/** The language of the reasons in a callback: the one the app shows sellers first. */
const CALLBACK_LOCALE: Locale = 'zh-CN';

/**
 * Called by the card pipeline in the transaction of every decision on a card (a verdict, a credit,
 * a freeze): for a merchant's order, a callback becomes due and its job commits with the decision.
 */
export async function noteCardDecided(deps: Deps, tx: Tx, cardOrderId: number): Promise<void> {
  await noteCardsDecided(deps, tx, [cardOrderId]);
}

/** `noteCardDecided` for the card orders of a batch: one statement, and one callback job per merchant order. */
export async function noteCardsDecided(deps: Deps, tx: Tx, cardOrderIds: number[]): Promise<void> {
  for (const merchantOrderId of await markOrdersNews(tx, cardOrderIds))
    await deps.jobs.send(MERCHANT_CALLBACK_QUEUE, { merchantOrderId }, { tx });
}

export const reasonOf = (card: MerchantCardRow, locale: Locale): string | null => {
  const stored = storedReasonOf(card);
  return stored === null ? null : renderStoredText(stored, locale);
};

export function callbackPayloadOf(merchantOrderNo: string, orderNo: string, cards: MerchantCardRow[]): MerchantCallbackPayload {
  return {
    merchantOrderNo,
    orderNo,
    cards: cards.map((c) => ({
      index: c.index,
      status: c.status,
      settlementStatus: c.settlementStatus,
      amountFen: c.settlementFen,
      reason: reasonOf(c, CALLBACK_LOCALE),
    })),
  };
}

const statusOf: Record<CallbackOutcome['status'], MerchantCallbackStatus> = {
  delivered: MerchantCallbackStatus.Delivered,
  failed: MerchantCallbackStatus.Failed,
  blocked: MerchantCallbackStatus.Blocked,
};

/** The wait before the next attempt after `attempts` failed ones, or null once it would fall past the window. */
function retryInSeconds(deps: Deps, claimed: ClaimedCallback): number | null {
  const waits = deps.config.MERCHANT_CALLBACK_RETRY_SECONDS;
  const wait = waits[Math.min(claimed.attempts, waits.length) - 1] ?? 0;
  const windowEnds = claimed.since.getTime() + deps.config.MERCHANT_CALLBACK_WINDOW_SECONDS * 1000;
  return Date.now() + wait * 1000 > windowEnds ? null : wait;
}

/** The attempt itself: an outcome without a request when there is nothing to sign with. */
async function attempt(deps: Deps, claimed: ClaimedCallback, url: string, body: string): Promise<CallbackOutcome> {
  const key = await newestActiveKey(deps.database.db, claimed.merchantId);
  if (!key) return { status: 'failed', responseCode: null, responseExcerpt: null, error: 'no unrevoked API key to sign the callback with' };
  const target = new URL(url);
  const headers = signedHeaders({
    method: 'POST',
    pathWithQuery: `${target.pathname}${target.search}`,
    body,
    keyId: key.keyId,
    secret: decrypt(deps.config.dataEncryptionKey, key.secretEnc),
  });
  return postCallback(url, body, headers, callbackTransportOf(deps.config, deps.resolveHost));
}

/**
 * One job: takes the order's due callback (nothing when another job has it or it is not due),
 * sends it and records the attempt; queues the next one when a retry or newer news is due.
 */
export async function deliverCallback(deps: Deps, merchantOrderId: number): Promise<'notDue' | CallbackOutcome['status'] | 'noAddress'> {
  const db = deps.database.db;
  const claimed = await claimDueCallback(db, merchantOrderId);
  if (!claimed) return 'notDue';
  const url = claimed.orderNotifyUrl ?? claimed.merchantNotifyUrl;
  if (!url) {
    // No address to send to: nothing to retry until one is set and the callback is asked for again.
    await settleAttempt(db, claimed.id, { delivered: false, retryInSeconds: null });
    return 'noAddress';
  }
  const payload = callbackPayloadOf(claimed.merchantOrderNo, claimed.orderNo, await cardsOfOrder(db, claimed.cardOrderId));
  const outcome = await attempt(deps, claimed, url, JSON.stringify(payload));
  const delivered = outcome.status === 'delivered';
  const retry = delivered ? null : retryInSeconds(deps, claimed);
  const { dueAgain } = await db.transaction(async (tx) => {
    await insertCallbackAttempt(tx, {
      merchantOrderId: claimed.id,
      merchantId: claimed.merchantId,
      attempt: claimed.attempts,
      url,
      status: statusOf[outcome.status],
      responseCode: outcome.responseCode,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
      payload,
      nextAttemptInSeconds: retry,
    });
    return settleAttempt(
      tx,
      claimed.id,
      delivered ? { delivered: true, version: claimed.notifyVersion } : { delivered: false, retryInSeconds: retry },
    );
  });
  // After the commit: a job lost between the two is queued again by the sweep, the order being due.
  if (dueAgain) await deps.jobs.send(MERCHANT_CALLBACK_QUEUE, { merchantOrderId: claimed.id }, { startAfterSeconds: retry ?? 0 });
  return outcome.status;
}

/** A due callback still waiting this long after it was due lost its job (a process died): queue it again. */
const LOST_AFTER_SECONDS = 60;
const SWEEP_BATCH = 200;

export async function requeueLostCallbacks(deps: Deps): Promise<number> {
  const ids = await overdueCallbacks(deps.database.db, LOST_AFTER_SECONDS, SWEEP_BATCH);
  return (await deps.jobs.sendUnlessWaiting(MERCHANT_CALLBACK_QUEUE, 'merchantOrderId', ids)).length;
}

/**
 * The merchant or an operator asks for an order's callback again: it is sent at once with the
 * order's state as it is then, and retried as any other. The address is checked first, so a
 * refused one is said now rather than only recorded.
 */
export async function resendCallback(
  deps: Deps,
  merchantId: number,
  merchantOrderNo: string,
  audit?: AdminAction,
): Promise<MerchantResendData> {
  const db = deps.database.db;
  const order = await findMerchantOrder(db, merchantId, merchantOrderNo);
  if (!order) throw notFound('thing.merchantOrder');
  const notifyUrl = order.order.notifyUrl ?? (await merchantNotifyUrl(db, merchantId));
  if (!notifyUrl) throw new AppError(Code.MerchantNoNotifyUrl);
  await checkNotifyUrl(deps, notifyUrl);
  await db.transaction(async (tx) => {
    await markResend(tx, order.order.id);
    await deps.jobs.send(MERCHANT_CALLBACK_QUEUE, { merchantOrderId: order.order.id }, { tx });
    await recordAudit(tx, audit, { type: 'merchant', id: merchantId, detail: { merchantOrderNo } });
  });
  return { merchantOrderNo, notifyUrl };
}

/** A callback attempt as the API shows it. */
export function toMerchantCallback(row: CallbackRow): MerchantCallback {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

/** Checks a callback address as it would be checked before sending; throws the refusal a merchant reads. */
export async function checkNotifyUrl(deps: Deps, notifyUrl: string): Promise<void> {
  const refused = await refuseCallbackUrl(notifyUrl, callbackTransportOf(deps.config, deps.resolveHost));
  if (refused) throw new AppError(Code.MerchantNotifyUrlRefused, { reason: refused.reason });
}
