import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, users } from './users';
import { oneOf } from './enumCheck';

export const faceCertifyStatuses = ['pending', 'passed', 'failed', 'expired'] as const;

/**
 * One attempt at real-name face verification. The name and ID number are kept encrypted until the
 * attempt passes and they move onto the user; the HMAC lets "one ID per account" be checked
 * without decrypting anything.
 */
export const faceCertifications = pgTable(
  'face_certifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    /** Our order number at the provider (Alipay's outer_order_no). */
    outerOrderNo: text('outer_order_no').notNull(),
    /** The provider's id of the attempt; the client knows the attempt by it. */
    certifyId: text('certify_id').notNull(),
    nameEnc: bytea('name_enc').notNull(),
    idNumEnc: bytea('id_num_enc').notNull(),
    idNumHash: bytea('id_num_hash').notNull(),
    status: text('status', { enum: faceCertifyStatuses }).notNull().default('pending'),
    certifyUrl: text('certify_url').notNull(),
    failReason: text('fail_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('face_certifications_outer_order_no_key').on(t.outerOrderNo),
    uniqueIndex('face_certifications_certify_id_key').on(t.provider, t.certifyId),
    index('face_certifications_user_idx').on(t.userId, t.id),
    check('face_certifications_status_check', sql`${t.status} ${oneOf(faceCertifyStatuses)}`),
  ],
);

/** Proof that the user just read a code sent to their current phone; spent by the phone change. */
export const phoneChangeVouchers = pgTable(
  'phone_change_vouchers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    voucherHash: bytea('voucher_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('phone_change_vouchers_hash_key').on(t.voucherHash), index('phone_change_vouchers_user_idx').on(t.userId)],
);

export const miniProgramPlatforms = ['weapp', 'alipay'] as const;

/**
 * A mini-program login that found no linked account (code 309). Only the device that made it may
 * link that openid to a phone account by SMS login, shortly afterwards and once.
 */
export const miniProgramLogins = pgTable(
  'mini_program_logins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: text('platform', { enum: miniProgramPlatforms }).notNull(),
    openid: text('openid').notNull(),
    deviceId: text('device_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('mini_program_logins_openid_idx').on(t.platform, t.openid, t.deviceId),
    check('mini_program_logins_platform_check', sql`${t.platform} ${oneOf(miniProgramPlatforms)}`),
  ],
);

/** The face verification simulator's sessions: what its page shows and what the tester chose. */
export const faceSimSessions = pgTable('face_sim_sessions', {
  certifyId: text('certify_id').primaryKey(),
  nameMasked: text('name_masked').notNull(),
  outcome: text('outcome', { enum: ['passed', 'failed'] }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
