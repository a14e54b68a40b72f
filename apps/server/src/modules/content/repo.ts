import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { banners, broadcasts, faqs, notices, richTexts, settings } from '../../db/schema';

export async function listBanners(db: Queryable, position?: number) {
  return db
    .select({ id: banners.id, position: banners.position, title: banners.title, image: banners.image, link: banners.link })
    .from(banners)
    .where(and(eq(banners.enabled, true), position ? eq(banners.position, position) : undefined))
    .orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));
}

export async function listNotices(db: Queryable, limit: number, offset: number) {
  const where = eq(notices.enabled, true);
  const [list, [count]] = await Promise.all([
    db
      .select({ id: notices.id, title: notices.title, pinned: notices.pinned, publishedAt: notices.publishedAt })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notices).where(where),
  ]);
  return { list, total: count!.n };
}

export async function findNotice(db: Queryable, id: number) {
  const [row] = await db.select().from(notices).where(and(eq(notices.id, id), eq(notices.enabled, true)));
  return row;
}

export async function listBroadcasts(db: Queryable, limit: number) {
  return db
    .select({ id: broadcasts.id, text: broadcasts.text })
    .from(broadcasts)
    .where(eq(broadcasts.enabled, true))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit);
}

export async function listFaqs(db: Queryable) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.enabled, true))
    .orderBy(asc(faqs.sort), asc(faqs.id));
}

export async function findRichText(db: Queryable, point: number) {
  const [row] = await db.select().from(richTexts).where(eq(richTexts.point, point));
  return row;
}

/** Saving bumps the version, which renames the served file so no client keeps a stale copy. */
export async function saveRichText(db: Queryable, point: number, html: string) {
  const [row] = await db
    .insert(richTexts)
    .values({ point, html })
    .onConflictDoUpdate({
      target: richTexts.point,
      set: { html, version: sql`${richTexts.version} + 1`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function readSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
