import { goodsClassList, goodsDetail, goodsDetailQuery, goodsSearchQuery, goodsSearchResult } from '@maika/shared';
import type { AppInstance } from '../../app';
import { envelope, localeOf, ok } from '../../http/envelope';
import { getClassList, getGoodsDetail, searchGoods } from './service';

const tags = ['Goods'];

/** The catalogue: public, no login needed. */
export default async function goodsRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/goods/getClassList', {
    schema: { tags, summary: 'Categories, each with its card types and best rate', response: { 200: envelope(goodsClassList) } },
    handler: async (request) => ok(await getClassList(deps, localeOf(request))),
  });

  app.get('/api/goods/getGoodsDetail', {
    schema: { tags, summary: 'A card type: input rules, face values with rates', querystring: goodsDetailQuery, response: { 200: envelope(goodsDetail) } },
    handler: async (request) => ok(await getGoodsDetail(deps, request.query.id, localeOf(request))),
  });

  app.get('/api/goods/search', {
    schema: { tags, summary: 'Card types by name', querystring: goodsSearchQuery, response: { 200: envelope(goodsSearchResult) } },
    handler: async (request) => ok(await searchGoods(deps, request.query.keyword, localeOf(request))),
  });
}
