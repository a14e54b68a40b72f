/**
 * The referral settings: the rebate rate, in basis points of a card's settlement. Stored in the
 * site's foundation settings row because the rate is public (`GET /api/Basis/getFoundation` and
 * the share page show it); referrals read and write it only here.
 */
import type { Queryable } from '../../db/client';
import { defaultFoundation, FOUNDATION_KEY, mergeSetting, readSetting, type FoundationSettings } from '../content';

export type ReferralSettings = Pick<FoundationSettings, 'rebateRateBp'>;

export async function readReferralSettings(db: Queryable): Promise<ReferralSettings> {
  const stored = await readSetting<Partial<ReferralSettings>>(db, FOUNDATION_KEY);
  return { rebateRateBp: stored?.rebateRateBp ?? defaultFoundation.rebateRateBp };
}

export async function saveRebateRate(db: Queryable, rateBp: number): Promise<void> {
  await mergeSetting(db, FOUNDATION_KEY, { rebateRateBp: rateBp });
}
