/**
 * Referral rebates, posted inside the caller's transaction (the card settlement's, so a rebate
 * exists iff the card's credit committed).
 *
 * - `creditRebateForCard` pays the referee's referrer floor(settlementFen × rebateRateBp / 10000)
 *   from the 'rebates' account, ledger key `card:<id>:rebate`, once per card: the rebates row is
 *   unique per card and a concurrent second call waits on that index and then finds it taken.
 *   Skipped (nothing written) without an active referrer or when the amount rounds to 0.
 * - `reverseRebateForCard` takes it back once (`card:<id>:rebate:reversal`). When the referrer has
 *   already spent it, the rebate becomes 'reversal_pending': the amount is owed, never a negative
 *   balance, and `collectOwedRebates` takes it as soon as the referrer's balance covers it: when
 *   they next receive a rebate or have a card of their own credited (both pass through
 *   `creditRebateForCard`); callers crediting other money may call it too.
 *
 * Callers hold the platform clearing account's lock first (every card credit and its reversal
 * moves money through it), which orders these transactions and keeps their account locks from
 * deadlocking.
 */
import { applyRateBp } from '@maika/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { readSetting, defaultFoundation, FOUNDATION_KEY, type FoundationSettings } from '../content';
import { accountBalances, lockAccounts, creditUser, LedgerReason, platformAccount, transfer, userAccounts } from '../ledger';
import {
  findReferrerOf,
  insertRebate,
  lockOwedRebates,
  lockRebateOfCard,
  markRebateReversed,
  markReversalPending,
  type RebateRow,
} from './repo';

export const rebateKey = (cardId: number) => `card:${cardId}:rebate`;
export const rebateReversalKey = (cardId: number) => `card:${cardId}:rebate:reversal`;
const cardRef = (cardId: number) => `card:${cardId}`;

export type RebateSettings = Pick<FoundationSettings, 'rebateRateBp'>;

export type CreditRebateResult =
  | { outcome: 'credited'; rebate: RebateRow }
  | { outcome: 'already'; rebate: RebateRow }
  | { outcome: 'skipped'; reason: 'no_referrer' | 'referrer_inactive' | 'zero_amount' };

export type ReverseRebateResult = { outcome: 'none' } | { outcome: 'reversed' | 'already' | 'pending'; rebate: RebateRow };

/** The rate in force: from the stored foundation settings, or as given (tests, callers that read it already). */
async function rebateRateOf(tx: Tx, source: Deps | RebateSettings): Promise<number> {
  if ('rebateRateBp' in source) return source.rebateRateBp;
  const stored = await readSetting<Partial<FoundationSettings>>(tx, FOUNDATION_KEY);
  return stored?.rebateRateBp ?? defaultFoundation.rebateRateBp;
}

export async function creditRebateForCard(
  tx: Tx,
  source: Deps | RebateSettings,
  card: { cardId: number; refereeUserId: number; settlementFen: number },
): Promise<CreditRebateResult> {
  // The card's owner was just credited: what they owe as a referrer is taken from it first.
  await collectOwedRebates(tx, card.refereeUserId);
  const referrer = await findReferrerOf(tx, card.refereeUserId);
  if (!referrer) return { outcome: 'skipped', reason: 'no_referrer' };
  if (referrer.status !== 'active') return { outcome: 'skipped', reason: 'referrer_inactive' };
  const rateBp = await rebateRateOf(tx, source);
  const amountFen = applyRateBp(card.settlementFen, rateBp);
  if (amountFen <= 0) return { outcome: 'skipped', reason: 'zero_amount' };

  const inserted = await insertRebate(tx, {
    referrerId: referrer.id,
    refereeId: card.refereeUserId,
    cardId: card.cardId,
    settlementFen: card.settlementFen,
    rateBp,
    amountFen,
  });
  if (!inserted.created) return { outcome: 'already', rebate: inserted.rebate };
  await creditUser(tx, {
    key: rebateKey(card.cardId),
    userId: referrer.id,
    amountFen,
    reason: LedgerReason.Rebate,
    ref: cardRef(card.cardId),
    from: 'rebates',
  });
  await collectOwedRebates(tx, referrer.id);
  return { outcome: 'credited', rebate: inserted.rebate };
}

export async function reverseRebateForCard(tx: Tx, cardId: number): Promise<ReverseRebateResult> {
  const rebate = await lockRebateOfCard(tx, cardId);
  if (!rebate) return { outcome: 'none' };
  if (rebate.status === 'reversed') return { outcome: 'already', rebate };
  const owed = rebate.status === 'credited' ? await markReversalPending(tx, rebate.id) : rebate;
  const settled = await postReversalIfCovered(tx, owed);
  return settled ? { outcome: 'reversed', rebate: settled } : { outcome: 'pending', rebate: owed };
}

/**
 * Takes back every owed rebate of a referrer that their available balance now covers, oldest
 * first. Rows another transaction holds are left to it (skip locked), so this never waits on a
 * row while holding the referrer's ledger account.
 */
export async function collectOwedRebates(tx: Tx, referrerId: number): Promise<number> {
  let collectedFen = 0;
  for (const owed of await lockOwedRebates(tx, referrerId)) {
    const settled = await postReversalIfCovered(tx, owed);
    if (settled) collectedFen += settled.amountFen;
  }
  return collectedFen;
}

/** Posts the reversing transfer when the referrer's available balance covers it; null when it does not. */
async function postReversalIfCovered(tx: Tx, rebate: RebateRow): Promise<RebateRow | null> {
  const { available } = await userAccounts(tx, rebate.referrerId);
  const rebatesAccount = await platformAccount(tx, 'rebates');
  // Locked before reading, so the balance cannot fall between the check and the debit.
  await lockAccounts(tx, [available, rebatesAccount]);
  const { availableFen } = await accountBalances(tx, rebate.referrerId);
  if (availableFen < rebate.amountFen) return null;
  await transfer(tx, {
    key: rebateReversalKey(rebate.cardId),
    debit: available,
    credit: rebatesAccount,
    amountFen: rebate.amountFen,
    reason: LedgerReason.RebateReversal,
    ref: cardRef(rebate.cardId),
  });
  return markRebateReversed(tx, rebate.id);
}
