/** Withdrawals: a user's balance and payouts; finance approves them, corrects balances and checks the ledger. */
import type { ApiCall } from '../call';

export const withdrawalCalls = {
  account: { method: 'GET', path: '/api/cash/getAccount', auth: 'user' },
  channels: { method: 'GET', path: '/api/cash/getAlleywayList', auth: 'user' },
  extract: { method: 'POST', path: '/api/cash/extract', auth: 'user' },
  records: { method: 'GET', path: '/api/cash/records', auth: 'user' },
  recordsTotal: { method: 'GET', path: '/api/cash/recordsTotal', auth: 'user' },
  adminList: { method: 'GET', path: '/api/admin/withdrawals', auth: 'admin', access: { resource: 'withdrawals', action: 'list' } },
  adminDetail: { method: 'GET', path: '/api/admin/withdrawals/:id', auth: 'admin', access: { resource: 'withdrawals', action: 'show' } },
  approve: {
    method: 'POST',
    path: '/api/admin/withdrawals/:id/approve',
    auth: 'admin',
    access: { resource: 'withdrawals', action: 'approve' },
  },
  reject: {
    method: 'POST',
    path: '/api/admin/withdrawals/:id/reject',
    auth: 'admin',
    access: { resource: 'withdrawals', action: 'reject' },
  },
  offlinePaid: {
    method: 'POST',
    path: '/api/admin/withdrawals/:id/offlinePaid',
    auth: 'admin',
    access: { resource: 'withdrawals', action: 'offlinePaid' },
  },
  offlineFailed: {
    method: 'POST',
    path: '/api/admin/withdrawals/:id/offlineFailed',
    auth: 'admin',
    access: { resource: 'withdrawals', action: 'offlineFailed' },
  },
  retry: { method: 'POST', path: '/api/admin/withdrawals/:id/retry', auth: 'admin', access: { resource: 'withdrawals', action: 'retry' } },
  adjust: { method: 'POST', path: '/api/admin/users/:id/adjust', auth: 'admin', access: { resource: 'users', action: 'adjust' } },
  ledger: { method: 'GET', path: '/api/admin/users/:id/ledger', auth: 'admin', access: { resource: 'users', action: 'ledger' } },
  ledgerCheck: {
    method: 'GET',
    path: '/api/admin/ledger/check',
    auth: 'admin',
    access: { resource: 'withdrawals', action: 'ledgerCheck' },
  },
  adminChannels: {
    method: 'GET',
    path: '/api/admin/withdrawalChannels',
    auth: 'admin',
    access: { resource: 'withdrawalChannels', action: 'list' },
  },
  updateChannel: {
    method: 'PUT',
    path: '/api/admin/withdrawalChannels/:channel',
    auth: 'admin',
    access: { resource: 'withdrawalChannels', action: 'edit' },
  },
} as const satisfies Readonly<Record<string, ApiCall>>;
