import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, pgTable, pgView, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Sign convention (one rule for every account): balance = credits − debits. A transfer moves
 * `amount_fen` from its debit account to its credit account, so the balances of all accounts
 * always sum to 0. User accounts never go below 0 (CHECK); platform accounts may, and the
 * clearing account is negative by what the platform owes its users and has paid out.
 *
 * A platform account's `balance_fen` is only what the rollup has folded in: its balance is that
 * plus its `ledger_platform_deltas` rows, as `ledgerAccountBalances` reads it. Transfers never
 * lock or write a platform row (migration 0032).
 */
export const ledgerAccountKinds = ['user_available', 'user_held', 'platform_clearing', 'rebates', 'fees', 'payouts'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];
export const userAccountKinds: readonly LedgerAccountKind[] = ['user_available', 'user_held'];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_kind_user_key').on(t.kind, t.userId).nullsNotDistinct(),
    check('ledger_accounts_user_not_negative', sql`${t.kind} not in ('user_available', 'user_held') or ${t.balanceFen} >= 0`),
    check('ledger_accounts_owner', sql`(${t.kind} in ('user_available', 'user_held')) = (${t.userId} is not null)`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): a correction is a new transfer.
 * A pending transfer (hold) is resolved by exactly one transfer with `resolution` 'post' or
 * 'void' naming it in `pending_id` (unique index); a post may carry a second transfer (the fee)
 * that names the same pending id with no resolution of its own.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    ref: text('ref'),
    pending: boolean('pending').notNull().default(false),
    pendingId: bigint('pending_id', { mode: 'number' }),
    resolution: text('resolution', { enum: ['post', 'void'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_key').on(t.idempotencyKey),
    uniqueIndex('ledger_transfers_resolved_once')
      .on(t.pendingId)
      .where(sql`${t.resolution} is not null`),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    index('ledger_transfers_ref_idx').on(t.ref),
    check('ledger_transfers_amount_positive', sql`${t.amountFen} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_resolution_names_pending', sql`${t.resolution} is null or ${t.pendingId} is not null`),
    check('ledger_transfers_pending_not_resolving', sql`not (${t.pending} and ${t.pendingId} is not null)`),
  ],
);

/**
 * The platform side of each transfer, appended by a trigger on `ledger_transfers` in the transfer's
 * transaction (+amount credited, −amount debited) and folded into `ledger_accounts.balance_fen` by
 * `ledger_rollup_platform()`, which deletes the rows it moved in the same statement. Rows are never
 * updated (trigger); user accounts never get one.
 */
export const ledgerPlatformDeltas = pgTable('ledger_platform_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
});

/** Every account's balance: the stored balance plus, for a platform account, its rows not yet rolled up. */
export const ledgerAccountBalances = pgView('ledger_account_balances', {
  id: bigint('id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  balanceFen: bigint('balance_fen', { mode: 'number' }).notNull(),
}).existing();
