import type { Locale } from '@maika/shared';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { localized } from '../../db/localized';
import { banners, broadcasts, faqs, notices, richTexts, settings } from '../../db/schema';

export async function listBanners(db: Queryable, locale: Locale, position?: number) {
  return db
    .select({
      id: banners.id,
      position: banners.position,
      title: localized<string>(banners.title, banners.titleEn, locale),
      image: localized<string>(banners.image, banners.imageEn, locale),
      link: banners.link,
    })
    .from(banners)
    .where(and(eq(banners.enabled, true), position ? eq(banners.position, position) : undefined))
    .orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));
}

export async function listNotices(db: Queryable, locale: Locale, limit: number, offset: number) {
  const where = eq(notices.enabled, true);
  const [list, [count]] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: localized<string>(notices.title, notices.titleEn, locale),
        pinned: notices.pinned,
        publishedAt: notices.publishedAt,
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notices)
      .where(where),
  ]);
  return { list, total: count!.n };
}

export async function findNotice(db: Queryable, id: number, locale: Locale) {
  const [row] = await db
    .select({
      id: notices.id,
      title: localized<string>(notices.title, notices.titleEn, locale),
      content: localized<string>(notices.content, notices.contentEn, locale),
      pinned: notices.pinned,
      publishedAt: notices.publishedAt,
    })
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.enabled, true)));
  return row;
}

export async function listBroadcasts(db: Queryable, locale: Locale, limit: number) {
  return db
    .select({ id: broadcasts.id, text: localized<string>(broadcasts.text, broadcasts.textEn, locale) })
    .from(broadcasts)
    .where(eq(broadcasts.enabled, true))
    .orderBy(asc(broadcasts.sort), desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit);
}

export async function listFaqs(db: Queryable, locale: Locale) {
  return db
    .select({
      id: faqs.id,
      question: localized<string>(faqs.question, faqs.questionEn, locale),
      answer: localized<string>(faqs.answer, faqs.answerEn, locale),
    })
    .from(faqs)
    .where(eq(faqs.enabled, true))
    .orderBy(asc(faqs.sort), asc(faqs.id));
}

export async function findRichText(db: Queryable, point: number) {
  const [row] = await db.select().from(richTexts).where(eq(richTexts.point, point));
  return row;
}

/**
 * Saving bumps the version, which renames the served files so no client keeps a stale copy. An
 * English version left out stays as it was; null removes it.
 */
export async function saveRichText(db: Queryable, point: number, html: string, htmlEn?: string | null) {
  const [row] = await db
    .insert(richTexts)
    .values({ point, html, htmlEn: htmlEn ?? null })
    .onConflictDoUpdate({
      target: richTexts.point,
      set: { html, ...(htmlEn !== undefined ? { htmlEn } : {}), version: sql`${richTexts.version} + 1`, updatedAt: sql`now()` },
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

// ---------------------------------------------------------------------------------------------
// Back office: every row, enabled or not

export type BannerRow = typeof banners.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type BroadcastRow = typeof broadcasts.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;

/** The tables the back office edits row by row. */
export const contentTables = { banners, notices, broadcasts, faqs } as const;
export type ContentKind = keyof typeof contentTables;
type Table<K extends ContentKind> = (typeof contentTables)[K];

/** Same order as the public reads, disabled rows included. */
const adminOrder = {
  banners: [asc(banners.position), asc(banners.sort), asc(banners.id)],
  notices: [desc(notices.pinned), desc(notices.publishedAt), desc(notices.id)],
  broadcasts: [asc(broadcasts.sort), desc(broadcasts.createdAt), desc(broadcasts.id)],
  faqs: [asc(faqs.sort), asc(faqs.id)],
} satisfies Record<ContentKind, SQL[]>;

export async function pageContent<K extends ContentKind>(db: Queryable, kind: K, limit: number, offset: number, where?: SQL) {
  const table = contentTables[kind] as Table<ContentKind>;
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...adminOrder[kind])
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where),
  ]);
  return { list: list as Table<K>['$inferSelect'][], total: counted!.n };
}

export const bannerPositionIs = (position: number) => eq(banners.position, position);

export async function insertContent<K extends ContentKind>(db: Queryable, kind: K, values: Table<K>['$inferInsert']) {
  const table = contentTables[kind] as Table<ContentKind>;
  const [row] = await db
    .insert(table)
    .values(values as never)
    .returning();
  return row as Table<K>['$inferSelect'];
}

export async function updateContent<K extends ContentKind>(db: Queryable, kind: K, id: number, values: Partial<Table<K>['$inferInsert']>) {
  const table = contentTables[kind] as Table<ContentKind>;
  const [row] = await db
    .update(table)
    .set(values as never)
    .where(eq(table.id, id))
    .returning();
  return row as Table<K>['$inferSelect'] | undefined;
}

export async function deleteContent(db: Queryable, kind: ContentKind, id: number): Promise<boolean> {
  const table = contentTables[kind] as Table<ContentKind>;
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return deleted.length > 0;
}

/** Merges into the stored value: keys the body leaves out stay as they are. */
export async function mergeSetting(db: Queryable, key: string, value: Record<string, unknown>): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`${settings.value} || ${JSON.stringify(value)}::jsonb`, updatedAt: sql`now()` },
    });
}
