import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { WithdrawalStatus, withdrawalStatusTable, type MessageParams, type PayeeChannel } from '@maika/shared';
import { admins } from './operators';
import { ledgerTransfers } from './ledger';
import { bytea, users } from './users';
import { codesBetween } from './enumCheck';

/** One row per payee channel (PayeeChannel code); rows are created by a migration. */
export const withdrawalChannels = pgTable(
  'withdrawal_channels',
  {
    channel: smallint('channel').$type<PayeeChannel>().primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    minFen: bigint('min_fen', { mode: 'number' }).notNull(),
    maxFen: bigint('max_fen', { mode: 'number' }).notNull(),
    feeBp: integer('fee_bp').notNull().default(0),
    feeMinFen: bigint('fee_min_fen', { mode: 'number' }).notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    autoPayout: boolean('auto_payout').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    check('withdrawal_channels_limits', sql`${t.minFen} > 0 and ${t.maxFen} >= ${t.minFen}`),
    check('withdrawal_channels_fee', sql`${t.feeBp} between 0 and 10000 and ${t.feeMinFen} >= 0`),
  ],
);

/** A user's payout account, at most one per channel; the name is the verified real name. */
export const payees = pgTable(
  'payees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channel: smallint('channel').$type<PayeeChannel>().notNull(),
    nameEnc: bytea('name_enc').notNull(),
    nameMasked: text('name_masked').notNull(),
    accountEnc: bytea('account_enc').notNull(),
    accountMasked: text('account_masked').notNull(),
    bankCode: text('bank_code'),
    branch: text('branch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payees_user_channel_key').on(t.userId, t.channel)],
);

/**
 * A withdrawal keeps its own copy of the payee (name, account), so changing or deleting a payee
 * never changes where an accepted withdrawal is paid. `attempt` counts admin retries; each
 * attempt has its own hold and its own vendor order number (`out_biz_no`).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    channel: smallint('channel').$type<PayeeChannel>().notNull(),
    payeeId: bigint('payee_id', { mode: 'number' }).references(() => payees.id, { onDelete: 'set null' }),
    payeeNameEnc: bytea('payee_name_enc').notNull(),
    payeeNameMasked: text('payee_name_masked').notNull(),
    payeeAccountEnc: bytea('payee_account_enc').notNull(),
    payeeAccountMasked: text('payee_account_masked').notNull(),
    bankCode: text('bank_code'),
    branch: text('branch'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    status: smallint('status').$type<WithdrawalStatus>().notNull().default(WithdrawalStatus.Unpaid),
    attempt: smallint('attempt').notNull().default(1),
    outBizNo: text('out_biz_no').notNull(),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    approvalsRequired: smallint('approvals_required').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * Automatic, within the user's daily limit, and not yet weighed against the platform's: the
     * payout job decides that under the day's platform-wide lock (withdrawals/limitService.ts), so creation never
     * takes it. Counted in the user's running total but not yet in the platform's.
     */
    platformLimitPending: boolean('platform_limit_pending').notNull().default(false),
    /**
     * The Beijing business day it was last put up for automatic payout (its creation or its last
     * retry): the day both daily limits weigh it against and the day the running totals book it on.
     */
    payoutDay: date('payout_day', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'Asia/Shanghai')::date`),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    packageInfo: text('package_info'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** What the operator typed when refusing or failing it by hand (or a reason stored before keys). */
    failReason: text('fail_reason'),
    /** Why the payout failed, as a key of the shared text catalogue, rendered per reader. */
    failReasonKey: text('fail_reason_key'),
    failReasonParams: jsonb('fail_reason_params').$type<MessageParams>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_order_no_key').on(t.orderNo),
    uniqueIndex('withdrawals_out_biz_no_key').on(t.outBizNo),
    uniqueIndex('withdrawals_user_key').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_status_check', sql`${t.status} ${codesBetween(withdrawalStatusTable.codes)}`),
    check('withdrawals_amounts', sql`${t.amountFen} > 0 and ${t.feeFen} >= 0`),
  ],
);

/**
 * Running totals of the automatic payouts counted against the daily limits (withdrawals.ts's
 * limits): per Beijing business day for the whole platform, and per day and user. A trigger of
 * migration 0016 (as changed by 0020 and 0024) keeps them equal to the sum over `withdrawals` (no
 * approval needed, not failed, by `payout_day`; for the platform, also no longer
 * `platform_limit_pending`) in the transaction that changes a withdrawal, so the limit check
 * under its lock reads one row instead of summing the day's withdrawals.
 */
export const automaticPayoutDays = pgTable('automatic_payout_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
});

export const automaticPayoutUserDays = pgTable(
  'automatic_payout_user_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * How many of a user's withdrawals are open (withdrawal_open() of migration 0036, which is
 * openWithdrawalStatuses of ../withdrawalStatuses.ts in SQL), kept by a trigger of migration 0040 in
 * the transaction that opens or closes one, so a creation weighs WITHDRAWAL_MAX_OPEN by one row.
 */
export const withdrawalOpenCounts = pgTable(
  'withdrawal_open_counts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    open: integer('open').notNull(),
  },
  (t) => [check('withdrawal_open_counts_not_negative', sql`${t.open} >= 0`)],
);

/** Finance approvals of one attempt; the same operator cannot approve an attempt twice. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    attempt: smallint('attempt').notNull(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('withdrawal_approvals_once').on(t.withdrawalId, t.attempt, t.adminId)],
);

/** The payout simulator's own record of transfers, by vendor order number, so `query` survives restarts. */
export const payoutSimTransfers = pgTable('payout_sim_transfers', {
  outBizNo: text('out_biz_no').primaryKey(),
  channel: text('channel').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  outcome: text('outcome').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
