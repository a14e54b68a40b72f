/**
 * Content calls of docs/product.md "API calls" (banners, announcements, broadcasts, site settings, FAQ, rich
 * texts), from the API contract. None needs a token. They are quiet: the pages draw their own
 * loading skeletons, so the global "loading" indicator would only cover them.
 */
import { contentCalls, type AnswerOf, type contentContract, type Foundation, type RichTextPoint } from '@maika/shared';
import { endpointOf } from '../endpoint';
import { fetchText, request } from '../http';

export type Banner = AnswerOf<typeof contentContract.banners>[number];
export type NoticeList = AnswerOf<typeof contentContract.notices>;
export type NoticeSummary = NoticeList['list'][number];
export type NoticeDetail = AnswerOf<typeof contentContract.noticeDetail>;
export type Broadcast = AnswerOf<typeof contentContract.broadcasts>[number];
export type FaqEntry = AnswerOf<typeof contentContract.faq>[number];
type RichTextData = AnswerOf<typeof contentContract.richTextTemplate>;

export const contentEndpoints = {
  banners: endpointOf(contentCalls.banners, { quiet: true }),
  notices: endpointOf(contentCalls.notices, { quiet: true }),
  noticeDetail: endpointOf(contentCalls.noticeDetail, { quiet: true }),
  broadcasts: endpointOf(contentCalls.broadcasts, { quiet: true }),
  foundation: endpointOf(contentCalls.foundation, { quiet: true }),
  faq: endpointOf(contentCalls.faq, { quiet: true }),
  richTextTemplate: endpointOf(contentCalls.richTextTemplate, { quiet: true }),
};

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

/** docs/product.md "API calls": the call names a file; the HTML is that file's content. */
export async function fetchRichText(point: RichTextPoint): Promise<RichTextDocument> {
  const { template, updatedAt } = await request<RichTextData>(contentEndpoints.richTextTemplate, { point });
  return { html: await fetchText(template), updatedAt };
}
