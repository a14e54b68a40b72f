import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { invalidInput, notFound, ok } from '../../http/envelope';
import { findChannel, listChannels } from './repo';
import { channelKeyOf, toChannel } from './service';
import { auditOf, inAuditedTransaction } from '../audit';
import { updateChannel } from './channelAdminRepo';

const tags = ['Admin money'];
const calls = contract.withdrawals;
const notFoundChannel = (): never => {
  throw notFound('thing.withdrawalChannel');
};

/** Withdrawal channel limits and fees: finance and administrators. New withdrawals use them at once. */
export default async function adminWithdrawalChannelRoutes(app: AppInstance) {
  const db = app.deps.database.db;

  route(app, calls.adminChannels, {
    tags,
    summary: 'Every withdrawal channel with its limits, fee and payout mode',
    handler: async () => ok({ list: (await listChannels(db)).map(toChannel) }),
  });

  route(app, calls.updateChannel, {
    tags,
    summary: 'Set limits (min ≤ max), fee (0..10000 bp, minimum fee), enabled, automatic payout',
    audit: 'withdrawalChannel.update',
    handler: async (request) => {
      const { channel } = request.params;
      const before = await findChannel(db, channel);
      if (!before) throw notFound('thing.withdrawalChannel');
      // Without a provider, automatic payout would skip finance's approval and then wait for nobody.
      if (request.body.autoPayout && !app.deps.payouts[channelKeyOf(channel) as keyof typeof app.deps.payouts]) {
        throw invalidInput('autoPayout', 'needs an automatic payout provider for this channel; without one, finance pays it by hand');
      }
      const after = await inAuditedTransaction(
        db,
        auditOf(request),
        async (tx) => (await updateChannel(tx, channel, request.body)) ?? notFoundChannel(),
        (row) => ({ type: 'withdrawalChannel', id: channel, detail: { before: toChannel(before), after: toChannel(row) } }),
      );
      return ok(toChannel(after));
    },
  });
}
