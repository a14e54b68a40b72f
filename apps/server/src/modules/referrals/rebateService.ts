/**
 * Referral rebates, posted inside the caller's transaction (the card settlement's, so a rebate
 * exists iff the card's credit committed).
 *
 * `creditRebateForCard` pays the referee's referrer floor(settlementFen × rebateRateBp / 10000)
 * from the 'rebates' account, ledger key `card:<id>:rebate`, once per card: the rebates row is
 * unique per card and a concurrent second call waits on that index and then finds it taken.
 * Skipped (nothing written) without an active referrer or when the amount rounds to 0.
 *
 * Callers hold the referee's available account's lock first (the card's credit), then this takes
 * the referrer's; a referrer always signed up before the referee, so two credits never take these
 * locks in opposite orders. The 'rebates' account itself is never locked (ledger/service.ts).
 */
import { applyRateBp } from '@maika/shared';
import type { Tx } from '../../db/client';
import { creditUser, LedgerReason } from '../ledger';
import { findReferrerOf, insertRebate, type RebateRow } from './repo';
import type { ReferralSettings } from './settingsService';

const rebateKey = (cardId: number) => `card:${cardId}:rebate`;

export type CreditRebateResult =
  | { outcome: 'credited'; rebate: RebateRow }
  | { outcome: 'already'; rebate: RebateRow }
  | { outcome: 'skipped'; reason: 'no_referrer' | 'referrer_inactive' | 'zero_amount' };

/** Pays the rebate at `settings.rebateRateBp`: the rate the caller read in its transaction (`readReferralSettings`). */
export async function creditRebateForCard(
  tx: Tx,
  settings: ReferralSettings,
  card: { cardId: number; refereeUserId: number; settlementFen: number },
): Promise<CreditRebateResult> {
  const referrer = await findReferrerOf(tx, card.refereeUserId);
  if (!referrer) return { outcome: 'skipped', reason: 'no_referrer' };
  if (referrer.status !== 'active') return { outcome: 'skipped', reason: 'referrer_inactive' };
  const rateBp = settings.rebateRateBp;
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
    ref: `card:${card.cardId}`,
    from: 'rebates',
  });
  return { outcome: 'credited', rebate: inserted.rebate };
}
