import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { extract, getAccount, getChannels, getRecords, getTotals } from './service';
import { channelIn, inLanguage } from './view';

const tags = ['Cash'];
const calls = contract.withdrawals;

export default async function withdrawalRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.account, {
    tags,
    summary: 'Balances and lifetime totals',
    handler: async (request) => ok(await getAccount(deps, (await requireUser(deps, request)).userId)),
  });

  route(app, calls.channels, {
    tags,
    summary: 'Withdrawal channels with limits and fees',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      const locale = localeOf(request);
      return ok({ list: (await getChannels(deps, userId)).map((c) => channelIn(c, locale)) });
    },
  });

  route(app, calls.extract, {
    tags,
    summary:
      'Withdraw: holds amount + fee; 333 first when the real name is not verified; a repeated idempotencyKey returns the first result',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ withdrawal: inLanguage(await extract(deps, userId, request.body), localeOf(request)) });
    },
  });

  route(app, calls.records, {
    tags,
    summary: 'Withdrawals, newest first, with the totals of the same moment; status 999 = all',
    handler: async (request) => {
      const { list, total, totals } = await getRecords(deps, (await requireUser(deps, request)).userId, request.query);
      const locale = localeOf(request);
      return ok({ list: list.map((w) => inLanguage(w, locale)), total, totals });
    },
  });

  route(app, calls.recordsTotal, {
    tags,
    summary: 'Paid and pending withdrawal sums',
    handler: async (request) => ok(await getTotals(deps, (await requireUser(deps, request)).userId)),
  });
}
