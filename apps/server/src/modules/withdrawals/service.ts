import {
  Code,
  formatFen,
  isFilterAll,
  isTextKey,
  PayeeChannel,
  payeeChannelTable,
  WithdrawalStatus,
  withdrawalFeeFen,
  type CashAccount,
  type ExtractBody,
  type StoredText,
  type WithdrawalChannel,
  type WithdrawalRecord,
  type WithdrawalStatusFilter,
  type WithdrawalTotals,
} from '@maika/shared';
import { randomInt } from 'node:crypto';
import type { Queryable, Tx } from '../../db/client';
import { pgErrorCode } from '../../db/errors';
import { retryingTransaction } from '../../db/retry';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { encrypt } from '../../lib/crypto';
import { approvalNow } from './limitService';
import { linkedWechatOpenid, requireWechatOpenid, findPayee, verifiedRealName, maskPayeeAccount } from '../payees';
import { PAYOUT_QUEUE } from '../../jobs/queues';
import { accountBalances, creditedTotal, hold, InsufficientFunds, LedgerReason, lockUserAccounts, openAccounts } from '../ledger';
import {
  countOpenWithdrawals,
  findChannel,
  findUserWithdrawalByKey,
  insertWithdrawal,
  listChannels,
  listUserWithdrawals,
  nextWithdrawalId,
  withdrawalSums,
  type ChannelRow,
  type WithdrawalRow,
} from './repo';

export function toChannel(row: ChannelRow): WithdrawalChannel {
  return {
    channel: row.channel as WithdrawalChannel['channel'],
    key: row.key,
    name: row.name,
    color: row.color,
    minFen: row.minFen,
    maxFen: row.maxFen,
    feeBp: row.feeBp,
    feeMinFen: row.feeMinFen,
    enabled: row.enabled,
    autoPayout: row.autoPayout,
  };
}

/** A channel as the service hands it out: its notice is the code whose message the edge renders (`channelIn`). */
export type ChannelView = Omit<WithdrawalChannel, 'notice'> & { notice: typeof Code.WechatNotLinked | null };

/** The user's view: WeChat says how to link it while no openid is linked. */
export async function getChannels(deps: Deps, userId: number): Promise<ChannelView[]> {
  const db = deps.database.db;
  const linked = (await linkedWechatOpenid(db, userId)) !== null;
  return (await listChannels(db)).map((row) => ({
    ...toChannel(row),
    notice: row.channel === PayeeChannel.WeChat && !linked ? Code.WechatNotLinked : null,
  }));
}

/** A record as services hand it out: the failure reason is rendered for the reader at the edge (view.ts `inLanguage`). */
export type WithdrawalView<R extends WithdrawalRecord = WithdrawalRecord> = Omit<R, 'failReason'> & { failReason: StoredText | null };

/** The payout's reason by its catalogue key, else what the operator typed. */
function failReasonOf(w: WithdrawalRow): StoredText | null {
  if (isTextKey(w.failReasonKey)) return { key: w.failReasonKey, ...(w.failReasonParams ? { params: w.failReasonParams } : {}) };
  return w.failReason;
}

/** Open, not yet sent, and short of the finance approvals it needs. */
const isAwaitingApproval = (w: WithdrawalRow) =>
  (w.status === WithdrawalStatus.Unpaid || w.status === WithdrawalStatus.Repay) && w.approvedAt === null;

export function toRecord(deps: Deps, w: WithdrawalRow): WithdrawalView {
  const confirm =
    w.status === WithdrawalStatus.AwaitingConfirmation && w.packageInfo
      ? { appId: deps.config.WECHAT_PAY_APP_ID ?? 'sim', mchId: deps.config.WECHAT_PAY_MCH_ID ?? 'sim', packageInfo: w.packageInfo }
      : null;
  return {
    id: w.id,
    orderNo: w.orderNo,
    amountFen: w.amountFen,
    feeFen: w.feeFen,
    channel: w.channel as WithdrawalRecord['channel'],
    payeeName: w.payeeNameMasked,
    payeeAccount: w.payeeAccountMasked,
    status: w.status as WithdrawalRecord['status'],
    awaitingApproval: isAwaitingApproval(w),
    failReason: failReasonOf(w),
    createdAt: w.createdAt.toISOString(),
    paidAt: w.paidAt?.toISOString() ?? null,
    confirm,
  };
}

export async function getAccount(deps: Deps, userId: number): Promise<CashAccount> {
  const db = deps.database.db;
  const { availableFen, heldFen } = await accountBalances(db, userId);
  const sums = await withdrawalSums(db, userId);
  return {
    availableFen,
    heldFen,
    creditedTotalFen: await creditedTotal(db, userId, LedgerReason.CardSettlement, LedgerReason.CardSettlementReversal),
    withdrawnTotalFen: sums.paid.fen,
    rebateTotalFen: await creditedTotal(db, userId, LedgerReason.Rebate, LedgerReason.RebateReversal),
  };
}

async function totalsOf(db: Queryable, userId: number): Promise<WithdrawalTotals> {
  const { paid, pending } = await withdrawalSums(db, userId);
  return { paidFen: paid.fen, paidCount: paid.n, pendingFen: pending.fen, pendingCount: pending.n };
}

export const getTotals = (deps: Deps, userId: number) => totalsOf(deps.database.db, userId);

/**
 * A page of records with the user's totals, read in one snapshot: a payout finishing between two
 * reads would otherwise show the summary paid above a record still processing.
 */
export async function getRecords(deps: Deps, userId: number, q: { status: WithdrawalStatusFilter; page: number; pageSize: number }) {
  const status = isFilterAll(q.status) ? null : q.status;
  return deps.database.db.transaction(
    async (tx) => {
      const { list, total } = await listUserWithdrawals(tx, userId, status, q.pageSize, offsetOf(q));
      return { list: list.map((w) => toRecord(deps, w)), total, totals: await totalsOf(tx, userId) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** 'W' + UTC yyyymmddhhmmss + 6 random digits: unique, sortable, and a valid vendor order number. */
const newOrderNo = () => `W${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export const enqueuePayout = (deps: Deps, tx: Tx, withdrawalId: number) => deps.jobs.send(PAYOUT_QUEUE, { withdrawalId }, { tx });

const sameRequest = (w: WithdrawalRow, body: ExtractBody) =>
  w.amountFen === body.amountFen && w.channel === body.channel && w.payeeId === body.payeeId;

async function firstResult(deps: Deps, db: Queryable, userId: number, body: ExtractBody): Promise<WithdrawalView | null> {
  const existing = await findUserWithdrawalByKey(db, userId, body.idempotencyKey);
  if (!existing) return null;
  if (!sameRequest(existing, body)) throw new AppError(Code.IdempotencyKeyReused);
  return toRecord(deps, existing);
}

/** Checks in the order the client expects (docs/design.md "API conventions": 333 before anything else). */
export async function extract(deps: Deps, userId: number, body: ExtractBody): Promise<WithdrawalView> {
  const db = deps.database.db;
  if (!(await verifiedRealName(db, userId))) throw new AppError(Code.RealNameRequired);
  const repeated = await firstResult(deps, db, userId, body);
  if (repeated) return repeated;
  const channel = await findChannel(db, body.channel);
  if (!channel?.enabled) throw new AppError(Code.WithdrawalChannelDisabled);
  const payee = await findPayee(db, userId, body.payeeId);
  if (!payee) throw notFound('thing.payee');
  if (payee.channel !== body.channel) throw new AppError(Code.PayeeChannelMismatch);
  // A WeChat payee saved before payees were tied to the login may hold typed text: pay the linked openid.
  const wechatOpenid = body.channel === PayeeChannel.WeChat ? await requireWechatOpenid(db, userId) : null;
  const payeeAccount = wechatOpenid
    ? {
        payeeAccountEnc: encrypt(deps.config.dataEncryptionKey, wechatOpenid),
        payeeAccountMasked: maskPayeeAccount(PayeeChannel.WeChat, wechatOpenid),
      }
    : { payeeAccountEnc: payee.accountEnc, payeeAccountMasked: payee.accountMasked };
  if (body.amountFen < channel.minFen) throw new AppError(Code.WithdrawalBelowMinimum, { min: formatFen(channel.minFen) });
  const feeFen = withdrawalFeeFen(channel, body.amountFen);
  await openAccounts(db, { userIds: [userId] });
  try {
    return await retryingTransaction(db, async (tx) => {
      // Serialises this user's withdrawals: the balance and open-count checks below stay true until commit.
      const accounts = await lockUserAccounts(tx, userId);
      if (!accounts) throw new Error(`user ${userId} has no ledger accounts after openAccounts`);
      const again = await firstResult(deps, tx, userId, body);
      if (again) return again;
      const insufficient = new AppError(Code.InsufficientBalance, { available: formatFen(accounts.availableFen), fee: formatFen(feeFen) });
      if (accounts.availableFen < body.amountFen + feeFen) throw insufficient;
      // After the balance: above both, lowering to the maximum would still fail, and the balance is what to say.
      if (body.amountFen > channel.maxFen) throw new AppError(Code.WithdrawalAboveMaximum, { max: formatFen(channel.maxFen) });
      if ((await countOpenWithdrawals(tx, userId)) >= deps.config.WITHDRAWAL_MAX_OPEN) throw new AppError(Code.WithdrawalAlreadyOpen);
      const id = await nextWithdrawalId(tx);
      const held = await hold(tx, {
        key: `withdrawal:${id}:hold:1`,
        userId,
        amountFen: body.amountFen + feeFen,
        ref: `withdrawal:${id}`,
        accounts,
      }).catch((e: unknown) => {
        throw e instanceof InsufficientFunds ? insufficient : e;
      });
      const orderNo = newOrderNo();
      const approval = await approvalNow(deps, tx, channel, userId, body.amountFen);
      const w = await insertWithdrawal(tx, {
        id,
        orderNo,
        outBizNo: orderNo,
        userId,
        idempotencyKey: body.idempotencyKey,
        channel: body.channel,
        payeeId: payee.id,
        payeeNameEnc: payee.nameEnc,
        payeeNameMasked: payee.nameMasked,
        ...payeeAccount,
        bankCode: payee.bankCode,
        branch: payee.branch,
        amountFen: body.amountFen,
        feeFen,
        holdTransferId: held.transfer.id,
        ...approval,
      });
      // Only a withdrawal that needs no approval pays itself; its job weighs it against the
      // platform's daily limit first. One held for approval is queued by its last approval.
      if (approval.approvalsRequired === 0) await enqueuePayout(deps, tx, id);
      return toRecord(deps, w);
    });
  } catch (e) {
    // The same key raced in from another request or instance: answer with what it created.
    if (pgErrorCode(e) === '23505') {
      const repeated2 = await firstResult(deps, db, userId, body);
      if (repeated2) return repeated2;
    }
    throw e;
  }
}

export const channelKeyOf = (channel: number) => payeeChannelTable.byCode(channel)?.key ?? 'bank';
