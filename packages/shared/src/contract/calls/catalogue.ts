/** The catalogue: categories, card types and their face values; public reads, operator changes. */
import type { ApiCall } from '../call';

export const catalogueCalls = {
  classList: { method: 'GET', path: '/api/goods/getClassList', auth: 'none' },
  detail: { method: 'GET', path: '/api/goods/getGoodsDetail', auth: 'none' },
  search: { method: 'GET', path: '/api/goods/search', auth: 'none' },
  adminCategories: { method: 'GET', path: '/api/admin/categories', auth: 'admin', access: { resource: 'categories', action: 'list' } },
  createCategory: { method: 'POST', path: '/api/admin/categories', auth: 'admin', access: { resource: 'categories', action: 'create' } },
  updateCategory: { method: 'PUT', path: '/api/admin/categories/:id', auth: 'admin', access: { resource: 'categories', action: 'edit' } },
  adminCardTypes: { method: 'GET', path: '/api/admin/cardTypes', auth: 'admin', access: { resource: 'cardTypes', action: 'list' } },
  createCardType: { method: 'POST', path: '/api/admin/cardTypes', auth: 'admin', access: { resource: 'cardTypes', action: 'create' } },
  updateCardType: { method: 'PUT', path: '/api/admin/cardTypes/:id', auth: 'admin', access: { resource: 'cardTypes', action: 'edit' } },
  saveFaceValue: {
    method: 'POST',
    path: '/api/admin/cardTypes/:id/faceValues',
    auth: 'admin',
    access: { resource: 'cardTypes', action: 'edit' },
  },
  updateFaceValue: { method: 'PUT', path: '/api/admin/faceValues/:id', auth: 'admin', access: { resource: 'cardTypes', action: 'edit' } },
} as const satisfies Readonly<Record<string, ApiCall>>;
