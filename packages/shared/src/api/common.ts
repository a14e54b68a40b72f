/**
 * Pieces every call shares: ids, times, paging and the back office's date filters. Written once so
 * a bound that keeps a bad value away from PostgreSQL holds on every list.
 */
import { z } from 'zod';

/** A record's id as answers carry it. */
export const idSchema = z.number().int();
/** An id a body names. */
export const positiveIdSchema = z.number().int('must be a positive id').positive('must be a positive id');
/** An id a query string names (digits as text). */
export const queryIdSchema = z.coerce.number().int('must be a positive id').positive('must be a positive id');
/** A time as answers carry it: what Date's toISOString writes. */
export const isoTimeSchema = z.string().describe('ISO 8601 date-time');
/** A search by phone: some of its digits. */
export const phoneDigitsSchema = z
  .string()
  .trim()
  .regex(/^\d{1,11}$/, 'must be digits of a phone number');

const LATEST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A date-time of the back office: ISO 8601 with an offset that PostgreSQL can read (it has no
 * year 0, and nothing here happened before 1970), so a far-off bound is refused as input rather
 * than failing in the query.
 */
export const adminDateFilter = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).refine((v) => {
  const ms = new Date(v).getTime();
  return ms >= 0 && ms <= LATEST_STORABLE_MS;
}, 'must be a date-time between 1970 and 9999');

/** `page` (from 1) and `pageSize` (1..maxSize) query fields, for spreading into a query object. */
export function pageFields({ defaultSize = 20, maxSize = 100 }: { defaultSize?: number; maxSize?: number } = {}) {
  const sizeMessage = `must be 1 to ${maxSize}`;
  return {
    page: z.coerce.number().int('must be 1 or more').min(1, 'must be 1 or more').default(1),
    pageSize: z.coerce.number().int(sizeMessage).min(1, sizeMessage).max(maxSize, sizeMessage).default(defaultSize),
  };
}

/**
 * The English version of a piece of operator-written text: empty or null means none, and
 * English readers then get the Chinese one.
 */
export const englishText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .transform((value) => value || null);
