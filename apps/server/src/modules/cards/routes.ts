import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok, okJson } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { appealCard, getLogisticsInfo, getOrderDetail, listOrdersJson, recordLogistics } from './service';
import { submitOrder } from './submitService';
import { cardIn, logisticsIn, orderIn, orderListIn } from './view';

const tags = ['Orders'];
const calls = contract.cards;

export default async function cardRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.submit, {
    tags,
    summary:
      'Sell cards: up to 1000 of one type and face value, all or nothing (code 1701 lists every bad line); a repeated idempotencyKey returns the first result',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await submitOrder(deps, userId, request.body, localeOf(request)));
    },
  });

  route(app, calls.list, {
    tags,
    summary: "The user's orders with their cards, newest first; status 999 = all",
    handler: async (request, reply) => {
      const locale = localeOf(request);
      const list = await listOrdersJson(deps, (await requireUser(deps, request)).userId, request.query, locale);
      // JSON text already (built by the database): Fastify sends a string as it is, so every card is
      // not parsed and serialised again; the schema above still documents its shape.
      return reply.type('application/json; charset=utf-8').send(okJson(orderListIn(list, locale)) as never);
    },
  });

  route(app, calls.detail, {
    tags,
    summary: 'One order with every card and its shipment',
    handler: async (request) => {
      const locale = localeOf(request);
      const detail = await getOrderDetail(deps, (await requireUser(deps, request)).userId, request.query.id, locale);
      return ok({ ...detail, order: orderIn(detail.order, locale) });
    },
  });

  route(app, calls.appeal, {
    tags,
    summary: 'Appeal a rejected card, once',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ card: cardIn(await appealCard(deps, userId, request.body), localeOf(request)) });
    },
  });

  route(app, calls.logistics, {
    tags,
    summary: 'Record how physical cards were mailed',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      await recordLogistics(deps, userId, request.body);
      return ok({});
    },
  });

  route(app, calls.logisticsInfo, {
    tags,
    summary: 'Tracking events of a mailed order, newest first',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(logisticsIn(await getLogisticsInfo(deps, userId, request.query.orderId), localeOf(request)));
    },
  });
}
