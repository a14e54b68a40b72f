import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { payoutLimits, savePayoutLimits } from '../withdrawals';
import { riskFlagJson, riskFlags } from './service';
import { auditOf } from '../audit';

const tags = ['Admin risk'];
const calls = contract.risk;

/** Daily automatic payout limits and risk flags: finance and administrators. */
export default async function adminRiskRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.payoutLimits, {
    tags,
    summary: 'Automatic payouts allowed per user and for the platform per Beijing day (fen)',
    handler: async () => ok(await payoutLimits(deps, deps.database.db)),
  });

  route(app, calls.savePayoutLimits, {
    tags,
    summary: 'Change the daily automatic payout limits; above them withdrawals wait for finance',
    audit: 'settings.payoutLimits',
    handler: async (request) => {
      const { after } = await savePayoutLimits(deps, request.body, auditOf(request, { type: 'settings', id: 'payoutLimits' }));
      return ok(after);
    },
  });

  route(app, calls.flags, {
    tags,
    summary: 'Risk flags: users credited far above their history in 24 h, operators approving above the threshold',
    handler: async () => ok({ list: (await riskFlags(deps)).map(riskFlagJson) }),
  });
}
