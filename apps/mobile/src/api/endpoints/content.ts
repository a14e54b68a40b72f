/**
 * Content calls of SPEC.md §7 (banners, announcements, broadcasts, site settings, FAQ, rich
 * texts), declared as data. None needs a token. They are quiet: the pages draw their own
 * loading skeletons, so the global "loading" indicator would only cover them.
 */
import type { bannerList, broadcastList, faqList, Foundation, noticeDetail, noticeList, RichTextPoint, richTextData } from '@maika/shared';
import type { z } from 'zod';
import { fetchText, request, type Endpoint } from '../http';

export type Banner = z.infer<typeof bannerList>[number];
export type NoticeList = z.infer<typeof noticeList>;
export type NoticeSummary = NoticeList['list'][number];
export type NoticeDetail = z.infer<typeof noticeDetail>;
export type Broadcast = z.infer<typeof broadcastList>[number];
export type FaqEntry = z.infer<typeof faqList>[number];
type RichTextData = z.infer<typeof richTextData>;

export const contentEndpoints = {
  banners: { method: 'GET', path: '/api/Basis/getChart', auth: 'none', quiet: true },
  notices: { method: 'GET', path: '/api/Basis/getNotice', auth: 'none', quiet: true },
  noticeDetail: { method: 'GET', path: '/api/Basis/getNoticeDetail', auth: 'none', quiet: true },
  broadcasts: { method: 'GET', path: '/api/Basis/getBroadcast', auth: 'none', quiet: true },
  foundation: { method: 'GET', path: '/api/Basis/getFoundation', auth: 'none', quiet: true },
  faq: { method: 'GET', path: '/api/Basis/getFaq', auth: 'none', quiet: true },
  richTextTemplate: { method: 'GET', path: '/api/file/getRichTextTemplate', auth: 'none', quiet: true },
} as const satisfies Record<string, Endpoint>;

export function fetchBanners(position: number): Promise<Banner[]> {
  return request<Banner[]>(contentEndpoints.banners, { position });
}

export function fetchNotices(page: number, pageSize: number): Promise<NoticeList> {
  return request<NoticeList>(contentEndpoints.notices, { page, pageSize });
}

export function fetchNoticeDetail(id: number): Promise<NoticeDetail> {
  return request<NoticeDetail>(contentEndpoints.noticeDetail, { id });
}

export function fetchBroadcasts(): Promise<Broadcast[]> {
  return request<Broadcast[]>(contentEndpoints.broadcasts);
}

export function fetchFoundation(): Promise<Foundation> {
  return request<Foundation>(contentEndpoints.foundation);
}

export function fetchFaq(): Promise<FaqEntry[]> {
  return request<FaqEntry[]>(contentEndpoints.faq);
}

export interface RichTextDocument {
  html: string;
  /** ISO time of the last edit, shown under agreements. */
  updatedAt: string;
}

/** SPEC.md §7: the call names a file; the HTML is that file's content. */
export async function fetchRichText(point: RichTextPoint): Promise<RichTextDocument> {
  const { template, updatedAt } = await request<RichTextData>(contentEndpoints.richTextTemplate, { point });
  return { html: await fetchText(template), updatedAt };
}
