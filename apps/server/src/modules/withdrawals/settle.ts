import { WithdrawalStatus } from '@maika/shared';
import type { Tx } from '../../db/client';
import { paidWithdrawalStatuses } from '../../db/withdrawalStatuses';
import { postHold, voidHold } from '../ledger';
import { updateWithdrawal, type NewWithdrawal, type WithdrawalRow } from './repo';

/**
 * A withdrawal closed, paid or failed (stateMachine.ts): its hold posted (the amount paid out, the
 * fee kept) or voided, and then its status written. Every path that closes one comes here, so the
 * user's accounts are locked before the rows the status moves (the user's count of open withdrawals,
 * migration 0040, and on a failure the user's total of the day), in the order a creation locks them.
 */
export async function settleWithdrawal(
  tx: Tx,
  w: WithdrawalRow,
  change: Partial<NewWithdrawal> & { status: WithdrawalStatus },
): Promise<WithdrawalRow> {
  if (paidWithdrawalStatuses.includes(change.status)) await postHold(tx, { pendingId: w.holdTransferId, payoutFen: w.amountFen });
  else if (change.status === WithdrawalStatus.PaymentFailed) await voidHold(tx, w.holdTransferId);
  else throw new Error(`withdrawal ${w.id}: status ${change.status} does not close it`);
  return updateWithdrawal(tx, w.id, change);
}
