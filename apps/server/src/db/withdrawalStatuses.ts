import { WithdrawalStatus } from '@maika/shared';

// Here rather than in the withdrawals module: payees read them too (a payee with a withdrawal
// under way cannot be deleted), and the withdrawals module depends on payees.
const S = WithdrawalStatus;

/** Statuses whose money is still held; in SQL, withdrawal_open() of migration 0036 (openCount.test.ts ties the two). */
export const openWithdrawalStatuses: readonly WithdrawalStatus[] = [S.Unpaid, S.Repay, S.Processing, S.AwaitingConfirmation];
export const paidWithdrawalStatuses: readonly WithdrawalStatus[] = [S.Paid, S.OfflineSettlement];
