/** POST /api/order/submit: a batch of cards is accepted whole or refused whole. */
import {
  cardDetailsOf,
  Code,
  ShipmentStatus,
  renderText,
  validateCardBatch,
  type CardLineRule,
  type Locale,
  type MessageParams,
  type TextKey,
  type TextRef,
  type SubmitOrderBody,
  type SubmitOrderData,
} from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError, notFound, TextsInData } from '../../http/envelope';
import { CARD_SUBMIT_QUEUE } from '../../jobs/queues';
import type { Tx } from '../../db/client';
import { pgErrorCode } from '../../db/errors';
import { findEnabledCardType } from '../catalogue';
import { countCardsToday, findFaceValue, findUserOrderByKey, liveFingerprints, type OrderRow } from './repo';
import { insertOrderWithCards, lockUserSubmissions } from './submitRepo';
import { keyedHash } from '../../lib/crypto';
import { newOrderNo } from '../../lib/orderNo';
import { cardFingerprint, sealCards, type SealedCard } from './secretService';

type LineProblem = { index: number; field: 'cardNo' | 'cardPwd'; text: TextRef };

const alreadySubmitted: TextRef = { key: 'card.alreadySubmitted' };

/** Every bad line, its reason a catalogue text: the code's summary and each line's reason are rendered for the reader at the edge. */
function batchRejected(problems: LineProblem[]): AppError {
  const sorted = [...problems].sort((a, b) => a.index - b.index);
  const summaryIn = (locale: Locale) => {
    const say = (key: TextKey, params?: MessageParams) => renderText({ key, params }, locale);
    const shown = sorted.slice(0, 3).map((p) => `${say('card.batch.line', { line: p.index + 1 })} ${renderText(p.text, locale)}`);
    const more = sorted.length > 3 ? say('card.batch.more', { count: sorted.length, rest: sorted.length - 3 }) : '';
    return [...shown, more].filter(Boolean).join(say('card.batch.separator'));
  };
  const count = new Set(sorted.map((p) => p.index)).size;
  return new AppError(
    Code.CardBatchRejected,
    { count, summary: { 'zh-CN': summaryIn('zh-CN'), 'en-US': summaryIn('en-US') } },
    new TextsInData({ lines: sorted.map((p) => ({ index: p.index, field: p.field, reason: p.text })) }),
  );
}

/**
 * The whole request under one keyed hash: card type, face value and every line's card
 * fingerprint in order, so a reused key with any other card is told apart from a retry. Each
 * line's fingerprint is of the text as sent (`typed`, when the caller already has them).
 */
function orderRequestHash(deps: Deps, body: SubmitOrderBody, typed?: readonly (Buffer | undefined)[]): Buffer {
  const lines = body.cards.map((c, i) => (typed?.[i] ?? cardFingerprint(deps, c.cardNo ?? null, c.cardPwd)).toString('hex'));
  return keyedHash(deps.config.appSecret, 'order-request', JSON.stringify([body.goodsId, body.faceValueFen, lines]));
}

/**
 * The typed fingerprint of each line as sent, taken from its sealed card when validation left the
 * line as it was (the usual case), so the request hash costs no second pass over the batch.
 */
function typedAsSent(body: SubmitOrderBody, checked: readonly { cardNo: string | null; cardPwd: string }[], sealed: SealedCard[]) {
  return body.cards.map((c, i) =>
    (c.cardNo ?? '') === (checked[i]!.cardNo ?? '') && c.cardPwd === checked[i]!.cardPwd ? sealed[i]!.typed : undefined,
  );
}

// Orders saved before the hash existed are compared by what they recorded.
const sameRequest = (deps: Deps, o: OrderRow, body: SubmitOrderBody, requestHash: () => Buffer) =>
  o.requestHash
    ? o.requestHash.equals(requestHash())
    : o.cardTypeId === body.goodsId && o.faceValueFen === body.faceValueFen && o.cardCount === body.cards.length;

async function firstResult(
  deps: Deps,
  userId: number,
  body: SubmitOrderBody,
  requestHash = () => orderRequestHash(deps, body),
): Promise<SubmitOrderData | null> {
  const existing = await findUserOrderByKey(deps.database.db, userId, body.idempotencyKey);
  if (!existing) return null;
  if (!sameRequest(deps, existing, body, requestHash)) throw new AppError(Code.IdempotencyKeyReused);
  return { orderId: existing.id, orderNo: existing.orderNo, cardCount: existing.cardCount };
}

/** What a submission through the merchant API adds to the app's own (modules/merchants). */
export interface SubmitOptions {
  /** The rate the order is accepted at instead of the face value's public one: the merchant's own. */
  rateBp?: number;
  /** Runs in the order's transaction once its cards are in: a merchant's order is recorded with them. */
  onCreated?: (tx: Tx, order: { id: number; orderNo: string }) => Promise<void>;
}

/** Checks in the order a user can act on: the card type, then every line, then today's cap. */
export async function submitOrder(
  deps: Deps,
  userId: number,
  body: SubmitOrderBody,
  locale: Locale,
  options: SubmitOptions = {},
): Promise<SubmitOrderData> {
  const db = deps.database.db;
  const repeated = await firstResult(deps, userId, body);
  if (repeated) return repeated;
  const found = await findEnabledCardType(db, body.goodsId, locale);
  if (!found) throw notFound('thing.cardType');
  const type = found.type;
  if (type.maintenance) throw new AppError(Code.CardTypeMaintenance, { name: found.name, note: found.maintenanceNote ?? '' });
  const faceValue = await findFaceValue(db, type.id, body.faceValueFen);
  if (!faceValue?.enabled) throw new AppError(Code.FaceValueUnavailable);

  const rule: CardLineRule = {
    needsCardNo: type.needsCardNo,
    cardNoRule: { ruleType: type.cardNoRuleType as 1 | 2 | 3, length: type.cardNoLength },
    pwdRule: { ruleType: type.pwdRuleType as 1 | 2 | 3, length: type.pwdLength },
    caseInsensitive: type.caseInsensitive,
  };
  const checked = validateCardBatch(body.cards, rule);
  if (!checked.ok) throw batchRejected(checked.problems);
  const sealed = sealCards(deps, checked.cards, type.caseInsensitive);
  const live = await liveFingerprints(
    db,
    sealed.flatMap((card) => card.twins),
  );
  const taken = sealed.flatMap((card, index) =>
    card.twins.some((f) => live.has(f.toString('hex')))
      ? [{ index, field: type.needsCardNo ? ('cardNo' as const) : ('cardPwd' as const), text: alreadySubmitted }]
      : [],
  );
  if (taken.length > 0) throw batchRejected(taken);
  const requestHash = orderRequestHash(deps, body, typedAsSent(body, checked.cards, sealed));

  try {
    return await db.transaction(async (tx) => {
      await lockUserSubmissions(tx, userId);
      const again = await firstResult(deps, userId, body, () => requestHash);
      if (again) return again;
      if (type.dailyCapPerUser !== null) {
        const left = Math.max(0, type.dailyCapPerUser - (await countCardsToday(tx, userId, type.id)));
        if (sealed.length > left) throw new AppError(Code.CardDailyCapReached, { name: found.name, cap: type.dailyCapPerUser, left });
      }
      const order = await insertOrderWithCards(
        tx,
        {
          orderNo: newOrderNo('S'),
          userId,
          idempotencyKey: body.idempotencyKey,
          requestHash,
          cardTypeId: type.id,
          faceValueFen: body.faceValueFen,
          rateBp: options.rateBp ?? faceValue.rateBp,
          physical: type.physical,
          shipmentStatus: type.physical ? ShipmentStatus.AwaitingShipment : null,
          cardCount: sealed.length,
        },
        // Each line as stored: the details as the seller sent them, the secrets sealed.
        { channel: deps.cardChannels.current.name, lines: sealed.map((card, i) => ({ ...cardDetailsOf(body.cards[i]!), ...card })) },
        // Physical cards are checked once they are in our hands: marking the order received queues this.
        type.physical ? null : { queue: CARD_SUBMIT_QUEUE },
      );
      await options.onCreated?.(tx, { id: order.id, orderNo: order.orderNo });
      return { orderId: order.id, orderNo: order.orderNo, cardCount: order.cardCount };
    });
  } catch (e) {
    if (pgErrorCode(e) !== '23505') throw e;
    // The same key raced in from another request, or another user submitted one of these cards a moment ago.
    const raced = await firstResult(deps, userId, body, () => requestHash);
    if (raced) return raced;
    throw new AppError(Code.CardAlreadySubmitted, {}, null, e);
  }
}
