/** Feedback: a user sends it and reads the answers; customer support answers it. */
import type { ApiCall } from '../call';

export const feedbackCalls = {
  add: { method: 'POST', path: '/api/feedback/add', auth: 'user' },
  records: { method: 'GET', path: '/api/feedback/records', auth: 'user' },
  detail: { method: 'GET', path: '/api/feedback/detail', auth: 'user' },
  adminList: { method: 'GET', path: '/api/admin/feedback', auth: 'admin', access: { resource: 'feedback', action: 'list' } },
  adminDetail: { method: 'GET', path: '/api/admin/feedback/:id', auth: 'admin', access: { resource: 'feedback', action: 'show' } },
  reply: { method: 'POST', path: '/api/admin/feedback/:id/reply', auth: 'admin', access: { resource: 'feedback', action: 'reply' } },
} as const satisfies Readonly<Record<string, ApiCall>>;
