import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { Gender, genderTable, locales } from '@maika/shared';
import { oneOf } from './enumCheck';

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const userStatuses = ['active', 'frozen', 'cancelled'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Null once the account is cancelled, so the number can sign up again as a new person.
    phone: text('phone'),
    /** Null until the user chooses one: the default is rendered in the reader's language (nicknameIn). */
    nickname: text('nickname'),
    avatar: text('avatar'),
    gender: smallint('gender').$type<Gender>().notNull().default(Gender.Unknown),
    inviteCode: text('invite_code').notNull(),
    referrerId: bigint('referrer_id', { mode: 'number' }),
    realNameEnc: bytea('real_name_enc'),
    idNumEnc: bytea('id_num_enc'),
    idNumMasked: text('id_num_masked'),
    /** Keyed HMAC of the verified ID number: one ID per account, enforced by its unique index. */
    idNumHash: bytea('id_num_hash'),
    realNameVerifiedAt: timestamp('real_name_verified_at', { withTimezone: true }),
    wechatOpenid: text('wechat_openid'),
    alipayUserId: text('alipay_user_id'),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    /** The language the user last used the app in: messages sent outside the app are written in it. */
    locale: text('locale', { enum: locales }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    uniqueIndex('users_wechat_openid_key').on(t.wechatOpenid),
    uniqueIndex('users_alipay_user_id_key').on(t.alipayUserId),
    uniqueIndex('users_id_num_hash_key').on(t.idNumHash),
    index('users_referrer_idx').on(t.referrerId),
    check('users_gender_check', sql`${t.gender} ${oneOf(genderTable.codes)}`),
    check('users_locale_check', sql`${t.locale} ${oneOf(locales)}`),
    check('users_not_own_referrer', sql`${t.referrerId} is distinct from ${t.id}`),
  ],
);

export const tokenKinds = ['anonymous', 'user'] as const;

/** Opaque bearer tokens; only their HMAC is stored, so a database leak yields no usable token. */
export const tokens = pgTable(
  'tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    kind: text('kind', { enum: tokenKinds }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    deviceId: text('device_id').notNull(),
    referralCode: text('referral_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tokens_hash_key').on(t.tokenHash),
    index('tokens_user_idx').on(t.userId),
    // The purge job deletes by expiry.
    index('tokens_expires_idx').on(t.expiresAt),
  ],
);
