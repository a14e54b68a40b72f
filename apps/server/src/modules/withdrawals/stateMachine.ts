import { WithdrawalStatus } from '@maika/shared';

/**
 * The withdrawal life cycle (docs/product.md "Withdrawal statuses"):
 *
 *   0 unpaid ──start──▶ 5 processing ──paid──▶ 1 paid
 *   3 repay  ──start──▶ 5            ──failed─▶ 2 failed ──retry──▶ 3 repay
 *                       5 ──awaitConfirmation──▶ 6 awaiting confirmation ──paid/failed──▶ 1 / 2
 *   0, 3 ──offlinePaid──▶ 4 settled offline     0, 3 ──reject / offlineFailed──▶ 2
 *
 * Ledger side: paid and offlinePaid post the hold, failed / reject / offlineFailed void it,
 * retry places a new hold. While its user is frozen a withdrawal takes none of the events that
 * send money out (an approval, start, offlinePaid, retry): adminService.ts and payoutService.ts refuse
 * them under the user's row lock, and it waits where it is for the unfreeze.
 */
export type WithdrawalEvent = 'start' | 'paid' | 'failed' | 'awaitConfirmation' | 'retry' | 'offlinePaid' | 'offlineFailed' | 'reject';

export const withdrawalEvents: readonly WithdrawalEvent[] = [
  'start',
  'paid',
  'failed',
  'awaitConfirmation',
  'retry',
  'offlinePaid',
  'offlineFailed',
  'reject',
];

const S = WithdrawalStatus;
const edges: Record<WithdrawalStatus, Partial<Record<WithdrawalEvent, WithdrawalStatus>>> = {
  [S.Unpaid]: { start: S.Processing, offlinePaid: S.OfflineSettlement, offlineFailed: S.PaymentFailed, reject: S.PaymentFailed },
  [S.Repay]: { start: S.Processing, offlinePaid: S.OfflineSettlement, offlineFailed: S.PaymentFailed, reject: S.PaymentFailed },
  [S.Processing]: { paid: S.Paid, failed: S.PaymentFailed, awaitConfirmation: S.AwaitingConfirmation },
  [S.AwaitingConfirmation]: { paid: S.Paid, failed: S.PaymentFailed },
  [S.PaymentFailed]: { retry: S.Repay },
  [S.Paid]: {},
  [S.OfflineSettlement]: {},
};

/** The status after `event`, or null when the event is not allowed in `from`. */
export function nextWithdrawalStatus(from: WithdrawalStatus, event: WithdrawalEvent): WithdrawalStatus | null {
  return edges[from]?.[event] ?? null;
}
