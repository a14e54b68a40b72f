import { and, desc, eq, gt, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { adminSessions, admins, auditLog, type AdminRole } from '../../db/schema';

export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByUsername(db: Queryable, username: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.username, username));
  return row;
}

export async function findAdminById(db: Queryable, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row;
}

/** The operator's row, locked until the transaction ends: judging a second factor waits for the one before it. */
export async function lockAdmin(db: Queryable, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).for('update');
  return row;
}

export async function countAdmins(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row!.n;
}

/** The columns a creation or a change may set. */
type AdminColumns = Partial<
  Pick<typeof admins.$inferInsert, 'passwordHash' | 'setupCodeHash' | 'setupExpiresAt' | 'accessGrantedBy' | 'accessGrantedAt'>
>;

export async function insertAdmin(
  db: Queryable,
  admin: { username: string; role: AdminRole } & AdminColumns,
): Promise<AdminRow | undefined> {
  const [row] = await db.insert(admins).values(admin).onConflictDoNothing({ target: admins.username }).returning();
  return row;
}

export async function updateAdmin(
  db: Queryable,
  id: number,
  changes: { role?: AdminRole; disabled?: boolean } & AdminColumns,
): Promise<AdminRow | undefined> {
  const { disabled, ...rest } = changes;
  const [row] = await db
    .update(admins)
    .set({ ...rest, ...(disabled === undefined ? {} : { disabledAt: disabled ? sql`now()` : null }) })
    .where(eq(admins.id, id))
    .returning();
  return row;
}

/** Ids of the enabled administrators, locked so two demotions cannot both see another one left. */
export async function lockActiveAdministrators(db: Queryable): Promise<number[]> {
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'admin'), isNull(admins.disabledAt)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function listAdmins(db: Queryable): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(admins.id);
}

export async function touchAdminLogin(db: Queryable, id: number): Promise<void> {
  await db
    .update(admins)
    .set({ lastLoginAt: sql`now()`, failedLogins: 0 })
    .where(eq(admins.id, id));
}

export async function insertAdminSession(
  db: Queryable,
  session: { tokenHash: Buffer; adminId: number; expiresAt: Date; enrolmentOnly?: boolean },
) {
  await db.insert(adminSessions).values(session);
}

export async function findAdminSession(db: Queryable, tokenHash: Buffer) {
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      id: admins.id,
      username: admins.username,
      role: admins.role,
      disabledAt: admins.disabledAt,
      enrolmentOnly: adminSessions.enrolmentOnly,
      twoFactorEnabled: sql<boolean>`${admins.totpSecret} is not null`,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, sql`now()`)));
  return row;
}

export async function revokeAdminSession(db: Queryable, sessionId: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(adminSessions.id, sessionId));
}

/** Ends the operator's sessions, all of them or all but `keepSessionId`. */
export async function revokeAdminSessions(db: Queryable, adminId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(adminSessions.id, keepSessionId),
      ),
    );
}

/**
 * An ISO bound may fall outside what PostgreSQL reads: year 0000 (it has no year 0), or past
 * 9999 once its offset applies (JS then writes "+010000-…"). Nothing was audited before 1970 or
 * after 9999, so such bounds mean the same as those years and are clamped to them.
 */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const storableDate = (iso: string) => new Date(Math.min(LATEST, Math.max(0, new Date(iso).getTime())));

export async function listAudit(
  db: Queryable,
  filter: { adminId?: number; action?: string; from?: string; to?: string; limit: number; offset: number },
) {
  const where = and(
    filter.adminId ? eq(auditLog.adminId, filter.adminId) : undefined,
    // starts_with, not LIKE: an action prefix such as 'content.rich_' must not treat _ or % as wildcards.
    filter.action ? sql`starts_with(${auditLog.action}, ${filter.action})` : undefined,
    filter.from ? gte(auditLog.createdAt, storableDate(filter.from)) : undefined,
    filter.to ? lte(auditLog.createdAt, storableDate(filter.to)) : undefined,
  );
  const [list, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        adminId: auditLog.adminId,
        adminUsername: admins.username,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        detail: auditLog.detail,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(admins, eq(admins.id, auditLog.adminId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { list, total: count!.n };
}
