/**
 * Merchants: a reseller applies and manages its keys in the app, its own system calls the signed
 * API under /api/merchant/v1/, and operators decide applications, suspensions and rates.
 */
import type { ApiCall } from '../call';

export const merchantCalls = {
  apply: { method: 'POST', path: '/api/merchant/apply', auth: 'user' },
  profile: { method: 'GET', path: '/api/merchant/profile', auth: 'user' },
  createKey: { method: 'POST', path: '/api/merchant/keys', auth: 'user' },
  revokeKey: { method: 'POST', path: '/api/merchant/keys/:keyId/revoke', auth: 'user' },
  saveNotifyUrl: { method: 'POST', path: '/api/merchant/notifyUrl', auth: 'user' },
  callbacks: { method: 'GET', path: '/api/merchant/callbacks', auth: 'user' },
  resendCallback: { method: 'POST', path: '/api/merchant/callbacks/resend', auth: 'user' },

  catalogue: { method: 'GET', path: '/api/merchant/v1/catalogue', auth: 'merchant' },
  submitOrder: { method: 'POST', path: '/api/merchant/v1/orders', auth: 'merchant' },
  order: { method: 'GET', path: '/api/merchant/v1/orders/:merchantOrderNo', auth: 'merchant' },
  balance: { method: 'GET', path: '/api/merchant/v1/balance', auth: 'merchant' },
  apiResendCallback: { method: 'POST', path: '/api/merchant/v1/callbacks/resend', auth: 'merchant' },

  adminList: { method: 'GET', path: '/api/admin/merchants', auth: 'admin', access: { resource: 'merchants', action: 'list' } },
  adminDetail: { method: 'GET', path: '/api/admin/merchants/:id', auth: 'admin', access: { resource: 'merchants', action: 'show' } },
  approve: {
    method: 'POST',
    path: '/api/admin/merchants/:id/approve',
    auth: 'admin',
    access: { resource: 'merchants', action: 'approve' },
  },
  refuse: { method: 'POST', path: '/api/admin/merchants/:id/refuse', auth: 'admin', access: { resource: 'merchants', action: 'refuse' } },
  suspend: {
    method: 'POST',
    path: '/api/admin/merchants/:id/suspend',
    auth: 'admin',
    access: { resource: 'merchants', action: 'suspend' },
  },
  reinstate: {
    method: 'POST',
    path: '/api/admin/merchants/:id/reinstate',
    auth: 'admin',
    access: { resource: 'merchants', action: 'reinstate' },
  },
  rates: { method: 'GET', path: '/api/admin/merchants/:id/rates', auth: 'admin', access: { resource: 'merchants', action: 'show' } },
  saveRates: { method: 'POST', path: '/api/admin/merchants/:id/rates', auth: 'admin', access: { resource: 'merchants', action: 'rates' } },
  adminCallbacks: {
    method: 'GET',
    path: '/api/admin/merchants/:id/callbacks',
    auth: 'admin',
    access: { resource: 'merchants', action: 'show' },
  },
  adminResendCallback: {
    method: 'POST',
    path: '/api/admin/merchants/:id/callbacks/resend',
    auth: 'admin',
    access: { resource: 'merchants', action: 'resend' },
  },
} as const satisfies Readonly<Record<string, ApiCall>>;
