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
  noticeDetail: { query: noticeDetailQuery, answer: noticeDetail },
  broadcasts: { answer: broadcastList },
  foundation: { answer: foundation },
  faq: { answer: faqList },
  richTextTemplate: { query: richTextQuery, answer: richTextData },
  adminBanners: { query: adminBannerQuery, answer: adminBannerList },
  createBanner: { body: adminBannerBody, answer: adminBanner },
  updateBanner: { params: adminContentIdParams, body: adminBannerUpdateBody, answer: adminBanner },
  deleteBanner: { params: adminContentIdParams, answer: z.null() },
  adminNotices: { query: adminContentQuery, answer: adminNoticeList },
  createNotice: { body: adminNoticeBody, answer: adminNotice },
  updateNotice: { params: adminContentIdParams, body: adminNoticeBody, answer: adminNotice },
  deleteNotice: { params: adminContentIdParams, answer: z.null() },
  adminBroadcasts: { query: adminContentQuery, answer: adminBroadcastList },
  createBroadcast: { body: adminBroadcastBody, answer: adminBroadcast },
  updateBroadcast: { params: adminContentIdParams, body: adminBroadcastBody, answer: adminBroadcast },
  deleteBroadcast: { params: adminContentIdParams, answer: z.null() },
  adminFaqs: { query: adminContentQuery, answer: adminFaqList },
  createFaq: { body: adminFaqBody, answer: adminFaq },
  updateFaq: { params: adminContentIdParams, body: adminFaqBody, answer: adminFaq },
  deleteFaq: { params: adminContentIdParams, answer: z.null() },
  adminFoundation: { answer: foundation },
  saveFoundation: { body: adminFoundationBody, answer: foundation },
  adminRichText: { query: richTextQuery, answer: adminRichText },
  saveRichText: { query: richTextQuery, body: richTextSaveBody, answer: richTextData },
  uploadImage: { answer: adminUploadData },
});
