import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { cachedAnswer } from '../../http/cachedAnswer';
import { route } from '../../http/contractRoute';
import { localeOf, notModified, ok } from '../../http/envelope';
import { getClassList, getGoodsDetail, searchGoods } from './service';

const tags = ['Goods'];
const calls = contract.catalogue;

/** The catalogue: public, no login needed. */
export default async function catalogueRoutes(app: AppInstance) {
  const { deps } = app;
  const cache = deps.publicCache;

  route(app, calls.classList, {
    tags,
    summary: 'Categories, each with its card types and best rate',
    responses: notModified,
    handler: async (request, reply) => {
      const locale = localeOf(request);
      return cachedAnswer(request.headers, reply, await cache.get(`classList:${locale}`, () => getClassList(deps, locale)));
    },
  });

  route(app, calls.detail, {
    tags,
    summary: 'A card type: input rules, face values with rates',
    responses: notModified,
    handler: async (request, reply) => {
      const { id } = request.query;
      const locale = localeOf(request);
      return cachedAnswer(request.headers, reply, await cache.get(`goods:${locale}:${id}`, () => getGoodsDetail(deps, id, locale)));
    },
  });

  route(app, calls.search, {
    tags,
    summary: 'Card types by name',
    handler: async (request) => ok(await searchGoods(deps, request.query.keyword, localeOf(request))),
  });
}
