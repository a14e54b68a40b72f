/** The catalogue calls, declared as data: public, so no token. */
import type { CardTypeSummary, GoodsClass, GoodsDetail, goodsSearchResult } from '@maika/shared';
import type { z } from 'zod';
import { request, type Endpoint } from '../http';

export type { CardTypeSummary, GoodsClass, GoodsDetail };
export type CardTypeSearchHit = z.infer<typeof goodsSearchResult>[number];

export const goodsEndpoints = {
  classList: { method: 'GET', path: '/api/goods/getClassList', auth: 'none', quiet: true },
  detail: { method: 'GET', path: '/api/goods/getGoodsDetail', auth: 'none', quiet: true },
  search: { method: 'GET', path: '/api/goods/search', auth: 'none', quiet: true },
} as const satisfies Record<string, Endpoint>;

export function fetchGoodsClasses(): Promise<GoodsClass[]> {
  return request<GoodsClass[]>(goodsEndpoints.classList);
}

export function fetchGoodsDetail(id: number): Promise<GoodsDetail> {
  return request<GoodsDetail>(goodsEndpoints.detail, { id });
}

export function searchCardTypes(keyword: string): Promise<CardTypeSearchHit[]> {
  return request<CardTypeSearchHit[]>(goodsEndpoints.search, { keyword });
}
