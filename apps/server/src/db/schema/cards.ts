import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CardStatus,
  cardStatusTable,
  SettlementStatus,
  settlementStatusTable,
  shipmentStatusTable,
  type MessageParams,
  type ShipmentStatus,
} from '@maika/shared';
import { admins } from './operators';
import { cardTypes } from './catalogue';
import { bytea, users } from './users';
import { codesBetween } from './enumCheck';

/**
 * One submission of cards of one type and face value. The rate is copied at submission, so a
 * later rate change never changes what an accepted order pays. Physical orders carry a shipment
 * status (shared ShipmentStatus: 0 awaiting shipment, 1 in transit, 2 received); their cards are
 * handed to the card channel only once it is 2. `receivedBy` is null when the carrier reported it.
 */
export const cardOrders = pgTable(
  'card_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Keyed hash of the whole request (card type, face value, every card's fingerprint): a reused key must carry the same body. */
    requestHash: bytea('request_hash'),
    cardTypeId: bigint('card_type_id', { mode: 'number' })
      .notNull()
      .references(() => cardTypes.id),
    faceValueFen: bigint('face_value_fen', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    physical: boolean('physical').notNull().default(false),
    cardCount: integer('card_count').notNull(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    shipmentStatus: smallint('shipment_status').$type<ShipmentStatus>(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: bigint('received_by', { mode: 'number' }).references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_orders_order_no_key').on(t.orderNo),
    uniqueIndex('card_orders_user_key').on(t.userId, t.idempotencyKey),
    index('card_orders_user_idx').on(t.userId, t.id),
    check('card_orders_rate_range', sql`${t.rateBp} between 1 and 10000`),
    check('card_orders_card_count', sql`${t.cardCount} between 1 and 1000`),
    check(
      'card_orders_shipment',
      sql`(${t.physical} and ${t.shipmentStatus} ${codesBetween(shipmentStatusTable.codes)}) or (not ${t.physical} and ${t.shipmentStatus} is null)`,
    ),
    check('card_orders_received', sql`(${t.shipmentStatus} = 2) = (${t.receivedAt} is not null)`),
    // The delivery poll walks the parcels in transit (1 is ShipmentStatus.InTransit, written out:
    // the migration's index predicate is this SQL text).
    index('card_orders_in_transit_idx')
      .on(t.shippedAt)
      .where(sql`${t.shipmentStatus} = 1`),
  ],
);

/**
 * One card. Number and password are stored only encrypted (AES-256-GCM); `fingerprint` is a keyed
 * HMAC of them, unique among cards not rejected, so the same card cannot be sold twice at once.
 * `statusBeforeAppeal` and `settlementBeforeFreeze` remember where a dismissed appeal or an
 * unfreeze returns to.
 */
export const cards = pgTable(
  'cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => cardOrders.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    cardTypeId: bigint('card_type_id', { mode: 'number' })
      .notNull()
      .references(() => cardTypes.id),
    lineNo: integer('line_no').notNull(),
    cardNoEnc: bytea('card_no_enc'),
    cardPwdEnc: bytea('card_pwd_enc').notNull(),
    maskedNo: text('masked_no').notNull(),
    fingerprint: bytea('fingerprint').notNull(),
    status: smallint('status').$type<CardStatus>().notNull().default(CardStatus.Unreviewed),
    settlementStatus: smallint('settlement_status').$type<SettlementStatus>().notNull().default(SettlementStatus.NotCredited),
    statusBeforeAppeal: smallint('status_before_appeal').$type<CardStatus>(),
    settlementBeforeFreeze: smallint('settlement_before_freeze').$type<SettlementStatus>(),
    declaredFaceValueFen: bigint('declared_face_value_fen', { mode: 'number' }).notNull(),
    actualFaceValueFen: bigint('actual_face_value_fen', { mode: 'number' }),
    settlementRateBp: integer('settlement_rate_bp'),
    settlementFen: bigint('settlement_fen', { mode: 'number' }),
    /** What a reviewer typed or a channel said, as given (or null when the reason is a catalogue key). */
    rejectReason: text('reject_reason'),
    /** Our own reason (the supplier reporting more than declared), as a key of the shared text catalogue, rendered per reader. */
    rejectReasonKey: text('reject_reason_key'),
    rejectReasonParams: jsonb('reject_reason_params').$type<MessageParams>(),
    appealReason: text('appeal_reason'),
    appealReply: text('appeal_reply'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    channel: text('channel').notNull(),
    channelRef: text('channel_ref'),
    channelSubmittedAt: timestamp('channel_submitted_at', { withTimezone: true }),
    /** Hand-overs that got no usable answer; the next one waits until channelRetryAt. */
    channelAttempts: smallint('channel_attempts').notNull().default(0),
    /** When the next hand-over is due: a failed one's back-off, or the lease of the job handing the card over now. */
    channelRetryAt: timestamp('channel_retry_at', { withTimezone: true }),
    /** Why the supplier would not take the card (or why we stopped asking): it waits for a reviewer. */
    channelRefusal: text('channel_refusal'),
    channelRefusedAt: timestamp('channel_refused_at', { withTimezone: true }),
    /** The status the card channel's latest verdict gave the card (null: no verdict from it); a reviewer's decisions leave it. */
    channelVerdict: smallint('channel_verdict').$type<CardStatus>(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // 2 is CardStatus.Rejected, written out: the migration's index predicate is this SQL text.
    uniqueIndex('cards_fingerprint_live_key')
      .on(t.fingerprint)
      .where(sql`${t.status} <> 2`),
    index('cards_order_idx').on(t.orderId, t.lineNo),
    index('cards_user_created_idx').on(t.userId, t.cardTypeId, t.createdAt),
    // A user's order list filtered by card status: the orders having a card in it, from the index alone.
    index('cards_user_status_order_idx').on(t.userId, t.status, t.orderId),
    index('cards_status_idx').on(t.status, t.createdAt),
    check('cards_status_range', sql`${t.status} ${codesBetween(cardStatusTable.codes)}`),
    check('cards_settlement_range', sql`${t.settlementStatus} ${codesBetween(settlementStatusTable.codes)}`),
    check('cards_settlement_amount', sql`${t.settlementFen} is null or ${t.settlementFen} >= 0`),
  ],
);

/**
 * Per order, the card statuses it holds, how many of its cards are in each and their settlement
 * sum: a user's orders having a card in a status, newest first, read by key (the order list's
 * filter), and each listed order's figures. Kept from `cards` by statement triggers (migrations
 * 0033 and 0034), never written by the server.
 */
export const cardOrderStatuses = pgTable(
  'card_order_statuses',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: smallint('status').$type<CardStatus>().notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    cards: integer('cards').notNull(),
    /** The sum of these cards' settlement_fen (migration 0034): a passed row's is what the order settled. */
    settlementFen: bigint('settlement_fen', { mode: 'number' }).notNull().default(0),
  },
  // By order too: a page of the order list reads its orders' rows (their counts and amounts).
  (t) => [primaryKey({ columns: [t.userId, t.status, t.orderId] }), index('card_order_statuses_order_idx').on(t.orderId)],
);

/**
 * Each order on the order list as one row (migrations 0035 and 0037): its count of cards per status
 * as the list sends it (`[{ status, count }]`), its passed and in-progress cards, what its passed
 * cards settled, and its entry: the order as the list sends it, as JSON text, but for its card
 * type's name and logo and the cards matching a filter, which the page adds. Made anew from
 * card_order_statuses and card_orders by triggers on cards and orders, in the same transaction;
 * every order has one.
 */
export const cardOrderSummaries = pgTable(
  'card_order_summaries',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    cardTypeId: bigint('card_type_id', { mode: 'number' }).notNull(),
    statusCounts: json('status_counts').$type<{ status: CardStatus; count: number }[]>().notNull(),
    passed: integer('passed').notNull(),
    pending: integer('pending').notNull(),
    settledFen: bigint('settled_fen', { mode: 'number' }).notNull(),
    entry: text('entry').notNull(),
  },
  // A page of a user's orders, newest first.
  (t) => [index('card_order_summaries_user_idx').on(t.userId, t.orderId)],
);

/**
 * Per user and card status, how many orders hold a card in it; status 999 (FILTER_ALL) counts all
 * the user's orders. The order list's `total`, kept by the same triggers in the same transaction.
 */
export const cardOrderUserCounts = pgTable(
  'card_order_user_counts',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);

/** Callback nonces seen per channel, so a replayed callback is refused; older than the window, purged. */
export const channelNonces = pgTable(
  'channel_nonces',
  {
    channel: text('channel').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.nonce] }), index('channel_nonces_created_idx').on(t.createdAt)],
);
