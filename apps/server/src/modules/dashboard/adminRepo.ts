/** The back office's figures: per Asia/Shanghai day for the last days, and the work queues now. */
import { CardStatus, FeedbackStatus, WithdrawalStatus } from '@maika/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { BUSINESS_TIME_ZONE } from '../../lib/businessTime';
import { awaitingReview } from '../cards';

export type DayFigures = {
  date: string;
  cardsSubmitted: number;
  cardsPassed: number;
  cardsCredited: number;
  creditedFen: number;
  withdrawalsPaidCount: number;
  withdrawalsPaidFen: number;
  newUsers: number;
};

/**
 * One row per day, oldest first, today (in Shanghai) last; days with nothing are zeros. A card
 * counts as passed on the day it was reviewed, if it is passed now.
 */
export async function dailyFigures(db: Queryable, days: number): Promise<DayFigures[]> {
  const tz = BUSINESS_TIME_ZONE;
  const paid = sql.join(
    [WithdrawalStatus.Paid, WithdrawalStatus.OfflineSettlement].map((s) => sql`${s}`),
    sql`, `,
  );
  const { rows } = await db.execute<DayFigures>(sql`
    with bounds as (
      select (now() at time zone ${tz})::date - ${days - 1}::int as first_day, (now() at time zone ${tz})::date as last_day
    ), start as (
      select (first_day::timestamp at time zone ${tz}) as at from bounds
    ), days as (
      select generate_series(first_day, last_day, interval '1 day')::date as day from bounds
    ), submitted as (
      select (created_at at time zone ${tz})::date as day, count(*)::int as n
      from cards where created_at >= (select at from start) group by 1
    ), passed as (
      select (reviewed_at at time zone ${tz})::date as day, count(*)::int as n
      from cards where reviewed_at >= (select at from start) and status = ${CardStatus.Passed} group by 1
    ), credited as (
      select (credited_at at time zone ${tz})::date as day, count(*)::int as n, coalesce(sum(settlement_fen), 0)::bigint as fen
      from cards where credited_at >= (select at from start) group by 1
    ), withdrawn as (
      select (paid_at at time zone ${tz})::date as day, count(*)::int as n, coalesce(sum(amount_fen), 0)::bigint as fen
      from withdrawals where paid_at >= (select at from start) and status in (${paid}) group by 1
    ), joined as (
      select (created_at at time zone ${tz})::date as day, count(*)::int as n
      from users where created_at >= (select at from start) group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as "date",
           coalesce(s.n, 0) as "cardsSubmitted",
           coalesce(p.n, 0) as "cardsPassed",
           coalesce(c.n, 0) as "cardsCredited",
           coalesce(c.fen, 0)::bigint as "creditedFen",
           coalesce(w.n, 0) as "withdrawalsPaidCount",
           coalesce(w.fen, 0)::bigint as "withdrawalsPaidFen",
           coalesce(j.n, 0) as "newUsers"
    from days d
    left join submitted s on s.day = d.day
    left join passed p on p.day = d.day
    left join credited c on c.day = d.day
    left join withdrawn w on w.day = d.day
    left join joined j on j.day = d.day
    order by d.day`);
  return rows.map((r) => ({ ...r, creditedFen: Number(r.creditedFen), withdrawalsPaidFen: Number(r.withdrawalsPaidFen) }));
}

export type QueueSizes = {
  review: number;
  appeals: number;
  withdrawalsAwaitingApproval: number;
  feedbackPending: number;
};

export async function queueSizes(db: Queryable): Promise<QueueSizes> {
  const { rows } = await db.execute<QueueSizes>(sql`
    select
      (select count(*)::int from cards where ${awaitingReview}) as "review",
      (select count(*)::int from cards where status = ${CardStatus.UnderAppeal}) as "appeals",
      (select count(*)::int from withdrawals
        where approved_at is null and status in (${WithdrawalStatus.Unpaid}, ${WithdrawalStatus.Repay})) as "withdrawalsAwaitingApproval",
      (select count(*)::int from feedback where status = ${FeedbackStatus.Pending}) as "feedbackPending"`);
  return rows[0]!;
}
