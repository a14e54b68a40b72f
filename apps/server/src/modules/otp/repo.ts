import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { smsCodes, smsOutbox } from '../../db/schema';
import type { SmsPurpose } from '../../providers/sms';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

/**
 * Stores a freshly drawn code. Earlier live codes stay usable until this one is delivered (see
 * retireOlderCodes), so a resend the gateway refuses does not kill the code the user already has.
 */
export async function insertCode(
  db: Queryable,
  code: { phone: string; purpose: SmsPurpose; codeHash: Buffer; ip: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(smsCodes).values(code).returning({ id: smsCodes.id });
  return row!.id;
}

/** Once a new code is delivered, every earlier live code of that phone and purpose is dead: only the newest works. */
export async function retireOlderCodes(db: Queryable, phone: string, purpose: SmsPurpose, newestId: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt), lt(smsCodes.id, newestId)));
}

/** The newest unused code, locked so two concurrent guesses cannot both count as the first. */
export async function lockLatestLiveCode(db: Queryable, phone: string, purpose: SmsPurpose): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Counts one wrong guess. A code that reaches the limit stays unconsumed, so later tries (even
 * with the right digits) still find it and are told it is locked rather than expired.
 */
export async function recordWrongGuess(db: Queryable, id: number): Promise<number> {
  const [row] = await db
    .update(smsCodes)
    .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
    .where(eq(smsCodes.id, id))
    .returning({ failedAttempts: smsCodes.failedAttempts });
  return row!.failedAttempts;
}

export async function consumeCode(db: Queryable, id: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(smsCodes.id, id));
}

export async function listOutbox(
  db: Queryable,
  filter: { phone?: string; codesOnly?: boolean; limit: number; offset: number },
): Promise<{ list: (typeof smsOutbox.$inferSelect)[]; total: number }> {
  const where = and(
    filter.phone ? sql`${smsOutbox.phone} like ${filter.phone + '%'}` : undefined,
    filter.codesOnly ? isNotNull(smsOutbox.code) : undefined,
  );
  const [list, [count]] = await Promise.all([
    db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id)).limit(filter.limit).offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(where),
  ]);
  return { list, total: count!.n };
}
