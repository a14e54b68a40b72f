/**
 * The signed API's calls (GET catalogue, POST orders, GET orders/{merchantOrderNo}, GET balance).
 * An order goes through the app's own submission (modules/cards), at the merchant's rate: the same
 * card rules, duplicate check, channel, review, four-eyes and settlement as a seller in the app.
 */
import {
  Code,
  type CardNumberRuleType,
  type Locale,
  type MerchantBalance,
  type MerchantCatalogue,
  type MerchantOrder,
  type MerchantOrderBody,
  type MerchantOrderCreated,
  type SubmitOrderBody,
  type SubmitOrderData,
} from '@maika/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { keyedHash, sameHash } from '../../lib/crypto';
import { accountBalances } from '../ledger';
import { checkNotifyUrl, reasonOf, toMerchantCallback } from './callbackService';
import {
  cardsOfOrder,
  findMerchantOrder,
  insertMerchantOrder,
  listCallbacks,
  merchantNotifyUrl,
  type FoundMerchantOrder,
} from './orderRepo';
import { cardTypeOfOrder, cardTypesOnSale, merchantRateFor, rateRows } from './rateRepo';

/** What the merchant API adds to the app's submission: the rate, and recording its own order with the cards. */
export interface CardSubmission {
  rateBp?: number;
  onCreated?: (tx: Tx, order: { id: number; orderNo: string }) => Promise<void>;
}

/**
 * The app's submission of a batch of cards (modules/cards submitOrder), lent to this module by
 * routes.ts: the card pipeline tells merchants of its decisions, so this module does not import it.
 */
export type SubmitCards = (
  deps: Deps,
  userId: number,
  body: SubmitOrderBody,
  locale: Locale,
  options: CardSubmission,
) => Promise<SubmitOrderData>;

export interface MerchantRoutesOptions {
  submitCards: SubmitCards;
}

export interface Caller {
  merchantId: number;
  userId: number;
}

export async function merchantCatalogue(deps: Deps, caller: Caller, locale: Locale): Promise<MerchantCatalogue> {
  const db = deps.database.db;
  const [types, rates] = await Promise.all([cardTypesOnSale(db, locale), rateRows(db, caller.merchantId, locale, true)]);
  return {
    list: types.map((t) => ({
      goodsId: t.goodsId,
      name: t.name,
      categoryName: t.categoryName,
      needsCardNo: t.needsCardNo,
      cardNoRule: { ruleType: t.cardNoRuleType as CardNumberRuleType, length: t.cardNoLength },
      pwdRule: { ruleType: t.pwdRuleType as CardNumberRuleType, length: t.pwdLength },
      maintenance: t.maintenance,
      maintenanceNote: t.maintenance ? t.maintenanceNote : null,
      dailyCapPerUser: t.dailyCapPerUser,
      faceValues: rates
        .filter((r) => r.goodsId === t.goodsId)
        .map((r) => ({ faceValueFen: r.faceValueFen, rateBp: r.rateBp ?? r.publicRateBp, publicRateBp: r.publicRateBp })),
    })),
  };
}

/**
 * The whole request under one keyed hash (its number, card type, face value, callback address and
 * every card as sent), so a retry is told apart from another order reusing the number; keyed,
 * because it covers card secrets.
 */
function requestHashOf(deps: Deps, body: MerchantOrderBody): Buffer {
  const cards = body.cards.map((c) => [c.cardNo ?? '', c.cardPwd]);
  return keyedHash(
    deps.config.appSecret,
    'merchant-order',
    JSON.stringify([body.merchantOrderNo, body.goodsId, body.faceValueFen, body.notifyUrl ?? null, cards]),
  );
}

/** The app's idempotency key of a merchant's order: a colon never appears in a key the app sends. */
const idempotencyKeyOf = (merchantOrderNo: string) => `merchant:${merchantOrderNo}`;

async function createdAnswer(deps: Deps, found: FoundMerchantOrder, hash: Buffer): Promise<MerchantOrderCreated> {
  if (!sameHash(found.order.requestHash, hash))
    throw new AppError(Code.MerchantOrderNoReused, { merchantOrderNo: found.order.merchantOrderNo });
  const cards = await cardsOfOrder(deps.database.db, found.order.cardOrderId);
  return {
    orderNo: found.orderNo,
    merchantOrderNo: found.order.merchantOrderNo,
    cards: cards.map((c) => ({ index: c.index, status: c.status, cardNo: c.maskedNo })),
  };
}

/**
 * POST orders: idempotent on the merchant's order number. A number seen before answers its order
 * when the body is the same and is refused when it is not. Two requests racing with one number
 * are made one by the app's submission (it locks the seller and finds the first order by its key)
 * and, behind it, by the unique index on the merchant's number; the loser answers what the winner made.
 */
export async function submitMerchantOrder(
  deps: Deps,
  submitCards: SubmitCards,
  caller: Caller,
  body: MerchantOrderBody,
  locale: Locale,
): Promise<MerchantOrderCreated> {
  const db = deps.database.db;
  const hash = requestHashOf(deps, body);
  const seen = await findMerchantOrder(db, caller.merchantId, body.merchantOrderNo);
  if (seen) return createdAnswer(deps, seen, hash);
  const type = await cardTypeOfOrder(db, body.goodsId, locale);
  if (type?.physical) throw new AppError(Code.MerchantPhysicalNotOffered, { name: type.name });
  if (body.notifyUrl) await checkNotifyUrl(deps, body.notifyUrl);
  const rateBp = await merchantRateFor(db, caller.merchantId, body.goodsId, body.faceValueFen);
  const cardsBody: SubmitOrderBody = {
    goodsId: body.goodsId,
    faceValueFen: body.faceValueFen,
    cards: body.cards,
    idempotencyKey: idempotencyKeyOf(body.merchantOrderNo),
    agree: true,
  };
  try {
    await submitCards(deps, caller.userId, cardsBody, locale, {
      ...(rateBp !== undefined ? { rateBp } : {}),
      onCreated: (tx, order) =>
        insertMerchantOrder(tx, {
          merchantId: caller.merchantId,
          merchantOrderNo: body.merchantOrderNo,
          requestHash: hash,
          cardOrderId: order.id,
          notifyUrl: body.notifyUrl ?? null,
        }),
    });
  } catch (error) {
    // Another request with this number may have won a moment ago (its cards then count as already submitted).
    const raced = await findMerchantOrder(db, caller.merchantId, body.merchantOrderNo);
    if (raced) return createdAnswer(deps, raced, hash);
    if (error instanceof AppError && error.code === Code.IdempotencyKeyReused)
      throw new AppError(Code.MerchantOrderNoReused, { merchantOrderNo: body.merchantOrderNo }, null, error);
    throw error;
  }
  const made = await findMerchantOrder(db, caller.merchantId, body.merchantOrderNo);
  if (!made) throw notFound('thing.merchantOrder');
  return createdAnswer(deps, made, hash);
}

/** How many of an order's latest callback attempts its answer shows. */
const ORDER_CALLBACKS_SHOWN = 20;

export async function getMerchantOrder(deps: Deps, caller: Caller, merchantOrderNo: string, locale: Locale): Promise<MerchantOrder> {
  const db = deps.database.db;
  const found = await findMerchantOrder(db, caller.merchantId, merchantOrderNo);
  if (!found) throw notFound('thing.merchantOrder');
  const [cards, callbacks, fallbackUrl] = await Promise.all([
    cardsOfOrder(db, found.order.cardOrderId),
    listCallbacks(db, caller.merchantId, merchantOrderNo, ORDER_CALLBACKS_SHOWN, 0),
    merchantNotifyUrl(db, caller.merchantId),
  ]);
  return {
    merchantOrderNo,
    orderNo: found.orderNo,
    goodsId: found.cardTypeId,
    faceValueFen: found.faceValueFen,
    rateBp: found.rateBp,
    notifyUrl: found.order.notifyUrl ?? fallbackUrl,
    createdAt: found.order.createdAt.toISOString(),
    cards: cards.map((c) => ({
      index: c.index,
      cardNo: c.maskedNo,
      status: c.status,
      settlementStatus: c.settlementStatus,
      declaredFaceValueFen: c.declaredFaceValueFen,
      actualFaceValueFen: c.actualFaceValueFen,
      amountFen: c.settlementFen,
      reason: reasonOf(c, locale),
      updatedAt: c.updatedAt.toISOString(),
    })),
    callbacks: callbacks.rows.map(toMerchantCallback),
  };
}

export async function merchantBalance(deps: Deps, caller: Caller): Promise<MerchantBalance> {
  return accountBalances(deps.database.db, caller.userId);
}
