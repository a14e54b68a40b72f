import { bigserial, index, integer, pgTable, smallint, text, timestamp, varchar, bigint } from 'drizzle-orm/pg-core';
import { bytea } from './users';

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: bytea('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt), index('sms_codes_expires_idx').on(t.expiresAt)],
);

/** What the SMS simulator "delivered": read by operators and, outside production, by developers. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    /** The verification code; null for a notice (purpose `notice`), whose text is in `content`. */
    code: text('code'),
    content: text('content'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.sentAt), index('sms_outbox_sent_idx').on(t.sentAt)],
);

/** The counters of lib/limits.ts (key, points taken, window end in epoch ms); one table so every instance shares them. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
