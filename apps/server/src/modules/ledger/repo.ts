import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { LedgerAccountKind, UserStatus } from '../../db/schema';

export type TransferRow = {
  id: number;
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amountFen: number;
  reason: string;
  ref: string | null;
  pending: boolean;
  pendingId: number | null;
  resolution: 'post' | 'void' | null;
  createdAt: Date;
};

export interface NewTransfer {
  key: string;
  debit: number;
  credit: number;
  amountFen: number;
  reason: string;
  ref?: string | null;
  pending?: boolean;
  pendingId?: number | null;
  resolution?: 'post' | 'void' | null;
}

const transferColumns = sql.raw(`id, idempotency_key as "idempotencyKey", debit_account_id as "debitAccountId",
  credit_account_id as "creditAccountId", amount_fen as "amountFen", reason, ref, pending,
  pending_id as "pendingId", resolution, created_at as "createdAt"`);

/** The account's id, creating the account on first use. */
export async function ensureAccount(db: Queryable, kind: LedgerAccountKind, userId: number | null): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    with created as (
      insert into ledger_accounts (kind, user_id) values (${kind}, ${userId})
      on conflict on constraint ledger_accounts_kind_user_key do nothing returning id)
    select id from created
    union all
    select id from ledger_accounts where kind = ${kind} and user_id is not distinct from ${userId}
    limit 1`);
  if (rows[0]) return rows[0].id;
  // A concurrent first use inserted it after our snapshot began.
  const again = await db.execute<{ id: number }>(
    sql`select id from ledger_accounts where kind = ${kind} and user_id is not distinct from ${userId}`,
  );
  return again.rows[0]!.id;
}

/**
 * Creates whichever of these users' available and held accounts do not exist yet, in one
 * statement, in (user, kind) order: two callers making the same accounts at once wait for one
 * another in that order rather than deadlock. Accounts that exist are skipped by a plain read
 * first: the conflict check alone would wait for every open transaction that updated one.
 */
export async function ensureUserAccounts(db: Queryable, userIds: number[]): Promise<void> {
  await db.execute(sql`
    insert into ledger_accounts (kind, user_id)
    select k.kind, u.id from unnest(${sql.param(userIds)}::bigint[]) u(id) cross join (values ('user_available'), ('user_held')) k(kind)
    where not exists (select from ledger_accounts a where a.kind = k.kind and a.user_id = u.id)
    order by u.id, k.kind
    on conflict on constraint ledger_accounts_kind_user_key do nothing`);
}

/** Inserts the transfer unless its key exists; waits for a concurrent insert of the same key. */
export async function insertTransfer(db: Queryable, t: NewTransfer): Promise<TransferRow | undefined> {
  const { rows } = await db.execute<TransferRow>(sql`
    insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_fen, reason, ref, pending, pending_id, resolution)
    values (${t.key}, ${t.debit}, ${t.credit}, ${t.amountFen}, ${t.reason}, ${t.ref ?? null}, ${t.pending ?? false}, ${t.pendingId ?? null}, ${t.resolution ?? null})
    on conflict (idempotency_key) do nothing
    returning ${transferColumns}`);
  return rows[0];
}

export async function findTransferByKey(db: Queryable, key: string): Promise<TransferRow | undefined> {
  const { rows } = await db.execute<TransferRow>(sql`select ${transferColumns} from ledger_transfers where idempotency_key = ${key}`);
  return rows[0];
}

/** The transfer that resolved a pending one ('post' or 'void'), if any. */
export async function findResolution(db: Queryable, pendingId: number): Promise<TransferRow | undefined> {
  const { rows } = await db.execute<TransferRow>(
    sql`select ${transferColumns} from ledger_transfers where pending_id = ${pendingId} and resolution is not null`,
  );
  return rows[0];
}

/**
 * A hold posted (`payoutFen` to `payouts`, the rest to `fees`) or, `payoutFen` null, voided, in
 * one statement: migration 0039's ledger_resolve_hold. 'key_reused' when a key of its transfers
 * names other parameters.
 */
export async function resolveHoldRow(
  db: Queryable,
  r: { pendingId: number; payoutFen: number | null; payouts?: number; fees?: number },
): Promise<{ code: 'resolved' | 'repeat' | 'key_reused'; transferId: number | null }> {
  const { rows } = await db.execute<{ code: 'resolved' | 'repeat' | 'key_reused'; transferId: number | null }>(
    sql`select code, transfer_id as "transferId" from ledger_resolve_hold(${r.pendingId}, ${r.payoutFen}, ${r.payouts ?? null}, ${r.fees ?? null})`,
  );
  return rows[0]!;
}

/**
 * Locks the user accounts among `ids` (in id order, so two transfers between the same accounts
 * never deadlock) and answers which they are. Platform accounts are never locked: their balances
 * are rolled up from `ledger_platform_deltas` (migration 0032).
 */
export async function lockUserSides(db: Queryable, ids: number[]): Promise<Set<number>> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from ledger_accounts where id in ${ids} and kind in ('user_available', 'user_held') order by id for update`,
  );
  return new Set(rows.map((r) => r.id));
}

export interface LockedUserAccounts {
  available: number;
  held: number;
  availableFen: number;
  heldFen: number;
}

/**
 * Locks a user's available and held accounts (by id, the global order) and reads them, in one
 * statement. Both must exist (`openAccounts` before the transaction); undefined when they do not.
 */
export async function lockUserAccounts(db: Queryable, userId: number): Promise<LockedUserAccounts | undefined> {
  const { rows } = await db.execute<{ id: number; kind: string; balanceFen: number }>(sql`
    select id, kind, balance_fen as "balanceFen" from ledger_accounts
    where user_id = ${userId} and kind in ('user_available', 'user_held') order by id for update`);
  const available = rows.find((r) => r.kind === 'user_available');
  const held = rows.find((r) => r.kind === 'user_held');
  if (!available || !held) return undefined;
  return { available: available.id, held: held.id, availableFen: available.balanceFen, heldFen: held.balanceFen };
}

/**
 * Debits a user account when its balance covers the amount (the CHECK constraint would refuse it
 * too, this turns it into an answer). False when refused.
 */
export async function debitUserAccount(db: Queryable, id: number, amountFen: number): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    update ledger_accounts set balance_fen = balance_fen - ${amountFen}
    where id = ${id} and kind in ('user_available', 'user_held') and balance_fen >= ${amountFen}`);
  return rowCount === 1;
}

export async function creditUserAccount(db: Queryable, id: number, amountFen: number): Promise<void> {
  await db.execute(
    sql`update ledger_accounts set balance_fen = balance_fen + ${amountFen} where id = ${id} and kind in ('user_available', 'user_held')`,
  );
}

/** A transfer of a set, as `insertTransfers` writes it (never pending). */
export interface SetTransfer {
  key: string;
  debit: number;
  credit: number;
  amountFen: number;
  reason: string;
  ref: string | null;
}

/**
 * Inserts the transfers whose keys are not taken, in one statement (each row's trigger appends its
 * platform delta, migration 0032), and answers the keys it inserted.
 */
export async function insertTransfers(db: Queryable, ts: SetTransfer[]): Promise<Set<string>> {
  const { rows } = await db.execute<{ key: string }>(sql`
    insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_fen, reason, ref)
    select * from unnest(${sql.param(ts.map((t) => t.key))}::text[], ${sql.param(ts.map((t) => t.debit))}::bigint[],
                         ${sql.param(ts.map((t) => t.credit))}::bigint[], ${sql.param(ts.map((t) => t.amountFen))}::bigint[],
                         ${sql.param(ts.map((t) => t.reason))}::text[], ${sql.param(ts.map((t) => t.ref))}::text[])
    on conflict (idempotency_key) do nothing
    returning idempotency_key as key`);
  return new Set(rows.map((r) => r.key));
}

export async function findTransfersByKeys(db: Queryable, keys: string[]): Promise<TransferRow[]> {
  const { rows } = await db.execute<TransferRow>(
    sql`select ${transferColumns} from ledger_transfers where idempotency_key = any(${sql.param(keys)}::text[])`,
  );
  return rows;
}

/** These users' available accounts, with their owner's status, read without a lock: user id → account. */
export async function availableAccountsOf(db: Queryable, userIds: number[]): Promise<Map<number, { id: number; userStatus: UserStatus }>> {
  const { rows } = await db.execute<{ id: number; userId: number; userStatus: UserStatus }>(sql`
    select a.id, a.user_id as "userId", u.status as "userStatus"
      from ledger_accounts a join users u on u.id = a.user_id
     where a.user_id = any(${sql.param(userIds)}::bigint[]) and a.kind = 'user_available'`);
  return new Map(rows.map((r) => [r.userId, { id: r.id, userStatus: r.userStatus }]));
}

/**
 * Raises each user account by its amount, in one statement: the accounts locked in id order first
 * (FOR NO KEY UPDATE, which the key-share locks of transfers naming them do not block), so two
 * sets raising the same accounts wait for one another rather than deadlock.
 */
export async function creditUserAccounts(db: Queryable, amounts: Map<number, number>): Promise<void> {
  await db.execute(sql`
    with locked as (
      select id from ledger_accounts where id = any(${sql.param([...amounts.keys()])}::bigint[]) and kind in ('user_available', 'user_held')
       order by id for no key update)
    update ledger_accounts a set balance_fen = a.balance_fen + d.amount_fen
      from locked, unnest(${sql.param([...amounts.keys()])}::bigint[], ${sql.param([...amounts.values()])}::bigint[]) d(id, amount_fen)
     where a.id = locked.id and a.id = d.id`);
}

/** Folds committed platform deltas into their accounts' stored balances; answers how many rows it moved. */
export async function rollUpPlatformBalances(db: Queryable): Promise<number> {
  const { rows } = await db.execute<{ moved: number }>(sql`select ledger_rollup_platform() as moved`);
  return rows[0]?.moved ?? 0;
}

export async function accountBalances(db: Queryable, userId: number): Promise<{ availableFen: number; heldFen: number }> {
  const { rows } = await db.execute<{ kind: string; balanceFen: number }>(
    sql`select kind, balance_fen as "balanceFen" from ledger_accounts where user_id = ${userId}`,
  );
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.balanceFen ?? 0;
  return { availableFen: of('user_available'), heldFen: of('user_held') };
}

/** Sum of what a user's available account received for a reason, less what reversals took back. */
export async function creditedTotal(db: Queryable, userId: number, reason: string, reversal: string): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`
    select coalesce(sum(case when t.reason = ${reason} and t.credit_account_id = a.id then t.amount_fen
                             when t.reason = ${reversal} and t.debit_account_id = a.id then -t.amount_fen else 0 end), 0)::bigint as total
    from ledger_accounts a join ledger_transfers t on t.credit_account_id = a.id or t.debit_account_id = a.id
    where a.kind = 'user_available' and a.user_id = ${userId}`);
  return rows[0]?.total ?? 0;
}

export type LedgerEntry = {
  id: number;
  reason: string;
  ref: string | null;
  account: string;
  counterAccount: string;
  amountFen: number;
  pending: boolean;
  resolution: string | null;
  createdAt: Date;
};

/** A user's entries, newest first; `amountFen` is signed from the user's account's side. */
export async function listUserEntries(db: Queryable, userId: number, limit: number, offset: number) {
  const { rows } = await db.execute<LedgerEntry & { total: number }>(sql`
    select t.id, t.reason, t.ref, a.kind as account, c.kind as "counterAccount",
           case when t.credit_account_id = a.id then t.amount_fen else -t.amount_fen end as "amountFen",
           t.pending, t.resolution, t.created_at as "createdAt", count(*) over () as total
    from ledger_accounts a
    join ledger_transfers t on t.credit_account_id = a.id or t.debit_account_id = a.id
    join ledger_accounts c on c.id = case when t.credit_account_id = a.id then t.debit_account_id else t.credit_account_id end
    where a.user_id = ${userId}
    order by t.id desc, a.kind
    limit ${limit} offset ${offset}`);
  return { list: rows.map(({ total: _total, ...e }) => e), total: rows[0]?.total ?? 0 };
}

/**
 * Whether a user's account may still be credited (not cancelled), their user row share-locked
 * until commit: a cancellation (which locks it for update first) waits for the credit, or the
 * credit for the cancellation and then sees it.
 */
export async function lockCreditableUser(db: Queryable, userId: number): Promise<boolean> {
  const status = (await lockUsersForCredit(db, [userId])).get(userId);
  return status !== undefined && status !== 'cancelled';
}

/** `lockCreditableUser` for a set, in id order and one statement: each user's status (a cancelled one may not be credited). */
export async function lockUsersForCredit(db: Queryable, userIds: number[]): Promise<Map<number, UserStatus>> {
  const { rows } = await db.execute<{ id: number; status: UserStatus }>(
    sql`select id, status from users where id = any(${sql.param(userIds)}::bigint[]) order by id for share`,
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}
