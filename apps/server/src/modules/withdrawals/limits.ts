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
 * migration 0016's trigger keeps, both rows locked until commit (made at zero on the day's first
 * use) and read at their latest committed value, in one statement. The lock on the platform's row
 * is what makes parallel withdrawals on any instance take the decision one after the other: the
 * caller holds it only for what is left of its transaction, so it comes last (see `extract`).
 */
async function lockedAutomaticPayoutsToday(tx: Tx, userId: number): Promise<{ userFen: number; platformFen: number }> {
  const { rows } = await tx.execute<{ user_fen: string; platform_fen: string }>(sql`
    with user_day as (
      insert into automatic_payout_user_days (day, user_id, amount_fen) values (${businessToday}, ${userId}, 0)
      on conflict (day, user_id) do update set amount_fen = automatic_payout_user_days.amount_fen
      returning amount_fen),
    platform_day as (
      insert into automatic_payout_days (day, amount_fen) values (${businessToday}, 0)
      on conflict (day) do update set amount_fen = automatic_payout_days.amount_fen
      returning amount_fen)
    select (select amount_fen from user_day) as user_fen, (select amount_fen from platform_day) as platform_fen`);
  return { userFen: Number(rows[0]!.user_fen), platformFen: Number(rows[0]!.platform_fen) };
}

/** Approvals a withdrawal needs before money leaves: two above the threshold, one for offline channels. */
export const approvalsRequiredFor = (deps: Deps, channel: ChannelRow, amountFen: number) =>
  amountFen > deps.config.WITHDRAWAL_SECOND_APPROVAL_FEN ? 2 : channel.autoPayout ? 0 : 1;

/**
 * The approvals a new withdrawal (or a retry) needs now: as the channel and amount say, and one
 * when an automatic payout would pass a daily limit. The day's totals stay locked until the
 * caller commits, so parallel withdrawals on any instance cannot pass the limit together.
 * `limits`: read by the caller before its transaction, to keep that read out of the locked part.
 */
export async function approvalsRequiredNow(
  deps: Deps,
  tx: Tx,
  channel: ChannelRow,
  userId: number,
  amountFen: number,
  limits?: PayoutLimits,
): Promise<number> {
  const base = approvalsRequiredFor(deps, channel, amountFen);
  if (base !== 0) return base;
  const { userDailyFen, platformDailyFen } = limits ?? (await payoutLimits(deps, tx));
  const today = await lockedAutomaticPayoutsToday(tx, userId);
  return today.userFen + amountFen > userDailyFen || today.platformFen + amountFen > platformDailyFen ? 1 : 0;
}
