import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { uploads } from '../../db/schema';
import type { UploadPurpose } from '@maika/shared';

/** Held for the rest of the transaction, so two uploads of one user cannot both pass the quota. */
export async function lockUserUploads(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
}

/** What the user uploaded in the last 24 hours. */
export async function uploadsInLastDay(db: Queryable, userId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint`.mapWith(Number) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), sql`${uploads.createdAt} > now() - interval '1 day'`));
  return row ?? { files: 0, bytes: 0 };
}

export async function insertUpload(
  db: Queryable,
  upload: { userId: number; purpose: UploadPurpose; path: string; bytes: number },
): Promise<void> {
  await db.insert(uploads).values(upload);
}

/** Of these paths, those that are the user's own uploads of this purpose. */
export async function ownedUploadPaths(db: Queryable, userId: number, purpose: UploadPurpose, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ path: uploads.path })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.purpose, purpose), inArray(uploads.path, paths)));
  return new Set(rows.map((r) => r.path));
}

/** Marks uploads as in use (named by an avatar or a feedback message), so the cleanup keeps them. */
export async function attachUploads(db: Queryable, userId: number, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await db
    .update(uploads)
    .set({ attachedAt: sql`now()` })
    .where(and(eq(uploads.userId, userId), inArray(uploads.path, paths), isNull(uploads.attachedAt)));
}

/** An avatar replaced by another is no longer in use; the cleanup deletes it a day after its upload. */
export async function detachUpload(db: Queryable, userId: number, path: string): Promise<void> {
  await db
    .update(uploads)
    .set({ attachedAt: null })
    .where(and(eq(uploads.userId, userId), eq(uploads.path, path)));
}

/** Deletes uploads never attached that are older than `olderThanSeconds`; answers their paths. */
export async function deleteUnattachedUploads(db: Queryable, olderThanSeconds: number): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`)))
    .returning({ path: uploads.path });
  return rows.map((r) => r.path);
}

/** Deletes every upload row of the user (account cancellation); answers their paths. */
export async function deleteUserUploads(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.delete(uploads).where(eq(uploads.userId, userId)).returning({ path: uploads.path });
  return rows.map((r) => r.path);
}
