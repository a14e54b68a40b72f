/** Messages: the message centre, subscribe consents, and support's view of each user's deliveries. */
import type { ApiCall } from '../call';

export const messageCalls = {
  list: { method: 'GET', path: '/api/message/list', auth: 'user' },
  unreadCount: { method: 'GET', path: '/api/message/unreadCount', auth: 'user' },
  read: { method: 'POST', path: '/api/message/read', auth: 'user' },
  settings: { method: 'GET', path: '/api/message/settings', auth: 'user' },
  saveSettings: { method: 'POST', path: '/api/message/settings', auth: 'user' },
  subscribeTemplates: { method: 'GET', path: '/api/message/subscribeTemplates', auth: 'user' },
  subscribe: { method: 'POST', path: '/api/message/subscribe', auth: 'user' },
  adminUserMessages: {
    method: 'GET',
    path: '/api/admin/users/:id/messages',
    auth: 'admin',
    access: { resource: 'messages', action: 'list' },
  },
  resend: {
    method: 'POST',
    path: '/api/admin/messageDeliveries/:id/resend',
    auth: 'admin',
    access: { resource: 'messages', action: 'resend' },
  },
  adminChannels: {
    method: 'GET',
    path: '/api/admin/messageChannels',
    auth: 'admin',
    access: { resource: 'messageChannels', action: 'list' },
  },
  saveChannel: {
    method: 'POST',
    path: '/api/admin/messageChannels/:channel',
    auth: 'admin',
    access: { resource: 'messageChannels', action: 'edit' },
  },
} as const satisfies Readonly<Record<string, ApiCall>>;
