import { isFilterAll, type WithdrawalStatusFilter, inBothLanguages } from '@maika/shared';
/** Finance's side of withdrawals and balances; each function runs in one transaction under a row lock. */
import {
  bankByCodeOf,
  Code,
  formatFen,
  payeeChannelTable,
  textCatalogue,
  withdrawalStatusTable,
  type AdminWithdrawal,
  type AdminWithdrawalDetail,
  type WithdrawalStatus,
} from '@maika/shared';
import { and, count, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users, withdrawalApprovals, withdrawals, type UserStatus } from '../../db/schema';
import { offsetOf } from '../../db/page';
import { retryingTransaction } from '../../db/retry';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { recordAudit, type AdminAction } from '../audit';
import { decrypt } from '../../lib/crypto';
import {
  accountBalances,
  findTransferByKey,
  hold,
  InsufficientFunds,
  LedgerReason,
  openAccounts,
  platformAccount,
  transfer,
  lockCreditableUser,
  userAccounts,
} from '../ledger';
import {
  findChannel,
  insertApproval,
  listApprovals,
  listApprovalsWithNames,
  lockPayerOf,
  lockWithdrawal,
  updateWithdrawal,
  type WithdrawalRow,
} from './repo';
import { claimSingleApproval, findAdjustmentByKey, insertSecondApproval, lockSingleApprovalTotals } from '../approvals';
import { approvalNow } from './limitService';
import { recordMessage } from '../messages';
import { reportWithdrawalPaid, reportWithdrawalReturned } from './messageService';
import { settleWithdrawal } from './settle';
import { channelKeyOf, enqueuePayout, toRecord, type WithdrawalView } from './service';
import { nextWithdrawalStatus, type WithdrawalEvent } from './stateMachine';

/** Both languages, as the card and user conflicts do: the console may be read in either. */
function conflict(w: WithdrawalRow, event: WithdrawalEvent): AppError {
  const label = withdrawalStatusTable.byCode(w.status)?.label;
  return new AppError(Code.WithdrawalStateConflict, {
    status: label ? inBothLanguages(label) : String(w.status),
    action: inBothLanguages(textCatalogue[`withdrawal.action.${event}`]),
  });
}

async function locked(tx: Tx, id: number): Promise<WithdrawalRow> {
  const w = await lockWithdrawal(tx, id);
  if (!w) throw notFound('thing.withdrawal');
  return w;
}

/**
 * The withdrawal locked for an action that sends its money out (approve, paid offline, retry),
 * after its user's row (`lockPayerOf`): refused while the user is frozen, and a freeze waits for
 * an action already under way. The event is checked first, so a finished one still answers as a
 * state conflict.
 */
async function lockedForPayout(tx: Tx, id: number, event: WithdrawalEvent): Promise<WithdrawalRow> {
  const payer = await lockPayerOf(tx, id);
  const w = await locked(tx, id);
  if (nextWithdrawalStatus(w.status as WithdrawalStatus, event) === null) throw conflict(w, event);
  if (payer === 'frozen') throw new AppError(Code.WithdrawalPayerFrozen);
  return w;
}

function next(w: WithdrawalRow, event: WithdrawalEvent): WithdrawalStatus {
  const status = nextWithdrawalStatus(w.status as WithdrawalStatus, event);
  if (status === null) throw conflict(w, event);
  return status;
}

export async function listAdminWithdrawals(
  deps: Deps,
  q: { status: WithdrawalStatusFilter; phone?: string; userId?: number; from?: string; to?: string; page: number; pageSize: number },
) {
  const db = deps.database.db;
  const where = and(
    isFilterAll(q.status) ? undefined : eq(withdrawals.status, q.status),
    q.phone ? like(users.phone, `%${q.phone}%`) : undefined,
    q.userId ? eq(withdrawals.userId, q.userId) : undefined,
    q.from ? gte(withdrawals.createdAt, new Date(q.from)) : undefined,
    q.to ? lte(withdrawals.createdAt, new Date(q.to)) : undefined,
  );
  const approvalCount = sql<number>`(select count(*)::int from ${withdrawalApprovals} a where a.withdrawal_id = ${withdrawals.id} and a.attempt = ${withdrawals.attempt})`;
  const rows = await db
    .select({ w: withdrawals, phone: users.phone, userStatus: users.status, approvalCount })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const [total] = await db.select({ n: count() }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(where);
  return { list: rows.map((r) => toAdminWithdrawal(deps, r, r.approvalCount)), total: total?.n ?? 0 };
}

type WithPayer = { w: WithdrawalRow; phone: string | null; userStatus: UserStatus };

function toAdminWithdrawal(deps: Deps, { w, phone, userStatus }: WithPayer, approvalCount: number): WithdrawalView<AdminWithdrawal> {
  return {
    ...toRecord(deps, w),
    userId: w.userId,
    userPhone: phone,
    attempt: w.attempt,
    outBizNo: w.outBizNo,
    approvalsRequired: w.approvalsRequired,
    approvalCount,
    approvedAt: w.approvedAt?.toISOString() ?? null,
    provider: w.provider,
    providerRef: w.providerRef,
    userFrozen: userStatus === 'frozen',
    autoPayout: paysAutomatically(deps, w),
  };
}

/** A provider pays the channel once approved (approveWithdrawal queues it): nobody pays it by hand. */
const paysAutomatically = (deps: Deps, w: WithdrawalRow) => deps.payouts[channelKeyOf(w.channel)] !== undefined;

/** The offline actions are for channels finance pays by hand; on an automatic one they would pay it twice or lose track. */
function refuseOfflineOnAutomatic(deps: Deps, w: WithdrawalRow): void {
  if (!paysAutomatically(deps, w)) return;
  const label = payeeChannelTable.byCode(w.channel)?.label;
  throw new AppError(Code.WithdrawalPaidAutomatically, { channel: label ? inBothLanguages(label) : channelKeyOf(w.channel) });
}

export async function getAdminWithdrawal(deps: Deps, id: number): Promise<WithdrawalView<AdminWithdrawalDetail>> {
  const db = deps.database.db;
  const [row] = await db
    .select({ w: withdrawals, phone: users.phone, userStatus: users.status })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  if (!row) throw notFound('thing.withdrawal');
  const approvals = await listApprovalsWithNames(db, id);
  const key = deps.config.dataEncryptionKey;
  return {
    ...toAdminWithdrawal(deps, row, approvals.filter((a) => a.attempt === row.w.attempt).length),
    payeeFullName: decrypt(key, row.w.payeeNameEnc),
    payeeFullAccount: decrypt(key, row.w.payeeAccountEnc),
    bankCode: row.w.bankCode,
    bankName: row.w.bankCode ? (bankByCodeOf(row.w.bankCode)?.name ?? null) : null,
    branch: row.w.branch,
    approvals: approvals.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

/**
 * One finance approval; when enough distinct approvers agree, an automatic channel is queued for
 * payout. Not while the user is frozen: the withdrawal waits, open, for the unfreeze.
 */
export async function approveWithdrawal(deps: Deps, id: number, adminId: number, audit?: AdminAction): Promise<void> {
  await retryingTransaction(deps.database.db, async (tx) => {
    const w = await lockedForPayout(tx, id, 'start');
    await recordAudit(tx, audit);
    if (w.approvedAt) return;
    if (!(await insertApproval(tx, w.id, w.attempt, adminId))) throw new AppError(Code.SecondApproverRequired);
    const approvals = (await listApprovals(tx, w.id)).filter((a) => a.attempt === w.attempt).length;
    if (approvals < w.approvalsRequired) return;
    await updateWithdrawal(tx, w.id, { approvedAt: new Date() });
    if (deps.payouts[channelKeyOf(w.channel)]) await enqueuePayout(deps, tx, w.id);
  });
}

/** Refuses (reject) or records a failed offline payment: the hold goes back to the user, frozen or not. */
export async function failWithdrawal(
  deps: Deps,
  id: number,
  event: 'reject' | 'offlineFailed',
  reason: string,
  audit?: AdminAction,
): Promise<void> {
  await retryingTransaction(deps.database.db, async (tx) => {
    const w = await locked(tx, id);
    const status = next(w, event);
    if (event === 'offlineFailed') refuseOfflineOnAutomatic(deps, w);
    const failed = await settleWithdrawal(tx, w, { status, failReason: reason, failReasonKey: null, failReasonParams: null });
    await reportWithdrawalReturned(tx, failed);
    await recordAudit(tx, audit);
  });
}

/** Finance paid it by hand; only after the approvals it needs, and not while the user is frozen. */
export async function markPaidOffline(deps: Deps, id: number, audit?: AdminAction): Promise<void> {
  await retryingTransaction(deps.database.db, async (tx) => {
    const w = await lockedForPayout(tx, id, 'offlinePaid');
    const status = next(w, 'offlinePaid');
    refuseOfflineOnAutomatic(deps, w);
    if (!w.approvedAt) throw new AppError(Code.WithdrawalNotApproved, { required: w.approvalsRequired });
    const paid = await settleWithdrawal(tx, w, { status, paidAt: new Date(), provider: 'offline' });
    await reportWithdrawalPaid(tx, paid);
    await recordAudit(tx, audit);
  });
}

/** A failed withdrawal tried again: a new hold, a new vendor order number, approvals afresh; not while the user is frozen. */
export async function retryWithdrawal(deps: Deps, id: number, audit?: AdminAction): Promise<void> {
  await retryingTransaction(deps.database.db, async (tx) => {
    const w = await lockedForPayout(tx, id, 'retry');
    const status = next(w, 'retry');
    const attempt = w.attempt + 1;
    const held = await hold(tx, {
      key: `withdrawal:${w.id}:hold:${attempt}`,
      userId: w.userId,
      amountFen: w.amountFen + w.feeFen,
      ref: `withdrawal:${w.id}`,
    }).catch(async (e: unknown) => {
      if (!(e instanceof InsufficientFunds)) throw e;
      const { availableFen } = await accountBalances(tx, w.userId);
      throw new AppError(Code.InsufficientBalance, { available: formatFen(availableFen), fee: formatFen(w.feeFen) });
    });
    const channel = (await findChannel(tx, w.channel))!;
    const approval = await approvalNow(deps, tx, channel, w.userId, w.amountFen);
    await updateWithdrawal(tx, w.id, {
      status,
      attempt,
      outBizNo: `${w.orderNo}R${attempt}`,
      holdTransferId: held.transfer.id,
      ...approval,
      failReason: null,
      failReasonKey: null,
      failReasonParams: null,
      packageInfo: null,
      confirmExpiresAt: null,
      provider: null,
      providerRef: null,
    });
    if (approval.approvalsRequired === 0) await enqueuePayout(deps, tx, w.id);
    await recordAudit(tx, audit);
  });
}

type Adjustment = { amountFen: number; reason: string; idempotencyKey: string };

/**
 * A correction of a user's balance against platform clearing; never below zero. A credit that
 * would take the operator's or the user's 24-hour sum of credits made without a second approval
 * above ADJUSTMENT_SECOND_APPROVAL_FEN (approvals/service.ts) is only recorded: a second,
 * different finance operator carries it out (modules/approvals/adminService.ts).
 */
export async function adjustBalance(deps: Deps, userId: number, a: Adjustment, adminId: number, audit?: AdminAction) {
  const [user] = await deps.database.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('thing.user');
  // Created and committed first: see openAccounts.
  await openAccounts(deps.database.db, { userIds: [userId], platform: ['platform_clearing'] });
  return retryingTransaction(deps.database.db, async (tx) => {
    const outcome = await adjustOnce(deps, tx, userId, a, adminId);
    await recordAudit(tx, audit);
    return outcome;
  });
}

/**
 * A debit is posted at once. A credit takes the operator's and the user's locks of the 24-hour
 * sums first (then the ledger's, in postAdjustment), so a repeat of the same key racing the first
 * call finds what that call did and answers it: the request recorded, or the transfer posted.
 */
async function adjustOnce(deps: Deps, tx: Tx, userId: number, a: Adjustment, adminId: number) {
  if (a.amountFen > 0) {
    await lockSingleApprovalTotals(tx, adminId, userId);
    const credit = { kind: 'ledger.adjust' as const, targetId: userId, adminId, userId, amountFen: a.amountFen };
    const alone =
      !(await findAdjustmentByKey(tx, userId, a.idempotencyKey)) &&
      ((await findTransferByKey(tx, adjustmentKey(userId, a.idempotencyKey))) !== undefined ||
        (await claimSingleApproval(tx, credit, deps.config.ADJUSTMENT_SECOND_APPROVAL_FEN)));
    if (!alone) {
      const request = await requestAdjustment(tx, userId, a, adminId);
      const { availableFen } = await accountBalances(tx, userId);
      return { transferId: null, availableFen, pendingApprovalId: request.id };
    }
  }
  return { ...(await postAdjustment(tx, userId, a)), pendingApprovalId: null };
}

/** The same key again answers the request already recorded, as a repeated direct adjustment answers its transfer. */
async function requestAdjustment(tx: Tx, userId: number, a: Adjustment, adminId: number) {
  const created = await insertSecondApproval(tx, {
    kind: 'ledger.adjust',
    targetId: userId,
    amountFen: a.amountFen,
    payload: a,
    reason: a.reason,
    idempotencyKey: a.idempotencyKey,
    requestedBy: adminId,
  });
  const row = created ?? (await findAdjustmentByKey(tx, userId, a.idempotencyKey));
  if (!row || row.amountFen !== a.amountFen) throw new AppError(Code.IdempotencyKeyReused);
  return row;
}

const adjustmentKey = (userId: number, idempotencyKey: string) => `adjustment:${userId}:${idempotencyKey}`;

/** The transfer of an adjustment, in the caller's transaction, and what it tells the user. */
export async function postAdjustment(tx: Tx, userId: number, a: Adjustment) {
  const credit = a.amountFen > 0;
  // The user row first, share-locked as every credit takes it: a cancellation waits, or is seen.
  if (credit && !(await lockCreditableUser(tx, userId))) throw new AppError(Code.AdjustmentAccountCancelled);
  const { available } = await userAccounts(tx, userId);
  const clearing = await platformAccount(tx, 'platform_clearing');
  const result = await transfer(tx, {
    key: adjustmentKey(userId, a.idempotencyKey),
    debit: credit ? clearing : available,
    credit: credit ? available : clearing,
    amountFen: Math.abs(a.amountFen),
    reason: LedgerReason.Adjustment,
    ref: `adjustment:${a.reason}`.slice(0, 240),
  }).catch(async (e: unknown) => {
    if (!(e instanceof InsufficientFunds)) throw e;
    const { availableFen } = await accountBalances(tx, userId);
    throw new AppError(Code.AdjustmentExceedsBalance, { available: formatFen(availableFen) });
  });
  const { availableFen } = await accountBalances(tx, userId);
  // One message per transfer: the same key repeated answers the same transfer and tells nothing new.
  await recordMessage(tx, {
    userId,
    type: 'balanceAdjusted',
    subject: `adjustment:${result.transfer.id}`,
    facts: { amountFen: a.amountFen, reason: a.reason, balanceFen: availableFen },
  });
  return { transferId: result.transfer.id, availableFen };
}
