import { payoutLimits as payoutLimitsSchema, riskFlagList, rolesFor } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { payoutLimits, savePayoutLimits } from '../withdrawals';
import { riskFlags } from './service';
import { auditOf } from '../audit';

const tags = ['Admin risk'];
const security = [{ admin: [] }];

/** Daily automatic payout limits and risk flags: finance and administrators. */
export default async function adminRiskRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/settings/payoutLimits', {
    config: { roles: rolesFor('risk', 'list') },
    schema: {
      tags,
      security,
      summary: 'Automatic payouts allowed per user and for the platform per Beijing day (fen)',
      response: { 200: envelope(payoutLimitsSchema) },
    },
    handler: async () => ok(await payoutLimits(deps, deps.database.db)),
  });

  app.put('/api/admin/settings/payoutLimits', {
    config: { roles: rolesFor('withdrawals', 'limits'), audit: 'settings.payoutLimits' },
    schema: {
      tags,
      security,
      summary: 'Change the daily automatic payout limits; above them withdrawals wait for finance',
      body: payoutLimitsSchema,
      response: { 200: envelope(payoutLimitsSchema) },
    },
    handler: async (request) => {
      const { after } = await savePayoutLimits(deps, request.body, auditOf(request, { type: 'settings', id: 'payoutLimits' }));
      return ok(after);
    },
  });

  app.get('/api/admin/risk', {
    config: { roles: rolesFor('risk', 'list') },
    schema: {
      tags,
      security,
      summary: 'Risk flags: users credited far above their history in 24 h, operators approving above the threshold',
      response: { 200: envelope(riskFlagList) },
    },
    handler: async () => ok({ list: await riskFlags(deps) }),
  });
}
