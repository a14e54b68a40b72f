/**
 * The business and its users are in China: "today" of a daily cap, "this month" of the rebate
 * figures, the dashboard's days and the stamps in export file names are Beijing time, whatever
 * the server's or the database's own time zone.
 */
import { sql } from 'drizzle-orm';

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/** Midnight today, Beijing time, as a timestamptz. */
export const startOfBusinessDay = sql.raw(
  `(date_trunc('day', now() at time zone '${BUSINESS_TIME_ZONE}') at time zone '${BUSINESS_TIME_ZONE}')`,
);

/** Today's date, Beijing time. */
export const businessToday = sql.raw(`(now() at time zone '${BUSINESS_TIME_ZONE}')::date`);

/** The first of this month, Beijing time, as a timestamptz. */
export const startOfBusinessMonth = sql.raw(
  `(date_trunc('month', now() at time zone '${BUSINESS_TIME_ZONE}') at time zone '${BUSINESS_TIME_ZONE}')`,
);
