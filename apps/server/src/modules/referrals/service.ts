import { maskPhone, nicknameIn, type LevelUserList, type Locale, type ShareDetailList, type ShareInfo } from '@maika/shared';
import { offsetOf, type Page } from '../../db/page';
import type { Deps } from '../../deps';
import { notFound } from '../../http/envelope';
import { findUserById } from '../accounts';
import { listLevelUsers, listShareDetails, shareTotals } from './repo';
import { readReferralSettings } from './settingsService';

/** A timestamp of a raw query (PostgreSQL's text form) as ISO 8601. */
export const isoTime = (value: string | Date) => new Date(value).toISOString();
const maskedPhone = (phone: string | null) => (phone ? maskPhone(phone) : '');

/** The H5 home page with the invite code as `p`, which getToken and smsLogin bind at sign-up. */
export const inviteUrlOf = (baseUrl: string, inviteCode: string) => `${baseUrl}/#/pages/home/home?p=${encodeURIComponent(inviteCode)}`;

export async function getShareInfo(deps: Deps, userId: number, baseUrl: string): Promise<ShareInfo> {
  const db = deps.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw notFound('thing.user');
  const [{ rebateRateBp }, totals] = await Promise.all([readReferralSettings(db), shareTotals(db, userId)]);
  return { inviteCode: user.inviteCode, inviteUrl: inviteUrlOf(baseUrl, user.inviteCode), rebateRateBp, ...totals };
}

export async function getLevelUsers(deps: Deps, userId: number, page: Page, locale: Locale): Promise<LevelUserList> {
  const { list, total } = await listLevelUsers(deps.database.db, userId, page.pageSize, offsetOf(page));
  return {
    list: list.map((u) => ({ ...u, nickname: nicknameIn(u, locale), phone: maskedPhone(u.phone), joinedAt: isoTime(u.joinedAt) })),
    total,
  };
}

export async function getShareDetails(deps: Deps, userId: number, page: Page, locale: Locale): Promise<ShareDetailList> {
  const { list, total, totalFen } = await listShareDetails(deps.database.db, userId, page.pageSize, offsetOf(page));
  return {
    list: list.map((d) => ({
      ...d,
      refereeNickname: nicknameIn({ nickname: d.refereeNickname, phone: d.refereePhone }, locale),
      refereePhone: maskedPhone(d.refereePhone),
      createdAt: isoTime(d.createdAt),
    })),
    total,
    totalFen,
  };
}
