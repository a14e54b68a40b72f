/** The catalogue calls, from the API contract: public, so no token. */
import {
  catalogueCalls,
  type AnswerOf,
  type CardTypeSummary,
  type catalogueContract,
  type GoodsClass,
  type GoodsDetail,
} from '@maika/shared';
import { endpointOf } from '../endpoint';
import { request } from '../http';

export type { CardTypeSummary, GoodsClass, GoodsDetail };
export type CardTypeSearchHit = AnswerOf<typeof catalogueContract.search>[number];

export const goodsEndpoints = {
  classList: endpointOf(catalogueCalls.classList, { quiet: true }),
  detail: endpointOf(catalogueCalls.detail, { quiet: true }),
  search: endpointOf(catalogueCalls.search, { quiet: true }),
};

export function fetchGoodsClasses(): Promise<AnswerOf<typeof catalogueContract.classList>> {
  return request(goodsEndpoints.classList);
}

export function fetchGoodsDetail(id: number): Promise<AnswerOf<typeof catalogueContract.detail>> {
  return request(goodsEndpoints.detail, { id });
}

export function searchCardTypes(keyword: string): Promise<CardTypeSearchHit[]> {
  return request(goodsEndpoints.search, { keyword });
}
