/**
 * The ledger: every balance change is a transfer between two accounts, in the caller's
 * transaction. Sign convention and append-only rules: db/schema/ledger.ts.
 *
 * API for other modules (all take the caller's transaction `tx`):
 * - `transfer(tx, { key, debit, credit, amountFen, reason, ref })` moves money between account
 *   ids. The key is the idempotency key: a repeat with the same parameters returns the first
 *   transfer (`created: false`) and changes nothing; the same key with other parameters throws
 *   `AppError(IdempotencyKeyReused)`. A user account that cannot cover the amount throws
 *   `InsufficientFunds`. After any throw the transaction must roll back (let the error through).
 * - `userAccounts(tx, userId)` and `platformAccount(tx, kind)` give account ids.
 * - `creditUser(tx, { key, userId, amountFen, reason, ref, from })` credits a user's available
 *   balance from a platform account (card settlement: from 'platform_clearing', reason
 *   'card.settlement'; rebates: from 'rebates', reason 'rebate'). Never to a cancelled user: it
 *   throws `AccountCancelled` (callers that may meet one check `lockCreditableUser` first).
 * - `creditUsers(tx, credits)`: the same for a set (a batch of card credits and their rebates), in
 *   a few statements whatever its size; the users' accounts must exist (`openAccounts`).
 * - `hold` / `postHold` / `voidHold`: two-phase withdrawals. A hold moves money from available
 *   to held; exactly one post (to payouts, plus the fee to fees) or void (back to available)
 *   resolves it, enforced by a unique index.
 * - `rollUpPlatformBalances(db)` (repo.ts, own transaction): folds the platform accounts' deltas
 *   into their stored balances (the ledger-rollup job). A transfer locks and writes only its user
 *   accounts; a platform side is a row of `ledger_platform_deltas` written by a trigger, so no
 *   platform row orders the credits and payouts of different users.
 */
import { Code } from '@maika/shared';
import type { Queryable, Tx } from '../../db/client';
import type { LedgerAccountKind } from '../../db/schema';
import { AppError } from '../../http/envelope';
import {
  creditUserAccount,
  debitUserAccount,
  ensureAccount,
  ensureUserAccounts,
  findResolution,
  findTransferByKey,
  availableAccountsOf,
  creditUserAccounts,
  findTransfersByKeys,
  insertTransfer,
  insertTransfers,
  lockCreditableUser,
  lockUserSides,
  resolveHoldRow,
  type NewTransfer,
  type TransferRow,
} from './repo';

export const LedgerReason = {
  CardSettlement: 'card.settlement',
  CardSettlementReversal: 'card.settlement.reversal',
  Rebate: 'rebate',
  RebateReversal: 'rebate.reversal',
  Adjustment: 'adjustment',
  WithdrawalHold: 'withdrawal.hold',
  WithdrawalPayout: 'withdrawal.payout',
  WithdrawalFee: 'withdrawal.fee',
  WithdrawalVoid: 'withdrawal.void',
} as const;

/** A credit to a cancelled (anonymised) account: nobody could ever withdraw it. */
export class AccountCancelled extends Error {
  constructor(public readonly userId: number) {
    super(`user ${userId} is cancelled: no credit may land on their account`);
  }
}

/** A user account would go below zero. */
export class InsufficientFunds extends Error {
  constructor(
    public readonly accountId: number,
    public readonly amountFen: number,
  ) {
    super(`account ${accountId} cannot cover ${amountFen} fen`);
  }
}

export interface TransferResult {
  transfer: TransferRow;
  /** False when the key had been used before with the same parameters. */
  created: boolean;
}

const sameParams = (row: TransferRow, t: NewTransfer) =>
  row.debitAccountId === t.debit &&
  row.creditAccountId === t.credit &&
  row.amountFen === t.amountFen &&
  row.reason === t.reason &&
  row.ref === (t.ref ?? null) &&
  row.pending === (t.pending ?? false) &&
  row.pendingId === (t.pendingId ?? null) &&
  row.resolution === (t.resolution ?? null);

/** Every transfer moves a positive whole number of fen. */
function requirePositiveFen(amountFen: number): void {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0)
    throw new RangeError(`transfer amount must be a positive whole number of fen, got ${amountFen}`);
}

export async function transfer(tx: Tx, t: NewTransfer): Promise<TransferResult> {
  requirePositiveFen(t.amountFen);
  // The user accounts' locks first, before the insert's foreign keys take KEY SHARE locks on both
  // accounts: a transaction holding those and then asking FOR UPDATE on an account another
  // holds the same way would deadlock. A platform side is neither locked nor written here: the
  // insert's trigger appends its delta (migration 0032), so credits and payouts of different
  // users never wait on each other.
  const userSides = await lockUserSides(tx, [t.debit, t.credit]);
  const inserted = await insertTransfer(tx, t);
  if (!inserted) {
    const existing = (await findTransferByKey(tx, t.key))!;
    if (!sameParams(existing, t)) throw new AppError(Code.IdempotencyKeyReused);
    return { transfer: existing, created: false };
  }
  if (userSides.has(t.debit) && !(await debitUserAccount(tx, t.debit, t.amountFen))) throw new InsufficientFunds(t.debit, t.amountFen);
  if (userSides.has(t.credit)) await creditUserAccount(tx, t.credit, t.amountFen);
  return { transfer: inserted, created: true };
}

export async function userAccounts(tx: Tx, userId: number): Promise<{ available: number; held: number }> {
  return {
    available: await ensureAccount(tx, 'user_available', userId),
    held: await ensureAccount(tx, 'user_held', userId),
  };
}

type PlatformKind = Exclude<LedgerAccountKind, 'user_available' | 'user_held'>;

/**
 * Creates whatever of these accounts does not exist yet, each insert committed on its own, before
 * a money transaction needs them. Created inside one, a new account row is held uncommitted while
 * that transaction waits for another user's account, and a transaction holding that account then
 * waits for the row: a deadlock. Money transactions then only find accounts (lock order: a
 * transfer's two user accounts by id, a card credit's owner before the referrer who signed them
 * up; platform accounts are never locked).
 */
export async function openAccounts(db: Queryable, o: { userIds?: number[]; platform?: PlatformKind[] }): Promise<void> {
  if (o.userIds?.length) await ensureUserAccounts(db, o.userIds);
  for (const kind of o.platform ?? []) await platformAccount(db, kind);
}

/**
 * The platform accounts' ids, read once per process: migration 0002 seeds them and nothing
 * renumbers them, so a credit or payout does not look them up again.
 */
const platformIds = new Map<PlatformKind, number>();

export async function platformAccount(db: Queryable, kind: PlatformKind): Promise<number> {
  const known = platformIds.get(kind);
  if (known !== undefined) return known;
  const id = await ensureAccount(db, kind, null);
  platformIds.set(kind, id);
  return id;
}

export async function creditUser(
  tx: Tx,
  c: { key: string; userId: number; amountFen: number; reason: string; ref?: string; from: 'platform_clearing' | 'rebates' },
): Promise<TransferResult> {
  if (!(await lockCreditableUser(tx, c.userId))) throw new AccountCancelled(c.userId);
  return transfer(tx, {
    key: c.key,
    debit: await platformAccount(tx, c.from),
    credit: await ensureAccount(tx, 'user_available', c.userId),
    amountFen: c.amountFen,
    reason: c.reason,
    ref: c.ref,
  });
}

export interface UserCredit {
  key: string;
  userId: number;
  amountFen: number;
  reason: string;
  ref: string;
  from: 'platform_clearing' | 'rebates';
}

/**
 * `creditUser` for a set, keys unique within it: the transfers inserted in one statement, then each
 * user account raised once by its sum, the accounts locked in id order only for that last
 * statement (a set's locks on its sellers' accounts are what other sets and withdrawals wait for;
 * the transfers' key-share locks on them block no balance update). A key used before with the
 * same parameters credits nothing again; with others it throws `IdempotencyKeyReused`, and a
 * credit to a cancelled user throws `AccountCancelled` (callers lock their users first,
 * `lockUsersForCredit`). Answers the keys that credited now.
 */
export async function creditUsers(tx: Tx, credits: UserCredit[]): Promise<Set<string>> {
  if (credits.length === 0) return new Set();
  if (new Set(credits.map((c) => c.key)).size !== credits.length) throw new RangeError('a set of credits repeats a key');
  for (const c of credits) requirePositiveFen(c.amountFen);
  const accounts = await availableAccountsOf(tx, [...new Set(credits.map((c) => c.userId))]);
  const from = { platform_clearing: await platformAccount(tx, 'platform_clearing'), rebates: await platformAccount(tx, 'rebates') };
  const transfers = credits.map((c) => {
    const account = accounts.get(c.userId);
    if (!account) throw new Error(`user ${c.userId} has no available account: openAccounts before the transaction`);
    if (account.userStatus === 'cancelled') throw new AccountCancelled(c.userId);
    return { key: c.key, debit: from[c.from], credit: account.id, amountFen: c.amountFen, reason: c.reason, ref: c.ref };
  });
  const inserted = await insertTransfers(tx, transfers);
  const repeated = transfers.filter((t) => !inserted.has(t.key));
  if (repeated.length > 0) {
    const rows = await findTransfersByKeys(
      tx,
      repeated.map((t) => t.key),
    );
    const existing = new Map(rows.map((row) => [row.idempotencyKey, row]));
    if (repeated.some((t) => !sameParams(existing.get(t.key)!, t))) throw new AppError(Code.IdempotencyKeyReused);
  }
  const sums = new Map<number, number>();
  for (const t of transfers) if (inserted.has(t.key)) sums.set(t.credit, (sums.get(t.credit) ?? 0) + t.amountFen);
  if (sums.size > 0) await creditUserAccounts(tx, sums);
  return inserted;
}

/**
 * Moves `amountFen` from a user's available to held balance, pending a post or a void. `accounts`:
 * the user's, when the caller already has them (`lockUserAccounts`).
 */
export async function hold(
  tx: Tx,
  h: { key: string; userId: number; amountFen: number; ref: string; accounts?: { available: number; held: number } },
): Promise<TransferResult> {
  const { available, held } = h.accounts ?? (await userAccounts(tx, h.userId));
  return transfer(tx, {
    key: h.key,
    debit: available,
    credit: held,
    amountFen: h.amountFen,
    reason: LedgerReason.WithdrawalHold,
    ref: h.ref,
    pending: true,
  });
}

/**
 * Resolves a hold in one statement (migration 0039's ledger_resolve_hold), which a caller writes
 * last in its transaction: the user's accounts are then locked for that statement and the commit
 * only, and a withdrawal asked for meanwhile waits no longer. Answers the resolving transfer's id.
 */
async function resolveHold(tx: Tx, pendingId: number, payoutFen: number | null): Promise<number> {
  const accounts = payoutFen === null ? null : { payouts: await platformAccount(tx, 'payouts'), fees: await platformAccount(tx, 'fees') };
  const { code, transferId } = await resolveHoldRow(tx, { pendingId, payoutFen, ...accounts });
  if (code === 'key_reused') throw new AppError(Code.IdempotencyKeyReused);
  return transferId!;
}

/** Pays out a hold: `payoutFen` to the payouts account and the rest (the fee) to fees. */
export async function postHold(tx: Tx, p: { pendingId: number; payoutFen: number }): Promise<number> {
  requirePositiveFen(p.payoutFen);
  return resolveHold(tx, p.pendingId, p.payoutFen);
}

/** Returns a hold to the user's available balance. */
export async function voidHold(tx: Tx, pendingId: number): Promise<number> {
  return resolveHold(tx, pendingId, null);
}

/** 'pending' | 'post' | 'void': where a hold stands. */
export async function holdState(tx: Tx, pendingId: number): Promise<'pending' | 'post' | 'void'> {
  return (await findResolution(tx, pendingId))?.resolution ?? 'pending';
}
