import { FeedbackStatus, type FeedbackCategory } from '@maika/shared';
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { admins, feedback, users } from '../../db/schema';

export type FeedbackRow = typeof feedback.$inferSelect;

export async function insertFeedback(
  db: Queryable,
  row: { userId: number; category: FeedbackCategory; content: string; images: string[]; contact: string | null },
): Promise<number> {
  const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id });
  return inserted!.id;
}

export async function listUserFeedback(db: Queryable, userId: number, limit: number, offset: number) {
  const list = await db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(desc(feedback.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(feedback).where(eq(feedback.userId, userId));
  return { list, total: total!.n };
}

/** One of the user's own feedback; another user's id finds nothing. */
export async function findUserFeedback(db: Queryable, userId: number, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.userId, userId)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Back office

export interface AdminFeedbackFilter {
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  phone?: string;
  from?: string;
  to?: string;
}

const adminColumns = {
  row: feedback,
  userPhone: users.phone,
  userNickname: users.nickname,
  repliedBy: admins.username,
};
export type AdminFeedbackRow = { row: FeedbackRow; userPhone: string | null; userNickname: string | null; repliedBy: string | null };

function adminWhere(f: AdminFeedbackFilter): SQL | undefined {
  return and(
    f.status === undefined ? undefined : eq(feedback.status, f.status),
    f.category === undefined ? undefined : eq(feedback.category, f.category),
    // Digits only (schema), so the pattern cannot carry wildcards of its own.
    f.phone ? sql`${users.phone} like ${`%${f.phone}%`}` : undefined,
    f.from ? gte(feedback.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(feedback.createdAt, new Date(f.to)) : undefined,
  );
}

export async function listAdminFeedback(db: Queryable, f: AdminFeedbackFilter, limit: number, offset: number) {
  const where = adminWhere(f);
  const list: AdminFeedbackRow[] = await db
    .select(adminColumns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .leftJoin(admins, eq(admins.id, feedback.repliedBy))
    .where(where)
    .orderBy(desc(feedback.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(feedback).innerJoin(users, eq(users.id, feedback.userId)).where(where);
  return { list, total: total!.n };
}

export async function findAdminFeedback(db: Queryable, id: number): Promise<AdminFeedbackRow | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .leftJoin(admins, eq(admins.id, feedback.repliedBy))
    .where(eq(feedback.id, id));
  return row;
}

/** Answers a pending feedback; undefined when it is not pending (answered already, or missing). */
export async function answerFeedback(
  db: Queryable,
  id: number,
  answer: { reply: string; status: FeedbackStatus; adminId: number },
): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .update(feedback)
    .set({ reply: answer.reply, status: answer.status, repliedBy: answer.adminId, repliedAt: sql`now()` })
    .where(and(eq(feedback.id, id), eq(feedback.status, FeedbackStatus.Pending)))
    .returning();
  return row;
}
