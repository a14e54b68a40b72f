/**
 * What a withdrawal's outcome tells its seller (docs/product.md "Messages"), recorded in the
 * transaction that writes the outcome: paid (by the vendor or settled offline by finance), or
 * failed and its money back in the balance (refused, failed by the vendor or offline, or not
 * confirmed in time). A failed withdrawal retried and failed again is told again: the subject
 * carries the attempt.
 */
import type { Tx } from '../../db/client';
import { recordMessage } from '../messages';
import type { WithdrawalRow } from './repo';

export async function reportWithdrawalPaid(tx: Tx, w: WithdrawalRow): Promise<void> {
  await recordMessage(tx, {
    userId: w.userId,
    type: 'withdrawalPaid',
    subject: `withdrawal:${w.id}`,
    facts: {
      withdrawalId: w.id,
      amountFen: w.amountFen,
      feeFen: w.feeFen,
      channel: w.channel,
      paidAt: (w.paidAt ?? new Date()).toISOString(),
    },
  });
}

/** The reason as stored: finance's words, or our own catalogue key (with its parameters) for a vendor's answer. */
export async function reportWithdrawalReturned(tx: Tx, w: WithdrawalRow): Promise<void> {
  await recordMessage(tx, {
    userId: w.userId,
    type: 'withdrawalReturned',
    subject: `withdrawal:${w.id}:${w.attempt}`,
    facts: {
      withdrawalId: w.id,
      amountFen: w.amountFen,
      channel: w.channel,
      reason: w.failReason,
      reasonKey: w.failReasonKey,
      reasonParams: w.failReasonParams,
    },
  });
}
