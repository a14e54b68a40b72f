import {
  cashAccount,
  extractBody,
  extractData,
  withdrawalChannelList,
  withdrawalRecords,
  withdrawalRecordsQuery,
  withdrawalTotals,
} from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, localeOf, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { extract, getAccount, getChannels, getRecords, getTotals, inLanguage } from './service';

const tags = ['Cash'];
const security = [{ token: [] }];

export default async function cashRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/cash/getAccount', {
    schema: { tags, security, summary: 'Balances and lifetime totals', response: { 200: envelope(cashAccount) } },
    handler: async (request) => ok(await getAccount(deps, (await requireUser(deps, request)).userId)),
  });

  app.get('/api/cash/getAlleywayList', {
    schema: { tags, security, summary: 'Withdrawal channels with limits and fees', response: { 200: envelope(withdrawalChannelList) } },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ list: await getChannels(deps, userId, localeOf(request)) });
    },
  });

  app.post('/api/cash/extract', {
    schema: {
      tags,
      security,
      summary:
        'Withdraw: holds amount + fee; 333 first when the real name is not verified; a repeated idempotencyKey returns the first result',
      body: extractBody,
      response: { 200: envelope(extractData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ withdrawal: inLanguage(await extract(deps, userId, request.body), localeOf(request)) });
    },
  });

  app.get('/api/cash/records', {
    schema: {
      tags,
      security,
      summary: 'Withdrawals, newest first; status 999 = all',
      querystring: withdrawalRecordsQuery,
      response: { 200: envelope(withdrawalRecords) },
    },
    handler: async (request) => {
      const { list, total } = await getRecords(deps, (await requireUser(deps, request)).userId, request.query);
      const locale = localeOf(request);
      return ok({ list: list.map((w) => inLanguage(w, locale)), total });
    },
  });

  app.get('/api/cash/recordsTotal', {
    schema: { tags, security, summary: 'Paid and pending withdrawal sums', response: { 200: envelope(withdrawalTotals) } },
    handler: async (request) => ok(await getTotals(deps, (await requireUser(deps, request)).userId)),
  });
}
