import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { faceCertifications, users } from '../../db/schema';

export type FaceCertificationRow = typeof faceCertifications.$inferSelect;

export { uniqueViolation } from '../../db/errors';

export async function insertCertification(
  db: Queryable,
  row: Omit<typeof faceCertifications.$inferInsert, 'id' | 'status' | 'createdAt' | 'settledAt' | 'failReason'>,
): Promise<FaceCertificationRow> {
  const [inserted] = await db.insert(faceCertifications).values(row).returning();
  return inserted!;
}

/** A new attempt supersedes the user's open ones: they can no longer pass. */
export async function expirePendingOf(db: Queryable, userId: number, reason: string): Promise<void> {
  await db
    .update(faceCertifications)
    .set({ status: 'expired', failReason: reason, settledAt: sql`now()` })
    .where(and(eq(faceCertifications.userId, userId), eq(faceCertifications.status, 'pending')));
}

/** The user's attempt by its certify id, or their latest when none is given; never another user's. */
export async function findCertification(
  db: Queryable,
  userId: number,
  certifyId: string | undefined,
): Promise<FaceCertificationRow | undefined> {
  const owned = eq(faceCertifications.userId, userId);
  const [row] = await db
    .select()
    .from(faceCertifications)
    .where(certifyId === undefined ? owned : and(owned, eq(faceCertifications.certifyId, certifyId)))
    .orderBy(desc(faceCertifications.id))
    .limit(1);
  return row;
}

/** Locks the attempt while it is still pending; undefined once someone else settled it. */
export async function lockPending(db: Queryable, id: number): Promise<FaceCertificationRow | undefined> {
  const [row] = await db
    .select()
    .from(faceCertifications)
    .where(and(eq(faceCertifications.id, id), eq(faceCertifications.status, 'pending')))
    .for('update');
  return row;
}

export async function settleCertification(
  db: Queryable,
  id: number,
  status: 'passed' | 'failed' | 'expired',
  failReason: string | null,
): Promise<void> {
  await db
    .update(faceCertifications)
    .set({ status, failReason, settledAt: sql`now()` })
    .where(and(eq(faceCertifications.id, id), eq(faceCertifications.status, 'pending')));
}

/** Another live account already verified with this ID number. */
export async function idNumberVerifiedElsewhere(db: Queryable, userId: number, idNumHash: Buffer): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.idNumHash, idNumHash), ne(users.id, userId)));
  return row !== undefined;
}

/** Moves the verified identity onto the user, once: a user already verified is left as is (false). */
export async function setRealName(
  db: Queryable,
  userId: number,
  identity: { realNameEnc: Buffer; idNumEnc: Buffer; idNumMasked: string; idNumHash: Buffer },
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ ...identity, realNameVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.idNumHash)))
    .returning({ id: users.id });
  return updated.length === 1;
}
