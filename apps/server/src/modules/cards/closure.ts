import { Code } from '@maika/shared';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/envelope';
import { openCardsCount } from './repo';

/** Cards still under review (unreviewed or under appeal) may yet earn money: the account stays open. */
export async function cardClosureCheck(tx: Tx, userId: number): Promise<AppError | null> {
  const open = await openCardsCount(tx, userId);
  return open > 0 ? new AppError(Code.CancelBlockedByOpenItems, { items: `cards under review (审核中的卡 ${open} 张)` }) : null;
}
