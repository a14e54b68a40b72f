/** The colour a withdrawal status reads in. */
import { colorHex, WithdrawalStatus, type SemanticColor } from '@maika/shared';

/**
 * Withdrawal statuses have no colours (docs/product.md "Withdrawal statuses"): paid and settled
 * read as done (green), failed as a problem (danger), the ones still moving as waiting (warn), an
 * untouched one as gray.
 */
const statusColors: Readonly<Record<number, SemanticColor>> = {
  [WithdrawalStatus.Unpaid]: 'gray',
  [WithdrawalStatus.Paid]: 'green',
  [WithdrawalStatus.PaymentFailed]: 'danger',
  [WithdrawalStatus.Repay]: 'warn',
  [WithdrawalStatus.OfflineSettlement]: 'green',
  [WithdrawalStatus.Processing]: 'warn',
  [WithdrawalStatus.AwaitingConfirmation]: 'warn',
};

export function withdrawalStatusColor(status: number): string {
  return colorHex(statusColors[status] ?? 'gray');
}
