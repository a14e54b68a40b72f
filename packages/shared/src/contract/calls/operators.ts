/**
 * The operators: login and session, the set-up of a password, two-factor login, operator accounts, the audit log, the SMS
 * outbox and the dashboard. The CSV exports answer files, which an entry cannot declare (its answer
 * is the envelope's data), so they register their routes directly.
 */
import type { ApiCall } from '../call';

export const operatorCalls = {
  login: { method: 'POST', path: '/api/admin/login', auth: 'none' },
  /** The operator behind a set-up link chooses their password; the code is the only credential. */
  setup: { method: 'POST', path: '/api/admin/setup', auth: 'none' },
  logout: { method: 'POST', path: '/api/admin/logout', auth: 'admin', access: { resource: 'admins', action: 'self' } },
  me: { method: 'GET', path: '/api/admin/me', auth: 'admin', access: { resource: 'admins', action: 'self' } },
  setupTwoFactor: { method: 'POST', path: '/api/admin/twoFactor/setup', auth: 'admin', access: { resource: 'admins', action: 'self' } },
  confirmTwoFactor: { method: 'POST', path: '/api/admin/twoFactor/confirm', auth: 'admin', access: { resource: 'admins', action: 'self' } },
  resetTwoFactor: {
    method: 'POST',
    path: '/api/admin/admins/:id/resetTwoFactor',
    auth: 'admin',
    access: { resource: 'admins', action: 'edit' },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/admin/admins/:id/resetPassword',
    auth: 'admin',
    access: { resource: 'admins', action: 'edit' },
  },
  admins: { method: 'GET', path: '/api/admin/admins', auth: 'admin', access: { resource: 'admins', action: 'list' } },
  createAdmin: { method: 'POST', path: '/api/admin/admins', auth: 'admin', access: { resource: 'admins', action: 'create' } },
  updateAdmin: { method: 'PATCH', path: '/api/admin/admins/:id', auth: 'admin', access: { resource: 'admins', action: 'edit' } },
  audit: { method: 'GET', path: '/api/admin/audit', auth: 'admin', access: { resource: 'audit', action: 'list' } },
  smsOutbox: { method: 'GET', path: '/api/admin/smsOutbox', auth: 'admin', access: { resource: 'smsOutbox', action: 'list' } },
  dashboard: { method: 'GET', path: '/api/admin/dashboard', auth: 'admin', access: { resource: 'dashboard', action: 'list' } },
} as const satisfies Readonly<Record<string, ApiCall>>;
