/**
 * Daily limits on automatic payouts, per user and for the whole platform (Beijing days). A
 * withdrawal that would pass either waits for one finance approval instead of paying itself.
 * The limits start from PAYOUT_USER_DAILY_FEN and PAYOUT_PLATFORM_DAILY_FEN and are changed in
 * the console (settings key `payoutLimits`, audited in the change's transaction).
 */
import type { PayoutLimits } from '@maika/shared';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { businessToday } from '../../lib/businessTime';
import type { Deps } from '../../deps';
import { readSetting, writeSetting } from '../content';
import { recordAudit, type AdminAction } from '../audit';
import type { ChannelRow } from './repo';

const LIMITS_KEY = 'payoutLimits';

export async function payoutLimits(deps: Deps, db: Queryable): Promise<PayoutLimits> {
  const saved = await readSetting<Partial<PayoutLimits>>(db, LIMITS_KEY);
  return {
    userDailyFen: saved?.userDailyFen ?? deps.config.PAYOUT_USER_DAILY_FEN,
    platformDailyFen: saved?.platformDailyFen ?? deps.config.PAYOUT_PLATFORM_DAILY_FEN,
  };
}

export async function savePayoutLimits(
  deps: Deps,
  limits: PayoutLimits,
  audit?: AdminAction,
): Promise<{ before: PayoutLimits; after: PayoutLimits }> {
  return deps.database.db.transaction(async (tx) => {
    const before = await payoutLimits(deps, tx);
    await writeSetting(tx, LIMITS_KEY, limits);
    await recordAudit(tx, audit, { detail: { before, after: limits } });
    return { before, after: limits };
  });
}

/**
 * Automatic payouts of today (Beijing) not failed, the user's and everybody's: the running totals
 * migration 0016's trigger keeps (two key lookups, however many withdrawals today has seen).
 */
async function automaticPayoutsToday(tx: Tx, userId: number): Promise<{ userFen: number; platformFen: number }> {
  const { rows } = await tx.execute<{ user_fen: string | null; platform_fen: string | null }>(sql`
    select (select amount_fen from automatic_payout_user_days where day = ${businessToday} and user_id = ${userId}) as user_fen,
           (select amount_fen from automatic_payout_days where day = ${businessToday}) as platform_fen`);
  return { userFen: Number(rows[0]?.user_fen ?? 0), platformFen: Number(rows[0]?.platform_fen ?? 0) };
}

/** Approvals a withdrawal needs before money leaves: two above the threshold, one for offline channels. */
export const approvalsRequiredFor = (deps: Deps, channel: ChannelRow, amountFen: number) =>
  amountFen > deps.config.WITHDRAWAL_SECOND_APPROVAL_FEN ? 2 : channel.autoPayout ? 0 : 1;

/**
 * The approvals a new withdrawal (or a retry) needs now: as the channel and amount say, and one
 * when an automatic payout would pass a daily limit. Automatic payouts are counted one after the
 * other (a transaction lock), so parallel withdrawals on any instance cannot pass the limit together.
 */
export async function approvalsRequiredNow(deps: Deps, tx: Tx, channel: ChannelRow, userId: number, amountFen: number): Promise<number> {
  const base = approvalsRequiredFor(deps, channel, amountFen);
  if (base !== 0) return base;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('maika:automatic-payouts'))`);
  const limits = await payoutLimits(deps, tx);
  const today = await automaticPayoutsToday(tx, userId);
  return today.userFen + amountFen > limits.userDailyFen || today.platformFen + amountFen > limits.platformDailyFen ? 1 : 0;
}
