/** Users as operators see them: support and finance read them, support freezes them. */
import type { ApiCall } from '../call';

export const userCalls = {
  adminList: { method: 'GET', path: '/api/admin/users', auth: 'admin', access: { resource: 'users', action: 'list' } },
  adminDetail: { method: 'GET', path: '/api/admin/users/:id', auth: 'admin', access: { resource: 'users', action: 'show' } },
  freeze: { method: 'POST', path: '/api/admin/users/:id/freeze', auth: 'admin', access: { resource: 'users', action: 'freeze' } },
  unfreeze: { method: 'POST', path: '/api/admin/users/:id/unfreeze', auth: 'admin', access: { resource: 'users', action: 'freeze' } },
} as const satisfies Readonly<Record<string, ApiCall>>;
