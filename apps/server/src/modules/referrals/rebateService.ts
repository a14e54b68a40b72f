/**
 * Referral rebates, posted inside the caller's transaction (the card settlement's, so a rebate
 * exists iff the card's credit committed).
 *
 * A credited card pays its owner's referrer floor(settlementFen × rebateRateBp / 10000) from the
 * 'rebates' account, ledger key `card:<id>:rebate`, once per card: the rebates row is unique per
 * card and a concurrent second insert waits on that index and then finds it taken. Skipped
 * (nothing written) without an active referrer or when the amount rounds to 0.
 *
 * `rebatesFor` weighs a set of cards (a batch credit) and inserts their rows in one statement; the
 * caller posts the ledger credits it answers together with the cards' own, so each account is
 * locked and raised once. The 'rebates' account itself is never locked (ledger/service.ts).
 */
import { applyRateBp } from '@maika/shared';
import type { Tx } from '../../db/client';
import type { UserStatus } from '../../db/schema';
import { creditUsers, LedgerReason, lockUsersForCredit, openAccounts, type UserCredit } from '../ledger';
import { findReferrerOf, insertRebates, type NewRebate, type RebateRow } from './repo';
import type { ReferralSettings } from './settingsService';

const rebateKey = (cardId: number) => `card:${cardId}:rebate`;

export type CreditRebateResult =
  | { outcome: 'credited'; rebate: RebateRow }
  | { outcome: 'already'; rebate: RebateRow }
  | { outcome: 'skipped'; reason: 'no_referrer' | 'referrer_inactive' | 'zero_amount' };

export interface RebateCard {
  cardId: number;
  refereeUserId: number;
  settlementFen: number;
}

/**
 * The rebates these cards earn at `settings.rebateRateBp` (the rate the caller read in its
 * transaction, `readReferralSettings`): each card's outcome, and the ledger credits of the rebates
 * inserted now. `referrerOf`: a referee's referrer and their status, as the caller read them under
 * its locks (`lockUsersForCredit`).
 */
export async function rebatesFor(
  tx: Tx,
  settings: ReferralSettings,
  cards: RebateCard[],
  referrerOf: Map<number, { id: number; status: UserStatus }>,
): Promise<{ outcomes: Map<number, CreditRebateResult>; credits: UserCredit[] }> {
  const outcomes = new Map<number, CreditRebateResult>();
  const due: NewRebate[] = [];
  for (const card of cards) {
    const referrer = referrerOf.get(card.refereeUserId);
    const amountFen = applyRateBp(card.settlementFen, settings.rebateRateBp);
    if (!referrer) outcomes.set(card.cardId, { outcome: 'skipped', reason: 'no_referrer' });
    else if (referrer.status !== 'active') outcomes.set(card.cardId, { outcome: 'skipped', reason: 'referrer_inactive' });
    else if (amountFen <= 0) outcomes.set(card.cardId, { outcome: 'skipped', reason: 'zero_amount' });
    else
      due.push({
        referrerId: referrer.id,
        refereeId: card.refereeUserId,
        cardId: card.cardId,
        settlementFen: card.settlementFen,
        rateBp: settings.rebateRateBp,
        amountFen,
      });
  }
  if (due.length === 0) return { outcomes, credits: [] };
  const { created, existing } = await insertRebates(tx, due);
  for (const rebate of existing) outcomes.set(rebate.cardId, { outcome: 'already', rebate });
  for (const rebate of created) outcomes.set(rebate.cardId, { outcome: 'credited', rebate });
  const credits = created.map((r) => ({
    key: rebateKey(r.cardId),
    userId: r.referrerId,
    amountFen: r.amountFen,
    reason: LedgerReason.Rebate,
    ref: `card:${r.cardId}`,
    from: 'rebates' as const,
  }));
  return { outcomes, credits };
}

/** One card's rebate, posted now: `rebatesFor` for a set of one, its referrer read and locked here. */
export async function creditRebateForCard(tx: Tx, settings: ReferralSettings, card: RebateCard): Promise<CreditRebateResult> {
  const referrer = await findReferrerOf(tx, card.refereeUserId);
  if (referrer) {
    await lockUsersForCredit(tx, [referrer.id]);
    await openAccounts(tx, { userIds: [referrer.id] });
  }
  const { outcomes, credits } = await rebatesFor(tx, settings, [card], new Map(referrer ? [[card.refereeUserId, referrer]] : []));
  await creditUsers(tx, credits);
  return outcomes.get(card.cardId)!;
}
