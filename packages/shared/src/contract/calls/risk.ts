/** Risk: the daily automatic payout limits and the flags finance watches. */
import type { ApiCall } from '../call';

export const riskCalls = {
  payoutLimits: {
    method: 'GET',
    path: '/api/admin/settings/payoutLimits',
    auth: 'admin',
    access: { resource: 'risk', action: 'list' },
  },
  savePayoutLimits: {
    method: 'PUT',
    path: '/api/admin/settings/payoutLimits',
    auth: 'admin',
    access: { resource: 'withdrawals', action: 'limits' },
  },
  flags: { method: 'GET', path: '/api/admin/risk', auth: 'admin', access: { resource: 'risk', action: 'list' } },
} as const satisfies Readonly<Record<string, ApiCall>>;
