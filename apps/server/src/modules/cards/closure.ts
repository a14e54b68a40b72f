import { bothLanguages, Code, type LocalizedText, type TextKey } from '@maika/shared';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/envelope';
import { openCardsCount, pendingEarningsCounts } from './repo';

/** Cards still under review (unreviewed or under appeal) may yet earn money: the account stays open. */
export async function cardClosureCheck(tx: Tx, userId: number): Promise<AppError | null> {
  const open = await openCardsCount(tx, userId);
  if (open === 0) return null;
  return new AppError(Code.CancelBlockedByOpenItems, {
    items: bothLanguages({ key: 'closure.cardsUnderReview', params: { count: open } }),
  });
}

const earningKinds = [
  ['notActivated', 'closure.cardsNotActivated'],
  ['abnormal', 'closure.cardsAbnormal'],
  ['awaitingCredit', 'closure.cardsAwaitingCredit'],
  ['pendingApprovals', 'closure.pendingApprovals'],
] as const satisfies readonly (readonly [keyof Awaited<ReturnType<typeof pendingEarningsCounts>>, TextKey])[];

/**
 * Anything else that may still credit money to the account refuses its cancellation, named with
 * its count: a credit after it would land on an anonymised account nobody can withdraw from.
 */
export async function earningsClosureCheck(tx: Tx, userId: number): Promise<AppError | null> {
  const counts = await pendingEarningsCounts(tx, userId);
  const open = earningKinds
    .filter(([kind]) => counts[kind] > 0)
    .map(([kind, key]) => bothLanguages({ key, params: { count: counts[kind] } }));
  if (open.length === 0) return null;
  const items: LocalizedText = {
    'zh-CN': open.map((t) => t['zh-CN']).join('、'),
    'en-US': open.map((t) => t['en-US']).join(', '),
  };
  return new AppError(Code.CancelBlockedByPendingEarnings, { items });
}
