import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminRoleTable, type AdminRoleKey } from '@maika/shared';
import { bytea } from './users';

export const adminRoles = adminRoleTable.keys as [AdminRoleKey, ...AdminRoleKey[]];
export type AdminRole = AdminRoleKey;

export const admins = pgTable(
  'admins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    /** Null until the operator chooses one through a set-up link, and again after a reset. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: adminRoles }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** TOTP secret (base32), AES-256-GCM encrypted; set once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment and not confirmed yet. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Keyed hashes of the unused recovery codes. */
    recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
    /** Failed logins since the last success, from any address: slows the next attempt, never refuses it. */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** Wrong second-factor codes in a row; reaching the cap locks the second factor for a while. */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    /** Until then no 6-digit code is judged, only a recovery code. */
    secondFactorLockedUntil: timestamp('second_factor_locked_until', { withTimezone: true }),
    /** Keyed hash of the one-time set-up code that lets the operator choose a password; null once used. */
    setupCodeHash: bytea('setup_code_hash'),
    setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
    /**
     * The administrators who last created this account, reset its password or two-factor login or
     * gave it its role (both, when a second approved it; none from the terminal), and when: for
     * OPERATOR_TRUST_DAYS neither side decides the other's second approvals.
     */
    accessGrantedBy: bigint('access_granted_by', { mode: 'number' }).array().notNull().default([]),
    accessGrantedAt: timestamp('access_granted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admins_username_key').on(t.username), uniqueIndex('admins_setup_code_key').on(t.setupCodeHash)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A session of an operator who must set up two-factor login first: it may do nothing else. */
    enrolmentOnly: boolean('enrolment_only').notNull().default(false),
  },
  (t) => [uniqueIndex('admin_sessions_hash_key').on(t.tokenHash)],
);

/** Append-only record of every admin write. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => admins.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_admin_idx').on(t.adminId)],
);
