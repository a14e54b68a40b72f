import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  MerchantStatus,
  merchantCallbackStatusTable,
  merchantStatusTable,
  type MerchantCallbackPayload,
  type MerchantCallbackStatus,
} from '@maika/shared';
import { admins } from './operators';
import { cardTypes } from './catalogue';
import { cardOrders } from './cards';
import { bytea, users } from './users';
import { codesBetween } from './enumCheck';

/**
 * A user's application to sell through the signed API, and where it stands (docs/design.md
 * "Merchant API"). One per user; `reason` is what the operator wrote when refusing or suspending.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    monthlyVolume: integer('monthly_volume').notNull(),
    status: smallint('status').$type<MerchantStatus>().notNull().default(MerchantStatus.Waiting),
    reason: text('reason'),
    notifyUrl: text('notify_url'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => admins.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('merchants_user_key').on(t.userId),
    index('merchants_status_idx').on(t.status, t.id),
    check('merchants_status_range', sql`${t.status} ${codesBetween(merchantStatusTable.codes)}`),
    check('merchants_monthly_volume', sql`${t.monthlyVolume} > 0`),
  ],
);

/**
 * A merchant's API key. The secret is kept encrypted, not hashed: our callbacks are signed with it,
 * so we must be able to read it back. `keyId` is public; a revoked key signs nothing again.
 */
export const merchantApiKeys = pgTable(
  'merchant_api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id),
    keyId: text('key_id').notNull(),
    secretEnc: bytea('secret_enc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [unique('merchant_api_keys_key_id_key').on(t.keyId), index('merchant_api_keys_merchant_idx').on(t.merchantId, t.id)],
);

/** Nonces seen per key, so a replayed request is refused; purged once older than the clock window allows. */
export const merchantNonces = pgTable(
  'merchant_nonces',
  {
    keyId: bigint('key_id', { mode: 'number' })
      .notNull()
      .references(() => merchantApiKeys.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('merchant_nonces_seen_idx').on(t.seenAt)],
);

/** A merchant's own rate for a face value of a card type; without a row it is paid the public rate. */
export const merchantRates = pgTable(
  'merchant_rates',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id),
    cardTypeId: bigint('card_type_id', { mode: 'number' })
      .notNull()
      .references(() => cardTypes.id),
    faceValueFen: bigint('face_value_fen', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => admins.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.cardTypeId, t.faceValueFen] }),
    check('merchant_rates_rate_range', sql`${t.rateBp} between 1 and 10000`),
  ],
);

/**
 * An order submitted through the API: the card order it became, under the merchant's own number,
 * unique per merchant (so two requests racing with one number make one order). `requestHash` tells
 * a retry from another order reusing the number. The callback bookkeeping: each decision on a card
 * raises `notifyVersion`; a delivered callback records the version it carried in `notifiedVersion`;
 * `callbackDueAt` is when the next attempt is due and `callbackSince` when the undelivered news began
 * (retries stop 24 hours after it).
 */
export const merchantOrders = pgTable(
  'merchant_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id),
    merchantOrderNo: text('merchant_order_no').notNull(),
    requestHash: bytea('request_hash').notNull(),
    cardOrderId: bigint('card_order_id', { mode: 'number' })
      .notNull()
      .references(() => cardOrders.id),
    notifyUrl: text('notify_url'),
    notifyVersion: integer('notify_version').notNull().default(0),
    notifiedVersion: integer('notified_version').notNull().default(0),
    callbackDueAt: timestamp('callback_due_at', { withTimezone: true }),
    callbackSince: timestamp('callback_since', { withTimezone: true }),
    callbackAttempts: integer('callback_attempts').notNull().default(0),
    /** Set while an attempt is under way: one attempt per order at a time, so callbacks arrive in order. */
    callbackClaimedUntil: timestamp('callback_claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('merchant_orders_merchant_order_no_key').on(t.merchantId, t.merchantOrderNo),
    unique('merchant_orders_card_order_key').on(t.cardOrderId),
    index('merchant_orders_callback_due_idx')
      .on(t.callbackDueAt)
      .where(sql`${t.callbackDueAt} is not null`),
  ],
);

/** Every attempt to deliver an order's callback, with what was sent and what the merchant's server answered. */
export const merchantCallbacks = pgTable(
  'merchant_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantOrderId: bigint('merchant_order_id', { mode: 'number' })
      .notNull()
      .references(() => merchantOrders.id),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    status: smallint('status').$type<MerchantCallbackStatus>().notNull(),
    responseCode: integer('response_code'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    /** The JSON sent: statuses, amounts and reasons, never a card number or secret. */
    payload: jsonb('payload').$type<MerchantCallbackPayload>().notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_callbacks_merchant_idx').on(t.merchantId, t.id),
    index('merchant_callbacks_order_idx').on(t.merchantOrderId, t.id),
    check('merchant_callbacks_status_range', sql`${t.status} ${codesBetween(merchantCallbackStatusTable.codes)}`),
  ],
);
