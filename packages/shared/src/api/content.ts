import { z } from 'zod';
import { pageFields } from './common';

export const bannerPositionQuery = z.object({
  position: z.coerce.number().int().min(1, 'must be 1 to 6').max(6, 'must be 1 to 6').optional(),
});
export const banner = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string().nullable(),
});
export const bannerList = z.array(banner);

export const noticeSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export const noticeList = z.object({ list: z.array(noticeSummary), total: z.number().int() });
export const noticeDetailQuery = z.object({ id: z.coerce.number().int().positive() });
export const noticeDetail = noticeSummary.extend({ content: z.string() });

export const broadcastList = z.array(z.object({ id: z.string(), text: z.string() }));

export const pageQuery = z.object(pageFields());

const link = z.object({ h5: z.string(), weapp: z.string(), alipay: z.string() });

/**
 * Where sellers mail physical cards. The English recipient and address are for English readers;
 * empty means they read the Chinese one. Every field empty means no address is set.
 */
export const mailingAddress = z.object({
  recipient: z.string(),
  recipientEn: z.string(),
  phone: z.string(),
  address: z.string(),
  addressEn: z.string(),
});
export type MailingAddress = z.infer<typeof mailingAddress>;

export const foundation = z.object({
  siteName: z.string(),
  customerServiceUrl: link,
  appLaunchUrl: link,
  oldPlatformUrl: z.string(),
  versionStamp: z.string(),
  versionCode: z.string(),
  icp: z.string(),
  servicePhone: z.string(),
  serviceHours: z.string(),
  /** The WeChat mini-program opens WeChat's own customer-service chat (a contact button). */
  weappContact: z.boolean(),
  mailingAddress,
  rebateRateBp: z.number().int(),
});
export type Foundation = z.infer<typeof foundation>;

export const richTextQuery = z.object({
  point: z.coerce.number().int().min(1, 'must be 1 to 10').max(10, 'must be 1 to 10'),
});
export const richTextData = z.object({ template: z.string(), updatedAt: z.string() });

export const faqList = z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string() }));
