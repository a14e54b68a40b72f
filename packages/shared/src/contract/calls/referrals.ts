/** Referrals: a user's invite, referees and rebates; operators read them and set the rebate rate. */
import type { ApiCall } from '../call';

export const referralCalls = {
  info: { method: 'GET', path: '/api/share/getInfo', auth: 'user' },
  levelUsers: { method: 'GET', path: '/api/share/levelUsers', auth: 'user' },
  details: { method: 'GET', path: '/api/share/details', auth: 'user' },
  adminReferrals: { method: 'GET', path: '/api/admin/referrals', auth: 'admin', access: { resource: 'referrals', action: 'list' } },
  adminRebates: { method: 'GET', path: '/api/admin/rebates', auth: 'admin', access: { resource: 'referrals', action: 'list' } },
  setRebateRate: {
    method: 'PUT',
    path: '/api/admin/settings/rebateRate',
    auth: 'admin',
    access: { resource: 'referrals', action: 'edit' },
  },
} as const satisfies Readonly<Record<string, ApiCall>>;
