/** Payees: the accounts a user's withdrawals are paid to, and the banks one may be at. */
import type { ApiCall } from '../call';

export const payeeCalls = {
  banks: { method: 'GET', path: '/api/user/getOpenBank', auth: 'user' },
  list: { method: 'GET', path: '/api/user/getPayeeList', auth: 'user' },
  save: { method: 'POST', path: '/api/user/savePayee', auth: 'user' },
  delete: { method: 'POST', path: '/api/user/deletePayee', auth: 'user' },
} as const satisfies Readonly<Record<string, ApiCall>>;
