/**
 * The merchant API (docs/product.md "Merchant API"): a reseller applies in the app, an operator
 * approves it, and its own system then sells cards under /api/merchant/v1/ with signed requests
 * and hears each card's result by a signed callback. Statuses are the tables in ../enums; amounts
 * are integer fen, rates basis points, times ISO 8601.
 *
 * Signing, both ways (a merchant's request to us, our callback to the merchant):
 *   X-Maika-Key        the key id
 *   X-Maika-Timestamp  Unix seconds, within MERCHANT_CLOCK_SKEW_SECONDS of the receiver's clock
 *   X-Maika-Nonce      16 to 64 of [A-Za-z0-9_-], never reused with the same key
 *   X-Maika-Signature  lowercase hex HMAC-SHA256(secret, merchantStringToSign(...))
 */
import { z } from 'zod';
import { CARD_BATCH_MAX } from '../cardNumber';
import {
  cardNumberRuleTypeSchema,
  cardStatusSchema,
  merchantCallbackStatusSchema,
  merchantStatusSchema,
  queryCodeSchema,
  settlementStatusSchema,
} from '../enumSchemas';
import { fenSchema, positiveFenSchema, rateBpSchema } from '../money';
import { submitCardLine } from './cards';
import { idSchema as id, isoTimeSchema as isoTime, pageFields, phoneDigitsSchema, positiveIdSchema as positiveId } from './common';

// ---------------------------------------------------------------------------------------------
// The signature

/** The headers of a signed request, as sent (HTTP header names are case-insensitive). */
export const MERCHANT_HEADERS = {
  key: 'X-Maika-Key',
  timestamp: 'X-Maika-Timestamp',
  nonce: 'X-Maika-Nonce',
  signature: 'X-Maika-Signature',
} as const;

/** How far a request's timestamp may be from the receiver's clock, either way. */
export const MERCHANT_CLOCK_SKEW_SECONDS = 300;
export const MERCHANT_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const MERCHANT_TIMESTAMP_PATTERN = /^\d{1,12}$/;
export const MERCHANT_SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
/** The largest body a signed request may carry: 1000 cards fit with room to spare. */
export const MERCHANT_BODY_LIMIT_BYTES = 1024 * 1024;
/** The base path of the signed API. */
export const MERCHANT_API_BASE = '/api/merchant/v1/';

/** A key id as we issue them: `mk_` and 24 lowercase hex digits. Public: it names the key, it is not the secret. */
export const MERCHANT_KEY_ID_PATTERN = /^mk_[0-9a-f]{24}$/;
/** Keys a merchant may hold unrevoked at once, so a rotation can overlap the old key. */
export const MERCHANT_ACTIVE_KEYS_MAX = 5;

export interface MerchantSignedParts {
  /** GET, POST … (upper case is what is signed). */
  method: string;
  /** The path with its query string exactly as sent (`/api/merchant/v1/orders/A1?x=1`); for a callback, the notify URL's. */
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  /** Lowercase hex SHA-256 of the body bytes; of nothing (e3b0c442…) when there is no body. */
  bodySha256: string;
}

/** The text both sides sign: five lines joined by a line feed, no trailing one. */
export function merchantStringToSign(p: MerchantSignedParts): string {
  return [p.method.toUpperCase(), p.pathWithQuery, p.timestamp, p.nonce, p.bodySha256].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Pieces

/** The merchant's own number for an order: unique among its orders, the key that makes a retry safe. */
export const MERCHANT_ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const merchantOrderNoSchema = z
  .string({ error: 'must be text' })
  .regex(MERCHANT_ORDER_NO_PATTERN, 'must be 1 to 64 letters, digits, dash or underscore');

const NOTIFY_URL_MAX = 500;
/** The scheme only; the server checks the rest (https, a public address) when it is saved and when it is used. */
export const notifyUrlSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(NOTIFY_URL_MAX, `must be at most ${NOTIFY_URL_MAX} characters`)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'must be a full web address starting with https://');

const keyIdSchema = z.string({ error: 'must be text' }).regex(MERCHANT_KEY_ID_PATTERN, 'must be a key id like mk_ and 24 hex digits');

/** A key as listed: never its secret, which is shown once, when it is made. */
export const merchantKey = z.object({
  keyId: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  revoked: z.boolean(),
  revokedAt: isoTime.nullable(),
});
export type MerchantKey = z.infer<typeof merchantKey>;

/** One delivery attempt of an order's callback and what the merchant's server answered. */
export const merchantCallback = z.object({
  id,
  merchantOrderNo: z.string(),
  orderNo: z.string(),
  /** 1 for the first attempt after a change; counts up with each retry. */
  attempt: z.number().int(),
  url: z.string(),
  status: merchantCallbackStatusSchema,
  /** The HTTP status the merchant's server answered; null when it gave none (refused, timed out, address refused). */
  responseCode: z.number().int().nullable(),
  /** The start of its answer (at most 500 characters). */
  responseExcerpt: z.string().nullable(),
  /** Why no answer was had, in English as the network reported it (`timed out after 5000 ms`, `address 10.0.0.8 is private`). */
  error: z.string().nullable(),
  createdAt: isoTime,
  /** When the next attempt is due; null when this one was delivered, retries are over, or a later attempt was made. */
  nextAttemptAt: isoTime.nullable(),
});
export type MerchantCallback = z.infer<typeof merchantCallback>;
export const merchantCallbackList = z.object({ list: z.array(merchantCallback), total: z.number().int() });
export type MerchantCallbackList = z.infer<typeof merchantCallbackList>;

export const merchantCallbackQuery = z.object({
  /** Only the attempts of this order. */
  merchantOrderNo: merchantOrderNoSchema.optional(),
  ...pageFields(),
});
export type MerchantCallbackQuery = z.infer<typeof merchantCallbackQuery>;

export const merchantResendBody = z.object({ merchantOrderNo: merchantOrderNoSchema });
export type MerchantResendBody = z.input<typeof merchantResendBody>;
/** The callback is queued at once, with the order's state as it is when it is sent. */
export const merchantResendData = z.object({ merchantOrderNo: z.string(), notifyUrl: z.string() });
export type MerchantResendData = z.infer<typeof merchantResendData>;

// ---------------------------------------------------------------------------------------------
// In the app (user login): POST /api/merchant/apply, GET /api/merchant/profile, keys, notifyUrl

export const MERCHANT_NAME_MIN = 2;
export const MERCHANT_NAME_MAX = 60;
export const MERCHANT_CONTACT_MAX = 60;
export const MERCHANT_MONTHLY_VOLUME_MAX = 10_000_000;

export const merchantApplyBody = z.object({
  /** The company or shop name. */
  name: z
    .string({ error: 'must be text' })
    .trim()
    .min(MERCHANT_NAME_MIN, `must be ${MERCHANT_NAME_MIN} to ${MERCHANT_NAME_MAX} characters`)
    .max(MERCHANT_NAME_MAX, `must be ${MERCHANT_NAME_MIN} to ${MERCHANT_NAME_MAX} characters`),
  /** Who we talk to and how: a name with a phone, WeChat or e-mail. */
  contact: z
    .string({ error: 'must be text' })
    .trim()
    .min(MERCHANT_NAME_MIN, `must be ${MERCHANT_NAME_MIN} to ${MERCHANT_CONTACT_MAX} characters`)
    .max(MERCHANT_CONTACT_MAX, `must be ${MERCHANT_NAME_MIN} to ${MERCHANT_CONTACT_MAX} characters`),
  /** Cards a month the merchant expects to sell. */
  monthlyVolume: z
    .number({ error: 'must be a number of cards' })
    .int('must be a whole number of cards')
    .min(1, 'must be 1 or more')
    .max(MERCHANT_MONTHLY_VOLUME_MAX, 'must be at most 10,000,000 cards'),
});
export type MerchantApplyBody = z.input<typeof merchantApplyBody>;
export const merchantApplyData = z.object({ status: merchantStatusSchema });

export const merchantProfile = z.object({
  /** Null when the user never applied. */
  status: merchantStatusSchema.nullable(),
  name: z.string().nullable(),
  contact: z.string().nullable(),
  monthlyVolume: z.number().int().nullable(),
  /** Why the application was refused or the access suspended, as the operator wrote it. */
  reason: z.string().nullable(),
  /** Where callbacks go for orders that name no address of their own. */
  notifyUrl: z.string().nullable(),
  appliedAt: isoTime.nullable(),
  decidedAt: isoTime.nullable(),
  /** Newest first, revoked ones included. */
  keys: z.array(merchantKey),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

/** The secret is in this answer only: we keep it encrypted (to sign callbacks) and never show it again. */
export const merchantKeyCreated = z.object({ keyId: z.string(), secret: z.string() });
export type MerchantKeyCreated = z.infer<typeof merchantKeyCreated>;
export const merchantKeyParams = z.object({ keyId: keyIdSchema });
export const merchantKeyRevoked = z.object({ key: merchantKey });

export const merchantNotifyUrlBody = z.object({
  /** null removes it: orders without their own address then get no callback. */
  notifyUrl: notifyUrlSchema.nullable(),
});
export type MerchantNotifyUrlBody = z.input<typeof merchantNotifyUrlBody>;
export const merchantNotifyUrlData = z.object({ notifyUrl: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// The signed API: GET catalogue, POST orders, GET orders/{merchantOrderNo}, GET balance

const inputRule = z.object({ ruleType: cardNumberRuleTypeSchema, length: z.number().int().nullable() });

export const merchantFaceValue = z.object({
  faceValueFen: fenSchema,
  /** What this merchant is paid: its own rate where an operator set one, else the public rate. */
  rateBp: rateBpSchema,
  publicRateBp: rateBpSchema,
});

/** An electronic card type on sale (physical cards are mailed, through the app only). */
export const merchantCatalogueItem = z.object({
  goodsId: id,
  name: z.string(),
  categoryName: z.string(),
  /** Password-only card types take no card number. */
  needsCardNo: z.boolean(),
  cardNoRule: inputRule,
  pwdRule: inputRule,
  /** While true, orders of this type are refused (code 1702). */
  maintenance: z.boolean(),
  maintenanceNote: z.string().nullable(),
  /** Cards of this type a seller may submit per day, or null for no cap. */
  dailyCapPerUser: z.number().int().nullable(),
  faceValues: z.array(merchantFaceValue),
});
export type MerchantCatalogueItem = z.infer<typeof merchantCatalogueItem>;
export const merchantCatalogue = z.object({ list: z.array(merchantCatalogueItem) });
export type MerchantCatalogue = z.infer<typeof merchantCatalogue>;

export const merchantOrderBody = z.object({
  merchantOrderNo: merchantOrderNoSchema,
  goodsId: positiveId,
  faceValueFen: positiveFenSchema,
  cards: z.array(submitCardLine).min(1, 'must have at least one card').max(CARD_BATCH_MAX, 'must have at most 1000 cards'),
  /** Callbacks of this order go here instead of the merchant's address. */
  notifyUrl: notifyUrlSchema.optional(),
});
export type MerchantOrderBody = z.input<typeof merchantOrderBody>;

export const merchantOrderCreated = z.object({
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  cards: z.array(
    z.object({
      /** The card's 0-based position in the request's `cards`. */
      index: z.number().int(),
      status: cardStatusSchema,
      /** Masked: the first and last characters only. */
      cardNo: z.string(),
    }),
  ),
});
export type MerchantOrderCreated = z.infer<typeof merchantOrderCreated>;

export const merchantOrderParams = z.object({ merchantOrderNo: merchantOrderNoSchema });

export const merchantOrderCard = z.object({
  index: z.number().int(),
  cardNo: z.string(),
  status: cardStatusSchema,
  settlementStatus: settlementStatusSchema,
  declaredFaceValueFen: fenSchema,
  actualFaceValueFen: fenSchema.nullable(),
  /** What the card is (or will be) credited, once it passed. */
  amountFen: fenSchema.nullable(),
  /** Why it was rejected or is being checked by hand, in the reader's language. */
  reason: z.string().nullable(),
  updatedAt: isoTime,
});
export type MerchantOrderCard = z.infer<typeof merchantOrderCard>;

export const merchantOrder = z.object({
  merchantOrderNo: z.string(),
  orderNo: z.string(),
  goodsId: id,
  faceValueFen: fenSchema,
  /** The rate the order was accepted at: this merchant's rate for the face value at that time. */
  rateBp: rateBpSchema,
  /** The order's own callback address, else the merchant's at the time of sending. */
  notifyUrl: z.string().nullable(),
  createdAt: isoTime,
  cards: z.array(merchantOrderCard),
  /** The latest callback attempts, newest first (at most 20). */
  callbacks: z.array(merchantCallback),
});
export type MerchantOrder = z.infer<typeof merchantOrder>;

export const merchantBalance = z.object({
  /** What can be withdrawn now. */
  availableFen: fenSchema,
  /** Held by withdrawals under way. */
  heldFen: fenSchema,
});
export type MerchantBalance = z.infer<typeof merchantBalance>;

/** The JSON of our callback: the order's every card as it stands when the callback is sent. */
export const merchantCallbackPayload = z.object({
  merchantOrderNo: z.string(),
  orderNo: z.string(),
  cards: z.array(
    z.object({
      index: z.number().int(),
      status: cardStatusSchema,
      settlementStatus: settlementStatusSchema,
      amountFen: fenSchema.nullable(),
      /** In Chinese, as the app shows it to a seller. */
      reason: z.string().nullable(),
    }),
  ),
});
export type MerchantCallbackPayload = z.infer<typeof merchantCallbackPayload>;

// ---------------------------------------------------------------------------------------------
// Back office: /api/admin/merchants

export const adminMerchantQuery = z.object({
  status: queryCodeSchema(merchantStatusSchema).optional(),
  phone: phoneDigitsSchema.optional(),
  /** Some letters of the company or shop name. */
  name: z.string().trim().max(MERCHANT_NAME_MAX, `must be at most ${MERCHANT_NAME_MAX} characters`).optional(),
  ...pageFields(),
});
export type AdminMerchantQuery = z.infer<typeof adminMerchantQuery>;

export const adminMerchant = z.object({
  id,
  userId: id,
  phone: z.string().nullable(),
  name: z.string(),
  contact: z.string(),
  monthlyVolume: z.number().int(),
  status: merchantStatusSchema,
  reason: z.string().nullable(),
  notifyUrl: z.string().nullable(),
  appliedAt: isoTime,
  decidedAt: isoTime.nullable(),
  /** The operator who made the latest decision. */
  decidedBy: z.string().nullable(),
  activeKeys: z.number().int(),
});
export type AdminMerchant = z.infer<typeof adminMerchant>;
export const adminMerchantList = z.object({ list: z.array(adminMerchant), total: z.number().int() });
export const adminMerchantDetail = adminMerchant.extend({ keys: z.array(merchantKey) });
export type AdminMerchantDetail = z.infer<typeof adminMerchantDetail>;

const REASON_MAX = 200;
/** Refusing or suspending says why: the merchant reads it on its page. */
export const adminMerchantReasonBody = z.object({
  reason: z
    .string({ error: 'must be text' })
    .trim()
    .min(2, `must be 2 to ${REASON_MAX} characters: say why, the merchant reads it`)
    .max(REASON_MAX, `must be 2 to ${REASON_MAX} characters: say why, the merchant reads it`),
});
export type AdminMerchantReasonBody = z.input<typeof adminMerchantReasonBody>;

/** A face value of an electronic card type and what this merchant is paid for it. */
export const adminMerchantRate = z.object({
  goodsId: id,
  goodsName: z.string(),
  faceValueFen: fenSchema,
  publicRateBp: rateBpSchema,
  /** This merchant's own rate; null when it is paid the public rate. */
  rateBp: rateBpSchema.nullable(),
});
export type AdminMerchantRate = z.infer<typeof adminMerchantRate>;
export const adminMerchantRates = z.object({ list: z.array(adminMerchantRate) });
export type AdminMerchantRates = z.infer<typeof adminMerchantRates>;

export const MERCHANT_RATES_PER_SAVE_MAX = 500;
/** An order's rate is at least one basis point: a rate of 0 would buy cards for nothing. */
const merchantRateBp = rateBpSchema.min(1, 'must be 1 to 10000 basis points');
export const adminMerchantRatesBody = z.object({
  /** Each row set (or, with rateBp null, returned to the public rate); rows not named stay as they are. */
  rates: z
    .array(z.object({ goodsId: positiveId, faceValueFen: positiveFenSchema, rateBp: merchantRateBp.nullable() }))
    .min(1, 'must name at least one rate')
    .max(MERCHANT_RATES_PER_SAVE_MAX, `must name at most ${MERCHANT_RATES_PER_SAVE_MAX} rates`)
    .refine(
      (rows) => new Set(rows.map((r) => `${r.goodsId}:${r.faceValueFen}`)).size === rows.length,
      'must name each card type and face value once',
    ),
});
export type AdminMerchantRatesBody = z.input<typeof adminMerchantRatesBody>;
