import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cardTypes, categories, faceValues } from '../../db/schema';

// Written out with table names: drizzle leaves columns unqualified here, and inside the subquery
// a bare "id" would be the face value's own id.
const bestRateBp = sql<number>`coalesce((select max(fv.rate_bp) from face_values fv
  where fv.card_type_id = "card_types"."id" and fv.enabled), 0)::int`;

const summaryColumns = {
  id: cardTypes.id,
  name: cardTypes.name,
  logo: cardTypes.logo,
  bestRateBp,
  physical: cardTypes.physical,
  maintenance: cardTypes.maintenance,
};

export async function listCategories(db: Queryable) {
  return db
    .select({ id: categories.id, name: categories.name, icon: categories.icon })
    .from(categories)
    .where(eq(categories.enabled, true))
    .orderBy(asc(categories.sort), asc(categories.id));
}

export async function listEnabledCardTypes(db: Queryable) {
  return db
    .select({ ...summaryColumns, categoryId: cardTypes.categoryId })
    .from(cardTypes)
    .where(eq(cardTypes.enabled, true))
    .orderBy(asc(cardTypes.sort), asc(cardTypes.id));
}

export async function findEnabledCardType(db: Queryable, id: number) {
  const [row] = await db
    .select({ type: cardTypes, categoryName: categories.name })
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

/** Card types whose name contains the keyword; LIKE wildcards in the keyword match literally. */
export async function searchCardTypes(db: Queryable, keyword: string, limit: number) {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ ...summaryColumns, categoryName: categories.name })
    .from(cardTypes)
    .innerJoin(categories, eq(categories.id, cardTypes.categoryId))
    .where(and(eq(cardTypes.enabled, true), eq(categories.enabled, true), sql`${cardTypes.name} ilike ${pattern}`))
    .orderBy(asc(categories.sort), asc(cardTypes.sort), asc(cardTypes.id))
    .limit(limit);
}
