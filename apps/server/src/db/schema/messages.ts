import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
  DeliveryStatus,
  deliveryStatusTable,
  messageChannelTable,
  messageTypeTable,
  type MessageChannel,
  type MessageType,
} from '@maika/shared';
import { bytea, users } from './users';
import { codesBetween } from './enumCheck';

/**
 * A message to a seller, written in the transaction of the change it reports (docs/design.md
 * "Messages"). Its text is rendered from `type` and `params` in the reader's language when read;
 * `subject` names what it is about (`order:12`, `withdrawal:7`), so one change reports once.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: smallint('type').$type<MessageType>().notNull(),
    subject: text('subject').notNull(),
    /** What the text is rendered from: amounts in fen, masked card numbers, reason keys; never a secret. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('messages_subject_key').on(t.userId, t.type, t.subject),
    index('messages_user_idx').on(t.userId, t.id),
    // The message centre's order: newest first, a renewed message (dated anew) among the newest.
    index('messages_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('messages_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('messages_type_range', sql`${t.type} ${codesBetween(messageTypeTable.codes)}`),
  ],
);

/**
 * The outbox: one row per message and channel, written with the message. A worker claims a row
 * (pending → sending) before it calls the vendor and never claims it again, so a message reaches a
 * channel at most once; support's resend puts a failed one back to pending.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    channel: smallint('channel').$type<MessageChannel>().notNull(),
    status: smallint('status').$type<DeliveryStatus>().notNull().default(DeliveryStatus.Pending),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending delivery may be tried (backoff after a retryable failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    vendorAnswer: text('vendor_answer'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('message_deliveries_channel_key').on(t.messageId, t.channel),
    index('message_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in (0, 1)`),
    check('message_deliveries_channel_range', sql`${t.channel} ${codesBetween(messageChannelTable.codes)}`),
    check('message_deliveries_status_range', sql`${t.status} ${codesBetween(deliveryStatusTable.codes)}`),
  ],
);

/** A user's choice per message type; a type without a row has the defaults of modules/messages. */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: smallint('type').$type<MessageType>().notNull(),
    sms: boolean('sms').notNull(),
    miniProgram: boolean('mini_program').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('message_preferences_type_range', sql`${t.type} ${codesBetween(messageTypeTable.codes)}`),
  ],
);

/**
 * One-time subscribe consents a mini-program collected: each accepted template allows one message,
 * so `remaining` counts the accepts not yet used.
 */
export const subscribeConsents = pgTable(
  'subscribe_consents',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channel: smallint('channel').$type<MessageChannel>().notNull(),
    templateId: text('template_id').notNull(),
    remaining: integer('remaining').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channel, t.templateId] }),
    check('subscribe_consents_remaining', sql`${t.remaining} >= 0`),
    check('subscribe_consents_channel_range', sql`${t.channel} ${codesBetween(messageChannelTable.codes)}`),
  ],
);

/** Vendor access tokens (WeChat's stable_token), shared by every instance; the token is encrypted. */
export const vendorTokens = pgTable('vendor_tokens', {
  name: text('name').primaryKey(),
  tokenEnc: bytea('token_enc').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
