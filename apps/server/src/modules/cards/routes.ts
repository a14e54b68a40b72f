import {
  appealBody,
  appealData,
  logisticsBody,
  logisticsData,
  logisticsInfo,
  logisticsInfoQuery,
  orderDetail,
  orderDetailQuery,
  orderList,
  orderListQuery,
  submitOrderBody,
  submitOrderData,
} from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, localeOf, ok, okJson } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { appealCard, getLogisticsInfo, getOrderDetail, listOrdersJson, recordLogistics } from './service';
import { submitOrder } from './submit';

const tags = ['Orders'];
const security = [{ token: [] }];

export default async function orderRoutes(app: AppInstance) {
  const { deps } = app;

  app.post('/api/order/submit', {
    schema: {
      tags,
      security,
      summary:
        'Sell cards: up to 1000 of one type and face value, all or nothing (code 1701 lists every bad line); a repeated idempotencyKey returns the first result',
      body: submitOrderBody,
      response: { 200: envelope(submitOrderData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await submitOrder(deps, userId, request.body, localeOf(request)));
    },
  });

  app.get('/api/order/list', {
    schema: {
      tags,
      security,
      summary: "The user's orders with their cards, newest first; status 999 = all",
      querystring: orderListQuery,
      response: { 200: envelope(orderList) },
    },
    handler: async (request, reply) => {
      const page = await listOrdersJson(deps, (await requireUser(deps, request)).userId, request.query, localeOf(request));
      // JSON text already (built by the database): Fastify sends a string as it is, so every card is
      // not parsed and serialised again; the schema above still documents its shape.
      return reply.type('application/json; charset=utf-8').send(okJson(page) as never);
    },
  });

  app.get('/api/order/detail', {
    schema: {
      tags,
      security,
      summary: 'One order with every card and its shipment',
      querystring: orderDetailQuery,
      response: { 200: envelope(orderDetail) },
    },
    handler: async (request) =>
      ok(await getOrderDetail(deps, (await requireUser(deps, request)).userId, request.query.id, localeOf(request))),
  });

  app.post('/api/order/appeal', {
    schema: {
      tags,
      security,
      summary: 'Appeal a rejected or abnormal card, once',
      body: appealBody,
      response: { 200: envelope(appealData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ card: await appealCard(deps, userId, request.body) });
    },
  });

  app.post('/api/order/logistics', {
    schema: {
      tags,
      security,
      summary: 'Record how physical cards were mailed',
      body: logisticsBody,
      response: { 200: envelope(logisticsData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      await recordLogistics(deps, userId, request.body);
      return ok({});
    },
  });

  app.get('/api/order/logisticsInfo', {
    schema: {
      tags,
      security,
      summary: 'Tracking events of a mailed order, newest first',
      querystring: logisticsInfoQuery,
      response: { 200: envelope(logisticsInfo) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await getLogisticsInfo(deps, userId, request.query.orderId, localeOf(request)));
    },
  });
}
