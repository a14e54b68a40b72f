import type { Locale } from '@maika/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { localized } from '../../db/localized';
import { cardTypes, categories, faceValues } from '../../db/schema';

// Written out with table names: drizzle leaves columns unqualified here, and inside the subquery
// a bare "id" would be the face value's own id.
const bestRateBp = sql<number>`coalesce((select max(fv.rate_bp) from face_values fv
  where fv.card_type_id = "card_types"."id" and fv.enabled), 0)::int`;

const cardTypeName = (locale: Locale) => localized<string>(cardTypes.name, cardTypes.nameEn, locale);
const categoryName = (locale: Locale) => localized<string>(categories.name, categories.nameEn, locale);

const summaryColumns = (locale: Locale) => ({
  id: cardTypes.id,
  name: cardTypeName(locale),
  logo: cardTypes.logo,
  bestRateBp,
  physical: cardTypes.physical,
  maintenance: cardTypes.maintenance,
});

export async function listCategories(db: Queryable, locale: Locale) {
  return db
    .select({ id: categories.id, name: categoryName(locale), icon: categories.icon })
    .from(categories)
    .where(eq(categories.enabled, true))
    .orderBy(asc(categories.sort), asc(categories.id));
}

export async function listEnabledCardTypes(db: Queryable, locale: Locale) {
  return db
    .select({ ...summaryColumns(locale), categoryId: cardTypes.categoryId })
    .from(cardTypes)
    .where(eq(cardTypes.enabled, true))
    .orderBy(asc(cardTypes.sort), asc(cardTypes.id));
}

export async function findEnabledCardType(db: Queryable, id: number, locale: Locale) {
  const [row] = await db
    .select({
      type: cardTypes,
      name: cardTypeName(locale),
      maintenanceNote: localized<string | null>(cardTypes.maintenanceNote, cardTypes.maintenanceNoteEn, locale),
      categoryName: categoryName(locale),
    })
    .from(cardTypes)
    .innerJoin(categories, eq(categories.id, cardTypes.categoryId))
    .where(and(eq(cardTypes.id, id), eq(cardTypes.enabled, true), eq(categories.enabled, true)));
  return row;
}

export async function listFaceValues(db: Queryable, cardTypeId: number) {
  return db
    .select({ faceValueFen: faceValues.faceValueFen, rateBp: faceValues.rateBp })
    .from(faceValues)
    .where(and(eq(faceValues.cardTypeId, cardTypeId), eq(faceValues.enabled, true)))
    .orderBy(asc(faceValues.faceValueFen));
}

/**
 * Card types whose Chinese or English name contains the keyword, whatever the reader's language
 * ("JD" finds 京东E卡 for a Chinese reader too); LIKE wildcards in the keyword match literally.
 */
export async function searchCardTypes(db: Queryable, keyword: string, limit: number, locale: Locale) {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ ...summaryColumns(locale), categoryName: categoryName(locale) })
    .from(cardTypes)
    .innerJoin(categories, eq(categories.id, cardTypes.categoryId))
    .where(
      and(
        eq(cardTypes.enabled, true),
        eq(categories.enabled, true),
        or(sql`${cardTypes.name} ilike ${pattern}`, sql`${cardTypes.nameEn} ilike ${pattern}`),
      ),
    )
    .orderBy(asc(categories.sort), asc(cardTypes.sort), asc(cardTypes.id))
    .limit(limit);
}
