/**
 * The payout job. A withdrawal is marked processing (committed) before the vendor is called, the
 * vendor is called outside any transaction, and the outcome is written under a row lock. A job
 * that finds a withdrawal already processing (a retry, or a run that died mid-call) asks the
 * vendor with `query` before anything else; the vendor order number (`out_biz_no`) is the same
 * for every call of one attempt, so the vendor pays at most once whatever is repeated. Before
 * all that, a new automatic withdrawal is weighed against the platform's daily limit (limitService.ts),
 * in the statement that starts it. Nothing is started for a frozen user (checked under the user's
 * row lock, in that statement): a payout already with the vendor is followed to its end, one not
 * started waits for the unfreeze.
 */
import { payeeChannelTable, WithdrawalStatus as S, type TextRef, type WithdrawalStatus } from '@maika/shared';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { retryingOnConflict, retryingTransaction } from '../../db/retry';
import type { Deps } from '../../deps';
import { decrypt } from '../../lib/crypto';
import { PAYOUT_QUEUE } from '../../jobs/queues';
import type { PayoutProvider, PayoutQueryResult, PayoutRequest } from '../../providers/payout';
import { openAccounts } from '../ledger';
import { platformDailyFen } from './limitService';
import { listApprovedUnstarted, listUnfinishedPayouts, lockWithdrawal, startPayoutRow, updateWithdrawal, type PayoutStart } from './repo';
import { nextWithdrawalStatus } from './stateMachine';
import { channelKeyOf, enqueuePayout } from './service';
import { reportWithdrawalPaid, reportWithdrawalReturned } from './messageService';
import { settleWithdrawal } from './settle';

export const payoutJobData = z.object({ withdrawalId: z.number().int().positive() });

/**
 * A recheck runs after the payouts not yet started (created, approved or swept, all at 0): a queue
 * running behind pays new withdrawals first and asks about those already with the vendor after.
 */
const RECHECK_PRIORITY = -1;

/** WeChat lets a payee confirm for 24 hours; after that the transfer is cancelled and refunded. */
export const CONFIRM_WINDOW_MS = 24 * 3600_000;

type Step = { w: Omit<PayoutStart, 'call'>; provider: PayoutProvider; call: PayoutStart['call'] };

function requestOf(deps: Deps, w: Step['w']): PayoutRequest {
  const key = deps.config.dataEncryptionKey;
  return {
    outBizNo: w.outBizNo,
    amountFen: w.amountFen,
    channel: channelKeyOf(w.channel),
    payee: {
      account: decrypt(key, w.payeeAccountEnc),
      name: decrypt(key, w.payeeNameEnc),
      bankCode: w.bankCode ?? undefined,
      branch: w.branch ?? undefined,
    },
    remark: `提现 ${w.orderNo}`,
  };
}

/** The channels this process pays automatically, each with its provider. */
const automaticChannels = (deps: Deps) =>
  payeeChannelTable.values.flatMap((c) => {
    const provider = deps.payouts[c.key];
    return provider ? [{ channel: c.code, provider }] : [];
  });

/**
 * Weighs a new withdrawal against the platform's daily limit and decides what to ask the vendor,
 * committing "processing" first when the payout starts now: one statement (repo.ts
 * `startPayoutRow`), under the user's row (shared) and the withdrawal's.
 */
async function nextStep(deps: Deps, withdrawalId: number): Promise<Step | null> {
  const channels = automaticChannels(deps);
  const row = await retryingOnConflict(() =>
    startPayoutRow(
      deps.database.db,
      withdrawalId,
      platformDailyFen(deps),
      channels.map((c) => ({ channel: c.channel, name: c.provider.name })),
    ),
  );
  const provider = row && channels.find((c) => c.channel === row.channel)?.provider;
  if (!row || !provider) return null;
  const { call, ...w } = row;
  return { w, provider, call };
}

async function askVendor(deps: Deps, step: Step): Promise<PayoutQueryResult> {
  const { w, provider, call } = step;
  if (call === 'transfer') return provider.transfer(requestOf(deps, w));
  const answer = call === 'cancel' && provider.cancel ? await provider.cancel(w.outBizNo) : await provider.query(w.outBizNo);
  // Never reached the vendor (the run died before the call): send it now, same order number.
  if (answer.outcome === 'notFound') return provider.transfer(requestOf(deps, w));
  return answer;
}

/**
 * Queues again the payouts whose job was lost (a killed worker's, or a recheck never sent):
 * unfinished, untouched for `olderThanSeconds`, and with no check of theirs waiting to run. A check
 * that waits, however late (a queue behind), is not doubled: doubled checks each queued their own
 * recheck, and the queue grew faster than workers could empty it.
 */
export async function sweepPayouts(deps: Deps, olderThanSeconds: number): Promise<void> {
  const automatic = automaticChannels(deps).map((c) => c.channel);
  await deps.jobs.sendUnlessWaiting(
    PAYOUT_QUEUE,
    'withdrawalId',
    await listUnfinishedPayouts(deps.database.db, olderThanSeconds, automatic),
  );
}

/** After an unfreeze: the user's approved payouts that the freeze held are queued again, in the unfreeze's transaction. */
export async function resumeHeldPayouts(deps: Deps, tx: Tx, userId: number): Promise<void> {
  for (const w of await listApprovedUnstarted(tx, userId)) {
    if (deps.payouts[channelKeyOf(w.channel)]) await enqueuePayout(deps, tx, w.id);
  }
}

export async function processPayout(deps: Deps, withdrawalId: number): Promise<void> {
  const step = await nextStep(deps, withdrawalId);
  if (!step) return;
  const answer = await askVendor(deps, step);
  if (answer.outcome === 'unknown' || answer.outcome === 'notFound') {
    throw new Error(
      `payout ${step.w.orderNo}: no final answer from ${step.provider.name} (${answer.outcome === 'unknown' ? answer.error : 'not found'}); retrying`,
    );
  }
  await recordOutcome(deps, step, answer);
}

async function recordOutcome(
  deps: Deps,
  step: Step,
  answer: Exclude<PayoutQueryResult, { outcome: 'unknown' | 'notFound' }>,
): Promise<void> {
  await openAccounts(deps.database.db, { platform: ['payouts', 'fees'] });
  await retryingTransaction(deps.database.db, async (tx) => {
    const w = await lockWithdrawal(tx, step.w.id);
    // Another run recorded an outcome first, or an operator moved it on: nothing left to do.
    if (!w || w.attempt !== step.w.attempt || (w.status !== S.Processing && w.status !== S.AwaitingConfirmation)) return;
    const status = w.status as WithdrawalStatus;
    const expired = step.call === 'cancel';
    // Settled last (settle.ts): the user's accounts stay locked for the hold's statement, the
    // status's and the commit, not for the message written before them.
    if (answer.outcome === 'paid') {
      const paid = {
        status: nextWithdrawalStatus(status, 'paid')!,
        paidAt: answer.paidAt,
        providerRef: answer.providerRef,
        packageInfo: null,
      };
      await reportWithdrawalPaid(tx, { ...w, ...paid });
      await settleWithdrawal(tx, w, paid);
      return;
    }
    if (answer.outcome === 'failed' || (expired && answer.outcome === 'awaitingConfirmation')) {
      const why: TextRef = expired
        ? { key: 'payout.notConfirmed' }
        : answer.outcome === 'failed' && answer.payeeReason
          ? answer.payeeReason
          : { key: 'payout.failed' };
      const failed = {
        status: nextWithdrawalStatus(status, 'failed')!,
        failReason: null,
        failReasonKey: why.key,
        failReasonParams: why.params ?? null,
        packageInfo: null,
      };
      await reportWithdrawalReturned(tx, { ...w, ...failed });
      await settleWithdrawal(tx, w, failed);
      return;
    }
    if (answer.outcome === 'awaitingConfirmation' && status === S.Processing) {
      const expiresAt = new Date(Math.min(answer.expiresAt.getTime(), Date.now() + CONFIRM_WINDOW_MS));
      await updateWithdrawal(tx, w.id, {
        status: nextWithdrawalStatus(status, 'awaitConfirmation')!,
        providerRef: answer.providerRef,
        packageInfo: answer.packageInfo,
        confirmExpiresAt: expiresAt,
      });
    } else {
      await updateWithdrawal(tx, w.id, {});
    }
    // Asked again later, with the outcome: one check waits at a time. Under the row lock, so of two
    // jobs run for one payout (its own and a sweep's) the later sees the earlier's recheck and adds none.
    await deps.jobs.sendUnlessWaiting(PAYOUT_QUEUE, 'withdrawalId', [w.id], {
      tx,
      startAfterSeconds: deps.config.PAYOUT_RECHECK_SECONDS,
      priority: RECHECK_PRIORITY,
    });
  });
}
