import { Code, formatFen, textCatalogue } from '@maika/shared';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/envelope';
import { accountBalances } from '../ledger';
import { countOpenWithdrawals } from './repo';

/** An account with money on it, or a withdrawal under way, cannot be cancelled. */
export async function moneyClosureCheck(tx: Tx, userId: number): Promise<AppError | null> {
  const { availableFen, heldFen } = await accountBalances(tx, userId);
  if ((await countOpenWithdrawals(tx, userId)) > 0) {
    return new AppError(Code.CancelBlockedByOpenItems, { items: textCatalogue['closure.withdrawals'] });
  }
  if (availableFen + heldFen > 0) return new AppError(Code.CancelBlockedByBalance, { amount: formatFen(availableFen + heldFen) });
  return null;
}
