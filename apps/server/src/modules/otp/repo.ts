import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { smsCodes, smsOutbox } from '../../db/schema';
import type { SmsPurpose } from '../../providers/sms';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

/** Issuing a code retires every earlier live code of that phone and purpose: only the newest works. */
export async function replaceLiveCode(
  db: Queryable,
  code: { phone: string; purpose: SmsPurpose; codeHash: Buffer; ip: string; expiresAt: Date },
): Promise<number> {
  await db
    .update(smsCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(smsCodes.phone, code.phone), eq(smsCodes.purpose, code.purpose), isNull(smsCodes.consumedAt)));
  const [row] = await db.insert(smsCodes).values(code).returning({ id: smsCodes.id });
  return row!.id;
}

/** The newest unused code, locked so two concurrent guesses cannot both count as the first. */
export async function lockLatestLiveCode(
  db: Queryable,
  phone: string,
  purpose: SmsPurpose,
): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function recordWrongGuess(db: Queryable, id: number, lock: boolean): Promise<number> {
  const [row] = await db
    .update(smsCodes)
    .set({
      failedAttempts: sql`${smsCodes.failedAttempts} + 1`,
      ...(lock ? { consumedAt: sql`now()` } : {}),
    })
    .where(eq(smsCodes.id, id))
    .returning({ failedAttempts: smsCodes.failedAttempts });
  return row!.failedAttempts;
}

export async function consumeCode(db: Queryable, id: number): Promise<void> {
  await db.update(smsCodes).set({ consumedAt: sql`now()` }).where(eq(smsCodes.id, id));
}

export async function appendOutbox(
  db: Queryable,
  entry: { phone: string; purpose: SmsPurpose; code: string },
): Promise<void> {
  await db.insert(smsOutbox).values(entry);
}

export async function listOutbox(
  db: Queryable,
  filter: { phone?: string; limit: number; offset: number },
): Promise<{ list: (typeof smsOutbox.$inferSelect)[]; total: number }> {
  const where = filter.phone ? sql`${smsOutbox.phone} like ${filter.phone + '%'}` : undefined;
  const [list, [count]] = await Promise.all([
    db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox).where(where),
  ]);
  return { list, total: count!.n };
}
