/** Catalogue management for the admin console: categories, card types and their face values with rates. */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminCardType, adminCardTypeBody, adminCategoryBody, adminFaceValueBody } from '@maika/shared';
import type { Queryable } from '../../db/client';
import { cardTypes, categories, faceValues } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../http/envelope';
import { changePublicContent } from '../../lib/publicCache';
import { recordAudit, type AdminAction } from '../audit';

type CategoryInput = Partial<z.infer<typeof adminCategoryBody>>;
type CardTypeInput = Partial<z.infer<typeof adminCardTypeBody>>;

export const listAllCategories = (deps: Deps) =>
  deps.database.db
    .select()
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id))
    .then((rows) => rows.map(({ createdAt: _, ...c }) => c));

export async function saveCategory(deps: Deps, id: number | null, input: CategoryInput, audit?: AdminAction) {
  return changePublicContent(deps, () =>
    deps.database.db.transaction(async (db) => {
      if (id === null) {
        const [row] = await db
          .insert(categories)
          .values({ name: input.name!, ...input })
          .returning();
        await recordAudit(db, audit, { type: 'category', id: row!.id });
        return row!.id;
      }
      const [row] = await db.update(categories).set(input).where(eq(categories.id, id)).returning({ id: categories.id });
      if (!row) throw notFound('thing.category');
      await recordAudit(db, audit, { type: 'category', id });
      return row.id;
    }),
  );
}

async function requireCategory(db: Queryable, id: number | undefined) {
  if (id === undefined) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('thing.category');
}

export async function listAllCardTypes(deps: Deps, id?: number): Promise<AdminCardType[]> {
  const db = deps.database.db;
  const types = await db
    .select()
    .from(cardTypes)
    .where(id === undefined ? undefined : eq(cardTypes.id, id))
    .orderBy(asc(cardTypes.sort), asc(cardTypes.id));
  const values = await db.select().from(faceValues).orderBy(asc(faceValues.faceValueFen));
  return types.map(({ createdAt: _, ...t }) => ({
    ...t,
    cardNoRuleType: t.cardNoRuleType as 1 | 2 | 3,
    pwdRuleType: t.pwdRuleType as 1 | 2 | 3,
    faceValues: values.filter((v) => v.cardTypeId === t.id).map(({ cardTypeId: __, ...v }) => v),
  }));
}

export async function getAdminCardType(deps: Deps, id: number): Promise<AdminCardType> {
  const [type] = await listAllCardTypes(deps, id);
  if (!type) throw notFound('thing.cardType');
  return type;
}

export async function saveCardType(deps: Deps, id: number | null, input: CardTypeInput, audit?: AdminAction): Promise<number> {
  return changePublicContent(deps, () =>
    deps.database.db.transaction(async (db) => {
      await requireCategory(db, input.categoryId);
      if (id === null) {
        const [row] = await db
          .insert(cardTypes)
          .values({ categoryId: input.categoryId!, name: input.name!, ...input })
          .returning({ id: cardTypes.id });
        await recordAudit(db, audit, { type: 'cardType', id: row!.id });
        return row!.id;
      }
      const [row] = await db.update(cardTypes).set(input).where(eq(cardTypes.id, id)).returning({ id: cardTypes.id });
      if (!row) throw notFound('thing.cardType');
      await recordAudit(db, audit);
      return row.id;
    }),
  );
}

/** Adds a face value, or changes the rate of the one already there (face values are never deleted: orders refer to their rates). */
export async function saveFaceValue(
  deps: Deps,
  cardTypeId: number,
  input: z.infer<typeof adminFaceValueBody>,
  audit?: AdminAction,
): Promise<void> {
  await getAdminCardType(deps, cardTypeId);
  await changePublicContent(deps, () =>
    deps.database.db.transaction(async (db) => {
      await db
        .insert(faceValues)
        .values({ cardTypeId, faceValueFen: input.faceValueFen, rateBp: input.rateBp, enabled: input.enabled ?? true })
        .onConflictDoUpdate({
          target: [faceValues.cardTypeId, faceValues.faceValueFen],
          set: { rateBp: input.rateBp, ...(input.enabled !== undefined ? { enabled: input.enabled } : {}) },
        });
      await recordAudit(db, audit);
    }),
  );
}

export async function updateFaceValue(
  deps: Deps,
  id: number,
  input: { rateBp?: number; enabled?: boolean },
  audit?: AdminAction,
): Promise<number> {
  return changePublicContent(deps, () =>
    deps.database.db.transaction(async (db) => {
      const [row] = await db.update(faceValues).set(input).where(eq(faceValues.id, id)).returning({ cardTypeId: faceValues.cardTypeId });
      if (!row) throw notFound('thing.faceValue');
      await recordAudit(db, audit);
      return row.cardTypeId;
    }),
  );
}
