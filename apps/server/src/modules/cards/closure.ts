import { bothLanguages, Code } from '@maika/shared';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/envelope';
import { openCardsCount } from './repo';

/** Cards still under review (unreviewed or under appeal) may yet earn money: the account stays open. */
export async function cardClosureCheck(tx: Tx, userId: number): Promise<AppError | null> {
  const open = await openCardsCount(tx, userId);
  if (open === 0) return null;
  return new AppError(Code.CancelBlockedByOpenItems, {
    items: bothLanguages({ key: 'closure.cardsUnderReview', params: { count: open } }),
  });
}
