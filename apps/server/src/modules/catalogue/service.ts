import type { GoodsClass, GoodsDetail, Locale } from '@maika/shared';
import type { Deps } from '../../deps';
import { notFound } from '../../http/envelope';
import { findEnabledCardType, listCategories, listEnabledCardTypes, listFaceValues, searchCardTypes } from './repo';

const SEARCH_LIMIT = 50;

/** Categories with their card types; a category with nothing to sell is left out. */
export async function getClassList(deps: Deps, locale: Locale): Promise<GoodsClass[]> {
  const db = deps.database.db;
  const [classes, types] = await Promise.all([listCategories(db, locale), listEnabledCardTypes(db, locale)]);
  return classes
    .map((c) => ({ ...c, cardTypes: types.filter((t) => t.categoryId === c.id).map(({ categoryId: _, ...t }) => t) }))
    .filter((c) => c.cardTypes.length > 0);
}

export async function getGoodsDetail(deps: Deps, id: number, locale: Locale): Promise<GoodsDetail> {
  const row = await findEnabledCardType(deps.database.db, id, locale);
  if (!row) throw notFound('thing.cardType');
  const { type } = row;
  return {
    id: type.id,
    categoryId: type.categoryId,
    categoryName: row.categoryName,
    name: row.name,
    logo: type.logo,
    needsCardNo: type.needsCardNo,
    cardNoRule: { ruleType: type.cardNoRuleType as 1 | 2 | 3, length: type.cardNoLength },
    pwdRule: { ruleType: type.pwdRuleType as 1 | 2 | 3, length: type.pwdLength },
    physical: type.physical,
    maintenance: type.maintenance,
    maintenanceNote: row.maintenanceNote,
    dailyCapPerUser: type.dailyCapPerUser,
    faceValues: await listFaceValues(deps.database.db, id),
  };
}

export const searchGoods = (deps: Deps, keyword: string, locale: Locale) =>
  searchCardTypes(deps.database.db, keyword, SEARCH_LIMIT, locale);
