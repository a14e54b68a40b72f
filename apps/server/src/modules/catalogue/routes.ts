import { goodsClassList, goodsDetail, goodsDetailQuery, goodsSearchQuery, goodsSearchResult } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { cachedAnswer } from '../../http/cachedAnswer';
import { envelope, localeOf, notModified, ok } from '../../http/envelope';
import { getClassList, getGoodsDetail, searchGoods } from './service';

const tags = ['Goods'];

/** The catalogue: public, no login needed. */
export default async function goodsRoutes(app: AppInstance) {
  const { deps } = app;
  const cache = deps.publicCache;

  app.get('/api/goods/getClassList', {
    schema: {
      tags,
      summary: 'Categories, each with its card types and best rate',
      response: { 200: envelope(goodsClassList), ...notModified },
    },
    handler: async (request, reply) => {
      const locale = localeOf(request);
      return cachedAnswer(request.headers, reply, await cache.get(`classList:${locale}`, () => getClassList(deps, locale)));
    },
  });

  app.get('/api/goods/getGoodsDetail', {
    schema: {
      tags,
      summary: 'A card type: input rules, face values with rates',
      querystring: goodsDetailQuery,
      response: { 200: envelope(goodsDetail), ...notModified },
    },
    handler: async (request, reply) => {
      const { id } = request.query;
      const locale = localeOf(request);
      return cachedAnswer(request.headers, reply, await cache.get(`goods:${locale}:${id}`, () => getGoodsDetail(deps, id, locale)));
    },
  });

  app.get('/api/goods/search', {
    schema: { tags, summary: 'Card types by name', querystring: goodsSearchQuery, response: { 200: envelope(goodsSearchResult) } },
    handler: async (request) => ok(await searchGoods(deps, request.query.keyword, localeOf(request))),
  });
}
