import { nicknameIn, type AdminRebate, type AdminReferral, type Locale } from '@maika/shared';
import { offsetOf, type Page } from '../../db/page';
import type { Deps } from '../../deps';
import { changePublicContent } from '../../lib/publicCache';
import { recordAudit, type AdminAction } from '../audit';
import { isoTime } from './service';
import { listRebates, listReferrals, type AdminRebateFilter } from './adminRepo';
import { readReferralSettings, saveRebateRate } from './settingsService';

export async function getAdminReferrals(
  deps: Deps,
  query: { referrerPhone?: string; referrerId?: number } & Page,
  locale: Locale,
): Promise<{ list: AdminReferral[]; total: number }> {
  const { list, total } = await listReferrals(deps.database.db, query, query.pageSize, offsetOf(query));
  return {
    list: list.map((r) => ({
      ...r,
      refereeNickname: nicknameIn({ nickname: r.refereeNickname, phone: r.refereePhone }, locale),
      referrerNickname: nicknameIn({ nickname: r.referrerNickname, phone: r.referrerPhone }, locale),
      joinedAt: isoTime(r.joinedAt),
    })),
    total,
  };
}

export async function getAdminRebates(
  deps: Deps,
  query: AdminRebateFilter & Page,
): Promise<{ list: AdminRebate[]; total: number; totalFen: number }> {
  const { list, total, totalFen } = await listRebates(deps.database.db, query, query.pageSize, offsetOf(query));
  return {
    list: list.map((r) => ({ ...r, createdAt: isoTime(r.createdAt), reversedAt: r.reversedAt ? isoTime(r.reversedAt) : null })),
    total,
    totalFen,
  };
}

/** Applies to cards credited from now on; rebates already paid keep the rate they were paid at. */
export async function setRebateRate(deps: Deps, rateBp: number, audit?: AdminAction): Promise<{ previousBp: number; rateBp: number }> {
  const previousBp = (await readReferralSettings(deps.database.db)).rebateRateBp;
  // The rate is part of the public foundation settings.
  await changePublicContent(deps, () =>
    deps.database.db.transaction(async (tx) => {
      await saveRebateRate(tx, rateBp);
      await recordAudit(tx, audit, { detail: { before: previousBp, after: rateBp } });
    }),
  );
  return { previousBp, rateBp };
}
