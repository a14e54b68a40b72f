import {
  Code,
  formatFen,
  isFilterAll,
  isTextKey,
  PayeeChannel,
  payeeChannelTable,
  WithdrawalStatus,
  type CashAccount,
  type ExtractBody,
  type StoredText,
  type WithdrawalChannel,
  type WithdrawalRecord,
  type WithdrawalStatusFilter,
  type WithdrawalTotals,
} from '@maika/shared';
import type { Queryable, Tx } from '../../db/client';
import { isTransientConflict, pgErrorCode } from '../../db/errors';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { encrypt } from '../../lib/crypto';
import { linkedWechatOpenid, maskPayeeAccount } from '../payees';
import { PAYOUT_QUEUE } from '../../jobs/queues';
import { accountBalances, creditedTotal, LedgerReason } from '../ledger';
import { createBatcher } from '../../lib/batcher';
import { newOrderNo } from '../../lib/orderNo';
import { decideWithdrawals, linkedOpenid, type ExtractAnswer, type ExtractRequest, type WithdrawalShown } from './extractRepo';
import { listChannels, listUserWithdrawals, withdrawalSums, type ChannelRow } from './repo';

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
function failReasonOf(w: WithdrawalShown): StoredText | null {
  if (isTextKey(w.failReasonKey)) return { key: w.failReasonKey, ...(w.failReasonParams ? { params: w.failReasonParams } : {}) };
  return w.failReason;
}

/** Open, not yet sent, and short of the finance approvals it needs. */
const isAwaitingApproval = (w: WithdrawalShown) =>
  (w.status === WithdrawalStatus.Unpaid || w.status === WithdrawalStatus.Repay) && w.approvedAt === null;

export function toRecord(deps: Deps, w: WithdrawalShown): WithdrawalView {
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

export const enqueuePayout = (deps: Deps, tx: Tx, withdrawalId: number) => deps.jobs.send(PAYOUT_QUEUE, { withdrawalId }, { tx });

/** The error a refused request is answered with, with the figures its message shows. */
function refusalError(a: Exclude<ExtractAnswer, { withdrawal: unknown }>): AppError {
  const fen = (x: number | null) => formatFen(x ?? 0);
  switch (a.code) {
    case 'real_name_required':
      return new AppError(Code.RealNameRequired);
    case 'key_reused':
      return new AppError(Code.IdempotencyKeyReused);
    case 'channel_disabled':
      return new AppError(Code.WithdrawalChannelDisabled);
    case 'payee_not_found':
      return notFound('thing.payee');
    case 'payee_channel_mismatch':
      return new AppError(Code.PayeeChannelMismatch);
    case 'wechat_not_linked':
      return new AppError(Code.WechatNotLinked);
    case 'below_minimum':
      return new AppError(Code.WithdrawalBelowMinimum, { min: fen(a.minFen) });
    case 'insufficient':
      return new AppError(Code.InsufficientBalance, { available: fen(a.availableFen), fee: fen(a.feeFen) });
    case 'above_maximum':
      return new AppError(Code.WithdrawalAboveMaximum, { max: fen(a.maxFen) });
    case 'already_open':
      return new AppError(Code.WithdrawalAlreadyOpen);
  }
}

const ATTEMPTS = 4;

/**
 * Requests decided together, one statement and one commit for as many as arrived while the last
 * ran: a withdrawal's cost was mostly its own transaction and commit, not its checks and rows. Under
 * load each request waits for the statement before it; alone, it runs at once.
 */
const TOGETHER_AT_MOST = 64;
const deciders = new WeakMap<Deps, (request: ExtractRequest) => Promise<ExtractAnswer>>();
function deciderOf(deps: Deps) {
  let decide = deciders.get(deps);
  if (!decide) {
    const rules = {
      maxOpen: deps.config.WITHDRAWAL_MAX_OPEN,
      secondApprovalFen: deps.config.WITHDRAWAL_SECOND_APPROVAL_FEN,
      userDailyFen: deps.config.PAYOUT_USER_DAILY_FEN,
      payoutQueue: PAYOUT_QUEUE,
    };
    decide = createBatcher((requests: ExtractRequest[]) => decideWithdrawals(deps.database.pool, requests, rules), TOGETHER_AT_MOST);
    deciders.set(deps, decide);
  }
  return decide;
}

/**
 * Checks in the order the client expects (docs/design.md "API conventions": 333 before anything
 * else), decided by the database in one statement (`maika_extract`, migrations 0031 and 0036, with
 * other requests that arrived meanwhile: `maika_extract_together`, migration 0038): the real name, a
 * repeated key (the first result), channel, payee, minimum, balance with the fee, maximum, open
 * withdrawals; then the hold, the approvals the user's daily limit asks for, the withdrawal and,
 * when it needs no approval, its payout job, committed together.
 */
export async function extract(deps: Deps, userId: number, body: ExtractBody): Promise<WithdrawalView> {
  const { pool } = deps.database;
  // WeChat Pay pays the openid linked by login, whatever a WeChat payee saved before that holds:
  // encrypted here, since the key never reaches SQL.
  const wechat = body.channel === PayeeChannel.WeChat;
  const openid = wechat ? await linkedOpenid(pool, userId) : null;
  const request = {
    userId,
    idempotencyKey: body.idempotencyKey,
    channel: body.channel,
    payeeId: body.payeeId,
    amountFen: body.amountFen,
    wechat,
    accountEnc: openid ? encrypt(deps.config.dataEncryptionKey, openid) : null,
    accountMasked: openid ? maskPayeeAccount(PayeeChannel.WeChat, openid) : null,
  };
  const decide = deciderOf(deps);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await decide({ ...request, orderNo: newOrderNo('W') });
      if ('withdrawal' in answer) return toRecord(deps, answer.withdrawal);
      throw refusalError(answer);
    } catch (e) {
      if (e instanceof AppError || attempt >= ATTEMPTS) throw e;
      // A deadlock or serialization victim was rolled back whole: run it again after a short random pause.
      if (isTransientConflict(e)) await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20 * attempt)));
      // An order number drawn twice in one second: draw another. (A key is decided under the user's lock, so it never races here.)
      else if (pgErrorCode(e) !== '23505') throw e;
    }
  }
}

export const channelKeyOf = (channel: number) => payeeChannelTable.byCode(channel)?.key ?? 'bank';
