/**
 * Daily limits on automatic payouts, per user and for the whole platform (Beijing days). A
 * withdrawal that would pass either waits for one finance approval instead of paying itself: the
 * user's limit is decided at creation (or retry) under the user's own lock, the platform's by the
 * payout job under the day's platform-wide lock, before anything is sent to the vendor. Both weigh
 * it on one day, its `payout_day`: the day of that creation or retry, which is also the day the
 * running totals book it on, so a retry of an old withdrawal counts against the day it pays.
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
import type { ChannelRow, NewWithdrawal } from './repo';

const LIMITS_KEY = 'payoutLimits';

const defaultLimits = (deps: Deps): PayoutLimits => ({
  userDailyFen: deps.config.PAYOUT_USER_DAILY_FEN,
  platformDailyFen: deps.config.PAYOUT_PLATFORM_DAILY_FEN,
});

export async function payoutLimits(deps: Deps, db: Queryable): Promise<PayoutLimits> {
  const saved = await readSetting<Partial<PayoutLimits>>(db, LIMITS_KEY);
  const defaults = defaultLimits(deps);
  return {
    userDailyFen: saved?.userDailyFen ?? defaults.userDailyFen,
    platformDailyFen: saved?.platformDailyFen ?? defaults.platformDailyFen,
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
 * A daily limit as a bigint in SQL: the saved setting, else the configured default, read in the
 * statement that compares against it so no fen total ever becomes a JavaScript number.
 */
const limitFen = (deps: Deps, field: keyof PayoutLimits) =>
  sql`coalesce((select (value->>${field}::text)::bigint from settings where key = ${LIMITS_KEY}), ${defaultLimits(deps)[field]}::bigint)`;

/**
 * Whether `amountFen` more fits in the user's automatic payouts of today (Beijing), and which day
 * that is: the running total migration 0016's trigger keeps, its row locked until commit (made at
 * zero on the day's first use) and read at its latest committed value. The withdrawal is booked on
 * the day answered here (`payout_day`), so the total checked is the one it joins. The lock is the
 * user's own, so parallel withdrawals of one user decide one after the other and nobody else waits.
 */
async function fitsUserToday(deps: Deps, tx: Tx, userId: number, amountFen: number): Promise<{ fits: boolean; day: string }> {
  const { rows } = await tx.execute<{ fits: boolean; day: string }>(sql`
    with user_day as (
      insert into automatic_payout_user_days (day, user_id, amount_fen) values (${businessToday}, ${userId}, 0)
      on conflict (day, user_id) do update set amount_fen = automatic_payout_user_days.amount_fen
      returning day, amount_fen)
    select (select amount_fen from user_day) + ${amountFen}::bigint <= ${limitFen(deps, 'userDailyFen')} as fits,
      (select day::text from user_day) as day`);
  return rows[0]!;
}

async function today(tx: Tx): Promise<string> {
  const { rows } = await tx.execute<{ day: string }>(sql`select ${businessToday}::text as day`);
  return rows[0]!.day;
}

/** Approvals a withdrawal needs before money leaves: two above the threshold, one for offline channels. */
export const approvalsRequiredFor = (deps: Deps, channel: ChannelRow, amountFen: number) =>
  amountFen > deps.config.WITHDRAWAL_SECOND_APPROVAL_FEN ? 2 : channel.autoPayout ? 0 : 1;

export type Approval = Pick<NewWithdrawal, 'approvalsRequired' | 'approvedAt' | 'platformLimitPending' | 'payoutDay'>;

/**
 * The approvals a new withdrawal (or a retry) needs now: as the channel and amount say, and one
 * when an automatic payout would pass the user's daily limit. The user's total of the day stays
 * locked until the caller commits, so the user's parallel withdrawals on any instance cannot pass
 * it together. An automatic one is approved but still to be weighed against the platform's
 * limit: its payout job does that first, in the statement that starts it (payoutService.ts), so
 * creation never waits on a platform-wide lock. Within the limit, the withdrawal joins the
 * platform's total of its day and pays; past it, it waits for one finance approval, as one past the
 * user's limit does.
 */
export async function approvalNow(deps: Deps, tx: Tx, channel: ChannelRow, userId: number, amountFen: number): Promise<Approval> {
  const base = approvalsRequiredFor(deps, channel, amountFen);
  // A retry is put up for payout today, whatever day it was created: it is booked, and weighed, on today's totals.
  if (base !== 0) return { approvalsRequired: base, approvedAt: null, platformLimitPending: false, payoutDay: await today(tx) };
  const { fits, day } = await fitsUserToday(deps, tx, userId, amountFen);
  return fits
    ? { approvalsRequired: 0, approvedAt: new Date(), platformLimitPending: true, payoutDay: day }
    : { approvalsRequired: 1, approvedAt: null, platformLimitPending: false, payoutDay: day };
}

/** The platform's default daily limit: the console's setting, read in the statement that weighs against it, comes first. */
export const platformDailyFen = (deps: Deps) => defaultLimits(deps).platformDailyFen;
