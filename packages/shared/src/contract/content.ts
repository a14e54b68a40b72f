import { Code } from '../codes';
import { z } from 'zod';
import { richTextSaveBody } from '../api/admin';
import {
  adminBanner,
  adminBannerBody,
  adminBannerUpdateBody,
  adminBannerList,
  adminBannerQuery,
  adminBroadcast,
  adminBroadcastBody,
  adminBroadcastList,
  adminContentIdParams,
  adminContentQuery,
  adminFaq,
  adminFaqBody,
  adminFaqList,
  adminFoundationBody,
  adminNotice,
  adminNoticeBody,
  adminNoticeList,
  adminUploadData,
} from '../api/adminConsole';
import {
  bannerList,
  bannerPositionQuery,
  broadcastList,
  faqList,
  foundation,
  noticeDetail,
  noticeDetailQuery,
  noticeList,
  pageQuery,
  richTextData,
  richTextQuery,
} from '../api/content';
import { withSchemas } from './call';
import { contentCalls } from './calls/content';

/** The stored HTML of a rich-text point, for editing (`htmlEn` empty when there is no English version). */
const adminRichText = z.object({ point: z.number(), html: z.string(), htmlEn: z.string(), version: z.number() });

export const contentContract = withSchemas(contentCalls, {
  banners: { query: bannerPositionQuery, answer: bannerList },
  notices: { query: pageQuery, answer: noticeList },
  noticeDetail: { query: noticeDetailQuery, answer: noticeDetail, codes: [Code.NotFound] },
  broadcasts: { answer: broadcastList },
  foundation: { answer: foundation },
  faq: { answer: faqList },
  richTextTemplate: { query: richTextQuery, answer: richTextData, codes: [Code.NotFound] },
  adminBanners: { query: adminBannerQuery, answer: adminBannerList },
  createBanner: { body: adminBannerBody, answer: adminBanner, codes: [Code.NotFound] },
  updateBanner: { params: adminContentIdParams, body: adminBannerUpdateBody, answer: adminBanner, codes: [Code.NotFound] },
  deleteBanner: { params: adminContentIdParams, answer: z.null(), codes: [Code.NotFound] },
  adminNotices: { query: adminContentQuery, answer: adminNoticeList },
  createNotice: { body: adminNoticeBody, answer: adminNotice, codes: [Code.NotFound] },
  updateNotice: { params: adminContentIdParams, body: adminNoticeBody, answer: adminNotice, codes: [Code.NotFound] },
  deleteNotice: { params: adminContentIdParams, answer: z.null(), codes: [Code.NotFound] },
  adminBroadcasts: { query: adminContentQuery, answer: adminBroadcastList },
  createBroadcast: { body: adminBroadcastBody, answer: adminBroadcast, codes: [Code.NotFound] },
  updateBroadcast: { params: adminContentIdParams, body: adminBroadcastBody, answer: adminBroadcast, codes: [Code.NotFound] },
  deleteBroadcast: { params: adminContentIdParams, answer: z.null(), codes: [Code.NotFound] },
  adminFaqs: { query: adminContentQuery, answer: adminFaqList },
  createFaq: { body: adminFaqBody, answer: adminFaq, codes: [Code.NotFound] },
  updateFaq: { params: adminContentIdParams, body: adminFaqBody, answer: adminFaq, codes: [Code.NotFound] },
  deleteFaq: { params: adminContentIdParams, answer: z.null(), codes: [Code.NotFound] },
  adminFoundation: { answer: foundation },
  saveFoundation: { body: adminFoundationBody, answer: foundation },
  adminRichText: { query: richTextQuery, answer: adminRichText },
  saveRichText: { query: richTextQuery, body: richTextSaveBody, answer: richTextData },
  uploadImage: { file: 'file', answer: adminUploadData, codes: [Code.UploadRejected, Code.UploadTooLarge, Code.UploadTooManyPixels] },
});
