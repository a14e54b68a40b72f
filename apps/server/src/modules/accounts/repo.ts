import type { Gender } from '@maika/shared';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import {
  faceCertifications,
  faceSimSessions,
  feedback,
  payees,
  phoneChangeVouchers,
  smsCodes,
  smsOutbox,
  tokens,
  users,
} from '../../db/schema';
import { deleteUserUploads } from '../upload';

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
  user: { phone: string; inviteCode: string; referrerId: number | null },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.phone }).returning();
  return row;
}

export async function inviteCodeTaken(db: Queryable, inviteCode: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode));
  return row !== undefined;
}

export async function updateProfile(
  db: Queryable,
  id: number,
  changes: { nickname?: string; gender?: Gender; avatar?: string },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Cancellation deletes what no longer serves a purpose: payee accounts (withdrawals keep their own
 * encrypted copy), face verifications (encrypted ID number and its hash) and the simulator's
 * pages of them, SMS codes and outbox lines of the phone, sessions, phone-change vouchers,
 * feedback and uploads. Answers the uploaded files' paths, to remove once this commits.
 */
export async function eraseUserData(db: Queryable, userId: number, phone: string | null): Promise<string[]> {
  await db.delete(payees).where(eq(payees.userId, userId));
  await db
    .delete(faceSimSessions)
    .where(
      inArray(
        faceSimSessions.certifyId,
        db.select({ id: faceCertifications.certifyId }).from(faceCertifications).where(eq(faceCertifications.userId, userId)),
      ),
    );
  await db.delete(faceCertifications).where(eq(faceCertifications.userId, userId));
  if (phone) {
    await db.delete(smsCodes).where(eq(smsCodes.phone, phone));
    await db.delete(smsOutbox).where(eq(smsOutbox.phone, phone));
  }
  await db.delete(tokens).where(eq(tokens.userId, userId));
  await db.delete(phoneChangeVouchers).where(eq(phoneChangeVouchers.userId, userId));
  await db.delete(feedback).where(eq(feedback.userId, userId));
  return deleteUserUploads(db, userId);
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
      idNumHash: null,
      realNameVerifiedAt: null,
      wechatOpenid: null,
      alipayUserId: null,
      status: 'cancelled',
      cancelledAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

// ---------------------------------------------------------------------------------------------
// Back office: every user, whoever they are

export interface AdminUserFilter {
  phone?: string;
  status?: UserRow['status'];
  verified?: boolean;
}

function adminUserWhere(f: AdminUserFilter) {
  return and(
    f.phone ? sql`${users.phone} like ${`%${f.phone}%`}` : undefined,
    f.status ? eq(users.status, f.status) : undefined,
    // Verified means a stored ID number, as everywhere else (payees, withdrawals).
    f.verified === undefined ? undefined : f.verified ? isNotNull(users.idNumEnc) : isNull(users.idNumEnc),
  );
}

// Spelled out: drizzle leaves the table off a column in a one-table select, which would bind to `a`.
const availableFen = sql<number>`coalesce((select a.balance_fen from ledger_accounts a where a.kind = 'user_available' and a.user_id = "users"."id"), 0)::bigint`;

/** Newest first, each with its available balance; `limit` rows at most. */
export async function listAdminUsers(db: Queryable, f: AdminUserFilter, limit: number, offset: number) {
  const where = adminUserWhere(f);
  const [list, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        phone: users.phone,
        nickname: users.nickname,
        status: users.status,
        verified: sql<boolean>`${users.idNumEnc} is not null`,
        referrerId: users.referrerId,
        createdAt: users.createdAt,
        availableFen: availableFen.mapWith(Number),
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { list, total: counted?.total ?? 0 };
}

export async function countReferees(db: Queryable, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referrerId, referrerId));
  return row?.n ?? 0;
}

export async function setUserStatus(db: Queryable, id: number, status: UserRow['status']): Promise<void> {
  await db.update(users).set({ status }).where(eq(users.id, id));
}

/** The id PostgreSQL gives the current transaction: unique to this change, for a message's subject. */
export async function currentTransactionId(tx: Tx): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`select pg_current_xact_id()::text as id`);
  return rows[0]!.id;
}
