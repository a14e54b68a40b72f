/** Cards: a user sells them and follows their orders; reviewers decide them, their appeals and their parcels. */
import type { ApiCall } from '../call';

export const cardCalls = {
  submit: { method: 'POST', path: '/api/order/submit', auth: 'user' },
  list: { method: 'GET', path: '/api/order/list', auth: 'user' },
  detail: { method: 'GET', path: '/api/order/detail', auth: 'user' },
  appeal: { method: 'POST', path: '/api/order/appeal', auth: 'user' },
  logistics: { method: 'POST', path: '/api/order/logistics', auth: 'user' },
  logisticsInfo: { method: 'GET', path: '/api/order/logisticsInfo', auth: 'user' },
  adminList: { method: 'GET', path: '/api/admin/cards', auth: 'admin', access: { resource: 'cards', action: 'list' } },
  adminDetail: { method: 'GET', path: '/api/admin/cards/:id', auth: 'admin', access: { resource: 'cards', action: 'show' } },
  appeals: { method: 'GET', path: '/api/admin/appeals', auth: 'admin', access: { resource: 'appeals', action: 'list' } },
  reveal: { method: 'POST', path: '/api/admin/cards/:id/reveal', auth: 'admin', access: { resource: 'cards', action: 'reveal' } },
  approve: { method: 'POST', path: '/api/admin/cards/:id/approve', auth: 'admin', access: { resource: 'cards', action: 'approve' } },
  reject: { method: 'POST', path: '/api/admin/cards/:id/reject', auth: 'admin', access: { resource: 'cards', action: 'reject' } },
  notActivated: {
    method: 'POST',
    path: '/api/admin/cards/:id/notActivated',
    auth: 'admin',
    access: { resource: 'cards', action: 'notActivated' },
  },
  abnormal: { method: 'POST', path: '/api/admin/cards/:id/abnormal', auth: 'admin', access: { resource: 'cards', action: 'abnormal' } },
  freeze: { method: 'POST', path: '/api/admin/cards/:id/freeze', auth: 'admin', access: { resource: 'cards', action: 'freeze' } },
  unfreeze: { method: 'POST', path: '/api/admin/cards/:id/unfreeze', auth: 'admin', access: { resource: 'cards', action: 'unfreeze' } },
  bulkApprove: {
    method: 'POST',
    path: '/api/admin/cards/bulkApprove',
    auth: 'admin',
    access: { resource: 'cards', action: 'bulkApprove' },
  },
  bulkReject: { method: 'POST', path: '/api/admin/cards/bulkReject', auth: 'admin', access: { resource: 'cards', action: 'bulkReject' } },
  decideAppeal: { method: 'POST', path: '/api/admin/appeals/:id/decide', auth: 'admin', access: { resource: 'appeals', action: 'decide' } },
  shipments: { method: 'GET', path: '/api/admin/shipments', auth: 'admin', access: { resource: 'shipments', action: 'list' } },
  shipment: { method: 'GET', path: '/api/admin/shipments/:id', auth: 'admin', access: { resource: 'shipments', action: 'show' } },
  received: {
    method: 'POST',
    path: '/api/admin/shipments/:id/received',
    auth: 'admin',
    access: { resource: 'shipments', action: 'received' },
  },
} as const satisfies Readonly<Record<string, ApiCall>>;
