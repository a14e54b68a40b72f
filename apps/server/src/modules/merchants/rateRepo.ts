/** Merchants' own rates, and the electronic card types they may sell, with what their rules are. */
import type { Locale } from '@maika/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { localized } from '../../db/localized';
import { cardTypes, categories, faceValues, merchantRates } from '../../db/schema';

/** This merchant's rate for a face value of a card type, when an operator set one. */
export async function merchantRateFor(db: Queryable, merchantId: number, cardTypeId: number, faceValueFen: number) {
  const [row] = await db
    .select({ rateBp: merchantRates.rateBp })
    .from(merchantRates)
    .where(
      and(eq(merchantRates.merchantId, merchantId), eq(merchantRates.cardTypeId, cardTypeId), eq(merchantRates.faceValueFen, faceValueFen)),
    );
  return row?.rateBp;
}

/** The rate of the merchant whose API order a card order is, for a face value; undefined for an app order or no rate set. */
export async function merchantRateOfOrder(db: Queryable, cardOrderId: number, cardTypeId: number, faceValueFen: number) {
  const { rows } = await db.execute<{ rateBp: number }>(sql`
    select r.rate_bp as "rateBp" from merchant_orders o
      join merchant_rates r on r.merchant_id = o.merchant_id and r.card_type_id = ${cardTypeId} and r.face_value_fen = ${faceValueFen}
     where o.card_order_id = ${cardOrderId}`);
  return rows[0]?.rateBp;
}

/**
 * Every face value of the electronic card types (enabled or not: a rate may be set ahead), with
 * the public rate and this merchant's own. `onSale` narrows it to what a merchant can order now.
 */
export async function rateRows(db: Queryable, merchantId: number, locale: Locale, onSale = false) {
  const saleOnly: SQL[] = onSale ? [eq(cardTypes.enabled, true), eq(categories.enabled, true), eq(faceValues.enabled, true)] : [];
  return db
    .select({
      goodsId: cardTypes.id,
      goodsName: localized<string>(cardTypes.name, cardTypes.nameEn, locale),
      faceValueFen: faceValues.faceValueFen,
      publicRateBp: faceValues.rateBp,
      rateBp: merchantRates.rateBp,
    })
    .from(faceValues)
    .innerJoin(cardTypes, eq(cardTypes.id, faceValues.cardTypeId))
    .innerJoin(categories, eq(categories.id, cardTypes.categoryId))
    .leftJoin(
      merchantRates,
      and(
        eq(merchantRates.merchantId, merchantId),
        eq(merchantRates.cardTypeId, faceValues.cardTypeId),
        eq(merchantRates.faceValueFen, faceValues.faceValueFen),
      ),
    )
    .where(and(eq(cardTypes.physical, false), ...saleOnly))
    .orderBy(asc(categories.sort), asc(cardTypes.sort), asc(cardTypes.id), asc(faceValues.faceValueFen));
}

/** The electronic card types on sale, with what a merchant must know to submit their cards. */
export async function cardTypesOnSale(db: Queryable, locale: Locale) {
  return db
    .select({
      goodsId: cardTypes.id,
      name: localized<string>(cardTypes.name, cardTypes.nameEn, locale),
      categoryName: localized<string>(categories.name, categories.nameEn, locale),
      needsCardNo: cardTypes.needsCardNo,
      cardNoRuleType: cardTypes.cardNoRuleType,
      cardNoLength: cardTypes.cardNoLength,
      pwdRuleType: cardTypes.pwdRuleType,
      pwdLength: cardTypes.pwdLength,
      maintenance: cardTypes.maintenance,
      maintenanceNote: localized<string | null>(cardTypes.maintenanceNote, cardTypes.maintenanceNoteEn, locale),
      dailyCapPerUser: cardTypes.dailyCapPerUser,
    })
    .from(cardTypes)
    .innerJoin(categories, eq(categories.id, cardTypes.categoryId))
    .where(and(eq(cardTypes.enabled, true), eq(categories.enabled, true), eq(cardTypes.physical, false)))
    .orderBy(asc(categories.sort), asc(cardTypes.sort), asc(cardTypes.id));
}

/** An enabled card type's name and whether it is mailed; undefined when there is none (the submission says so). */
export async function cardTypeOfOrder(db: Queryable, cardTypeId: number, locale: Locale) {
  const [row] = await db
    .select({ name: localized<string>(cardTypes.name, cardTypes.nameEn, locale), physical: cardTypes.physical })
    .from(cardTypes)
    .where(and(eq(cardTypes.id, cardTypeId), eq(cardTypes.enabled, true)));
  return row;
}

/** Whether an electronic card type has the face value, enabled or not. */
export async function electronicFaceValueExists(db: Queryable, cardTypeId: number, faceValueFen: number): Promise<boolean> {
  const [row] = await db
    .select({ id: faceValues.id })
    .from(faceValues)
    .innerJoin(cardTypes, eq(cardTypes.id, faceValues.cardTypeId))
    .where(and(eq(faceValues.cardTypeId, cardTypeId), eq(faceValues.faceValueFen, faceValueFen), eq(cardTypes.physical, false)));
  return row !== undefined;
}

export async function saveRate(
  db: Queryable,
  r: { merchantId: number; cardTypeId: number; faceValueFen: number; rateBp: number | null; adminId: number | null },
): Promise<void> {
  const where = and(
    eq(merchantRates.merchantId, r.merchantId),
    eq(merchantRates.cardTypeId, r.cardTypeId),
    eq(merchantRates.faceValueFen, r.faceValueFen),
  );
  if (r.rateBp === null) {
    await db.delete(merchantRates).where(where);
    return;
  }
  await db
    .insert(merchantRates)
    .values({ merchantId: r.merchantId, cardTypeId: r.cardTypeId, faceValueFen: r.faceValueFen, rateBp: r.rateBp, updatedBy: r.adminId })
    .onConflictDoUpdate({
      target: [merchantRates.merchantId, merchantRates.cardTypeId, merchantRates.faceValueFen],
      set: { rateBp: r.rateBp, updatedBy: r.adminId, updatedAt: sql`now()` },
    });
}
