import { Code } from '../codes';
import {
  adminCardType,
  adminCardTypeBody,
  adminCardTypeList,
  adminCardTypeUpdateBody,
  adminCategoryBody,
  adminCategoryList,
  adminCategorySaved,
  adminCategoryUpdateBody,
  adminFaceValueBody,
  adminFaceValueUpdateBody,
} from '../api/cardsAdmin';
import { idParams } from '../api/admin';
import { goodsClassList, goodsDetail, goodsDetailQuery, goodsSearchQuery, goodsSearchResult } from '../api/catalogue';
import { withSchemas } from './call';
import { catalogueCalls } from './calls/catalogue';

export const catalogueContract = withSchemas(catalogueCalls, {
  classList: { answer: goodsClassList },
  detail: { query: goodsDetailQuery, answer: goodsDetail, codes: [Code.NotFound] },
  search: { query: goodsSearchQuery, answer: goodsSearchResult },
  adminCategories: { answer: adminCategoryList },
  createCategory: { body: adminCategoryBody, answer: adminCategorySaved, codes: [Code.NotFound] },
  updateCategory: { params: idParams, body: adminCategoryUpdateBody, answer: adminCategorySaved, codes: [Code.NotFound] },
  adminCardTypes: { answer: adminCardTypeList },
  createCardType: { body: adminCardTypeBody, answer: adminCardType, codes: [Code.NotFound] },
  updateCardType: { params: idParams, body: adminCardTypeUpdateBody, answer: adminCardType, codes: [Code.NotFound] },
  saveFaceValue: { params: idParams, body: adminFaceValueBody, answer: adminCardType, codes: [Code.NotFound] },
  updateFaceValue: { params: idParams, body: adminFaceValueUpdateBody, answer: adminCardType, codes: [Code.NotFound] },
});
