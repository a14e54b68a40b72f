import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function lockUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUserByPhone(db: Queryable, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

export async function findActiveUserByInviteCode(db: Queryable, inviteCode: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.inviteCode, inviteCode.toUpperCase()), eq(users.status, 'active')));
  return row;
}

/**
 * Inserts a user for a phone that has none; a concurrent first login for the same phone gets
 * undefined here (the unique index decides) and reads the winner's row instead.
 */
export async function insertUser(
  db: Queryable,
  user: { phone: string; nickname: string; inviteCode: string; referrerId: number | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.phone })
    .returning();
  return row;
}

export async function inviteCodeTaken(db: Queryable, inviteCode: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode));
  return row !== undefined;
}

export async function updateProfile(
  db: Queryable,
  id: number,
  changes: { nickname?: string; gender?: number; avatar?: string },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** Cancellation keeps the row (ledger and orders refer to it) but nothing that identifies the person. */
export async function anonymiseUser(db: Queryable, id: number): Promise<void> {
  await db
    .update(users)
    .set({
      phone: null,
      nickname: sql`'已注销用户'`,
      avatar: null,
      realNameEnc: null,
      idNumEnc: null,
      idNumMasked: null,
      wechatOpenid: null,
      alipayUserId: null,
      status: 'cancelled',
      cancelledAt: sql`now()`,
    })
    .where(eq(users.id, id));
}
