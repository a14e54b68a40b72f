import { and, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { phoneChangeVouchers, rateLimits, smsCodes, smsOutbox, tokens } from '../../db/schema';

/** Tokens past their expiry or revoked: a lookup answers "unknown token" for them either way. */
export async function deleteDeadTokens(db: Queryable): Promise<number> {
  const rows = await db
    .delete(tokens)
    .where(or(lt(tokens.expiresAt, sql`now()`), isNotNull(tokens.revokedAt)))
    .returning({ id: tokens.id });
  return rows.length;
}

/** Codes used, retired or expired: verification only ever reads the newest live one. */
export async function deleteDeadCodes(db: Queryable): Promise<number> {
  const rows = await db
    .delete(smsCodes)
    .where(or(isNotNull(smsCodes.consumedAt), lt(smsCodes.expiresAt, sql`now()`)))
    .returning({ id: smsCodes.id });
  return rows.length;
}

/** Counters whose window has ended (the limiter stores its expiry in epoch milliseconds). */
export async function deleteExpiredRateLimits(db: Queryable, nowMs: number): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.expire, nowMs)).returning({ key: rateLimits.key });
  return rows.length;
}

export async function deleteOldOutbox(db: Queryable, olderThanDays: number): Promise<number> {
  const rows = await db
    .delete(smsOutbox)
    .where(lt(smsOutbox.sentAt, sql`now() - make_interval(days => ${olderThanDays})`))
    .returning({ id: smsOutbox.id });
  return rows.length;
}

export async function deleteDeadVouchers(db: Queryable): Promise<number> {
  const rows = await db
    .delete(phoneChangeVouchers)
    .where(
      or(isNotNull(phoneChangeVouchers.usedAt), and(isNull(phoneChangeVouchers.usedAt), lt(phoneChangeVouchers.expiresAt, sql`now()`))),
    )
    .returning({ id: phoneChangeVouchers.id });
  return rows.length;
}
