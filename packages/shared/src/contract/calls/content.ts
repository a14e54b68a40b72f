/** Content: banners, announcements, ticker lines, FAQ, site settings and rich texts; public reads, support writes. */
import type { ApiCall } from '../call';

export const contentCalls = {
  banners: { method: 'GET', path: '/api/Basis/getChart', auth: 'none' },
  notices: { method: 'GET', path: '/api/Basis/getNotice', auth: 'none' },
  noticeDetail: { method: 'GET', path: '/api/Basis/getNoticeDetail', auth: 'none' },
  broadcasts: { method: 'GET', path: '/api/Basis/getBroadcast', auth: 'none' },
  foundation: { method: 'GET', path: '/api/Basis/getFoundation', auth: 'none' },
  faq: { method: 'GET', path: '/api/Basis/getFaq', auth: 'none' },
  richTextTemplate: { method: 'GET', path: '/api/file/getRichTextTemplate', auth: 'none' },
  adminBanners: {
    method: 'GET',
    path: '/api/admin/content/banners',
    auth: 'admin',
    access: { resource: 'content/banners', action: 'list' },
  },
  createBanner: {
    method: 'POST',
    path: '/api/admin/content/banners',
    auth: 'admin',
    access: { resource: 'content/banners', action: 'create' },
  },
  updateBanner: {
    method: 'PUT',
    path: '/api/admin/content/banners/:id',
    auth: 'admin',
    access: { resource: 'content/banners', action: 'edit' },
  },
  deleteBanner: {
    method: 'DELETE',
    path: '/api/admin/content/banners/:id',
    auth: 'admin',
    access: { resource: 'content/banners', action: 'delete' },
  },
  adminNotices: {
    method: 'GET',
    path: '/api/admin/content/notices',
    auth: 'admin',
    access: { resource: 'content/notices', action: 'list' },
  },
  createNotice: {
    method: 'POST',
    path: '/api/admin/content/notices',
    auth: 'admin',
    access: { resource: 'content/notices', action: 'create' },
  },
  updateNotice: {
    method: 'PUT',
    path: '/api/admin/content/notices/:id',
    auth: 'admin',
    access: { resource: 'content/notices', action: 'edit' },
  },
  deleteNotice: {
    method: 'DELETE',
    path: '/api/admin/content/notices/:id',
    auth: 'admin',
    access: { resource: 'content/notices', action: 'delete' },
  },
  adminBroadcasts: {
    method: 'GET',
    path: '/api/admin/content/broadcasts',
    auth: 'admin',
    access: { resource: 'content/broadcasts', action: 'list' },
  },
  createBroadcast: {
    method: 'POST',
    path: '/api/admin/content/broadcasts',
    auth: 'admin',
    access: { resource: 'content/broadcasts', action: 'create' },
  },
  updateBroadcast: {
    method: 'PUT',
    path: '/api/admin/content/broadcasts/:id',
    auth: 'admin',
    access: { resource: 'content/broadcasts', action: 'edit' },
  },
  deleteBroadcast: {
    method: 'DELETE',
    path: '/api/admin/content/broadcasts/:id',
    auth: 'admin',
    access: { resource: 'content/broadcasts', action: 'delete' },
  },
  adminFaqs: { method: 'GET', path: '/api/admin/content/faq', auth: 'admin', access: { resource: 'content/faq', action: 'list' } },
  createFaq: { method: 'POST', path: '/api/admin/content/faq', auth: 'admin', access: { resource: 'content/faq', action: 'create' } },
  updateFaq: { method: 'PUT', path: '/api/admin/content/faq/:id', auth: 'admin', access: { resource: 'content/faq', action: 'edit' } },
  deleteFaq: { method: 'DELETE', path: '/api/admin/content/faq/:id', auth: 'admin', access: { resource: 'content/faq', action: 'delete' } },
  adminFoundation: {
    method: 'GET',
    path: '/api/admin/content/foundation',
    auth: 'admin',
    access: { resource: 'content/foundation', action: 'show' },
  },
  saveFoundation: {
    method: 'PUT',
    path: '/api/admin/content/foundation',
    auth: 'admin',
    access: { resource: 'content/foundation', action: 'edit' },
  },
  adminRichText: {
    method: 'GET',
    path: '/api/admin/content/richText',
    auth: 'admin',
    access: { resource: 'content/richText', action: 'show' },
  },
  saveRichText: {
    method: 'PUT',
    path: '/api/admin/content/richText',
    auth: 'admin',
    access: { resource: 'content/richText', action: 'edit' },
  },
  // Images for banners and the other content: whoever may change content may upload them.
  uploadImage: { method: 'POST', path: '/api/admin/file/upload', auth: 'admin', access: { resource: 'content/banners', action: 'upload' } },
} as const satisfies Readonly<Record<string, ApiCall>>;
