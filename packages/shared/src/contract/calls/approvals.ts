/** Second approval: decisions waiting for a second, different operator. */
import type { ApiCall } from '../call';

export const approvalCalls = {
  list: { method: 'GET', path: '/api/admin/approvals', auth: 'admin', access: { resource: 'approvals', action: 'list' } },
  approve: {
    method: 'POST',
    path: '/api/admin/approvals/:id/approve',
    auth: 'admin',
    access: { resource: 'approvals', action: 'approve' },
  },
  decline: {
    method: 'POST',
    path: '/api/admin/approvals/:id/decline',
    auth: 'admin',
    access: { resource: 'approvals', action: 'decline' },
  },
} as const satisfies Readonly<Record<string, ApiCall>>;
