/**
 * Back-office dashboard, users, content, withdrawal channels and CSV exports (/api/admin/...).
 * Amounts are integer fen, rates basis points, times ISO 8601. Content bodies are whole records:
 * POST creates one, PUT replaces one.
 */
import { z } from 'zod';
import { accountStatusSchema, bannerPositionSchema, genderSchema, payeeChannelSchema, queryCodeSchema } from '../enumSchemas';
import { fenSchema, positiveFenSchema, rateBpSchema } from '../money';
import { adminCardQuery } from './cardsAdmin';
import { adminWithdrawalQuery } from './withdrawalsAdmin';
import { REBATE_RATE_MAX_BP } from './referrals';
import {
  adminDateFilter,
  englishText as englishVersion,
  pageFields,
  idSchema as id,
  isoTimeSchema as isoTime,
  phoneDigitsSchema as phoneDigits,
} from './common';

const page = pageFields();
const isoDateTime = adminDateFilter;
const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });
const count = z.number().int().nonnegative();
const enabled = z.boolean({ error: 'must be true or false' });
const sort = z
  .number({ error: 'must be a whole number (smaller comes first)' })
  .int('must be a whole number (smaller comes first)')
  .min(-9999, 'must be -9999 to 9999')
  .max(9999, 'must be -9999 to 9999');
/** Content bodies are whole records: an English version left out is none. */
const englishText = (max: number) => englishVersion(max).default(null);
const text = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max.toLocaleString('en-US')} characters`);

/** A query flag: true/false (or 1/0) as the query string carries it. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** An http(s) address; what links to outside pages must be. */
export const httpUrl = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .regex(/^https?:\/\/[^\s/?#]+\.[^\s]*$/i, 'must be a full web address starting with http:// or https://');
/** Where a tap leads: a web address or an in-app page path such as /pages/sellCard/index. */
export const contentLink = z.union(
  [
    httpUrl,
    z
      .string()
      .trim()
      .regex(/^\/[\w\-./?=&%]{1,300}$/, 'is not a page path'),
  ],
  {
    error: 'must be a web address starting with http:// or https://, or an app page path starting with /',
  },
);
/** An image saved by POST /api/admin/file/upload (or /api/file/upload). */
export const uploadedImagePath = z
  .string({ error: 'is required: upload an image first' })
  .trim()
  .regex(/^\/uploads\/[\w\-./]{1,200}$/, 'must be the path of an uploaded image (upload it first)')
  .refine((p) => !p.includes('..'), 'must be the path of an uploaded image (upload it first)');

// ---------------------------------------------------------------------------------------------
// Dashboard (GET /api/admin/dashboard)

export const dashboardToday = z.object({
  cardsSubmitted: count,
  cardsPassed: count,
  cardsCredited: count,
  creditedFen: fenSchema,
  withdrawalsPaidCount: count,
  withdrawalsPaidFen: fenSchema,
  newUsers: count,
});
export const dashboardTrendDay = z.object({
  /** YYYY-MM-DD, an Asia/Shanghai calendar day. */
  date: z.string(),
  cardsSubmitted: count,
  cardsPassed: count,
  creditedFen: fenSchema,
  withdrawalsPaidFen: fenSchema,
  newUsers: count,
});
export const dashboardQueues = z.object({
  /** Cards a reviewer can decide now (the review queue, `queue=review` of the card list). */
  review: count,
  /** Cards under appeal. */
  appeals: count,
  /** Withdrawals waiting for a finance approval before they are paid. */
  withdrawalsAwaitingApproval: count,
  feedbackPending: count,
});
export const adminDashboard = z.object({
  today: dashboardToday,
  /** The last 14 days, oldest first, today last. */
  trend: z.array(dashboardTrendDay),
  queues: dashboardQueues,
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

// ---------------------------------------------------------------------------------------------
// Users (GET /api/admin/users, /users/:id, POST /users/:id/freeze, /users/:id/unfreeze)

const adminUserFilter = z.object({
  phone: phoneDigits.optional(),
  status: queryCodeSchema(accountStatusSchema).optional(),
  verified: queryBoolean.optional(),
});
export const adminUserQuery = adminUserFilter.extend(page);
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

export const adminUser = z.object({
  id,
  /** Null once the account is cancelled. */
  phone: z.string().nullable(),
  nickname: z.string(),
  status: accountStatusSchema,
  verified: z.boolean(),
  referrerId: id.nullable(),
  createdAt: isoTime,
  availableFen: fenSchema,
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserList = listOf(adminUser);

export const adminUserAccount = z.object({
  availableFen: fenSchema,
  heldFen: fenSchema,
  creditedTotalFen: fenSchema,
  withdrawnTotalFen: fenSchema,
  rebateTotalFen: fenSchema,
});
export const adminUserDetail = z.object({
  user: adminUser.omit({ availableFen: true }).extend({
    avatar: z.string().nullable(),
    gender: genderSchema,
    inviteCode: z.string(),
    /** Masked, e.g. 张*三. */
    realName: z.string().nullable(),
    /** Masked, e.g. 1101**********1234. */
    idNum: z.string().nullable(),
    realNameVerifiedAt: isoTime.nullable(),
    wechatBound: z.boolean(),
    alipayBound: z.boolean(),
  }),
  account: adminUserAccount,
  referrer: z.object({ id, phone: z.string().nullable() }).nullable(),
  refereeCount: count,
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminFreezeBody = z.object({ reason: text(200) });
export const adminUserStatusData = z.object({ id, status: accountStatusSchema });

// ---------------------------------------------------------------------------------------------
// Content (/api/admin/content/{banners,notices,broadcasts,faq}[/:id], /content/foundation)

export const adminBannerQuery = z.object({
  position: queryCodeSchema(bannerPositionSchema).optional(),
  ...page,
});
export const adminBannerBody = z.object({
  position: bannerPositionSchema,
  image: uploadedImagePath,
  /** The picture for English readers (banners carry words); none: they see the Chinese one. */
  imageEn: uploadedImagePath.nullable().default(null),
  link: contentLink.nullable().default(null),
  title: text(60),
  titleEn: englishText(60),
  sort: sort.default(0),
  enabled: enabled.default(true),
});
export type AdminBannerBody = z.infer<typeof adminBannerBody>;
/**
 * Editing a banner: a picture left out stays as it is, so a title is changed without uploading
 * again (the demo banners show pictures of ours, which are not uploads). `imageEn: null` removes
 * the English picture.
 */
export const adminBannerUpdateBody = adminBannerBody.extend({
  image: uploadedImagePath.optional(),
  imageEn: uploadedImagePath.nullable().optional(),
});
export type AdminBannerUpdateBody = z.infer<typeof adminBannerUpdateBody>;
export const adminBanner = z.object({
  id,
  position: bannerPositionSchema,
  image: z.string(),
  /** The image's address for display. */
  imageUrl: z.string(),
  imageEn: z.string().nullable(),
  link: z.string().nullable(),
  title: z.string(),
  titleEn: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: isoTime,
});
export type AdminBanner = z.infer<typeof adminBanner>;
export const adminBannerList = listOf(adminBanner);

export const adminContentQuery = z.object(page);

export const adminNoticeBody = z.object({
  title: text(100),
  titleEn: englishText(100),
  content: text(20_000),
  contentEn: englishText(20_000),
  pinned: z.boolean({ error: 'must be true or false' }).default(false),
  /** Left out: now for a new notice, unchanged for an edited one. Notices list newest first by it. */
  publishedAt: isoDateTime.optional(),
  enabled: enabled.default(true),
});
export type AdminNoticeBody = z.infer<typeof adminNoticeBody>;
export const adminNotice = z.object({
  id,
  title: z.string(),
  titleEn: z.string().nullable(),
  content: z.string(),
  contentEn: z.string().nullable(),
  pinned: z.boolean(),
  publishedAt: isoTime,
  enabled: z.boolean(),
});
export type AdminNotice = z.infer<typeof adminNotice>;
export const adminNoticeList = listOf(adminNotice);

export const adminBroadcastBody = z.object({
  text: text(100),
  textEn: englishText(100),
  sort: sort.default(0),
  enabled: enabled.default(true),
});
export type AdminBroadcastBody = z.infer<typeof adminBroadcastBody>;
export const adminBroadcast = z.object({
  id,
  text: z.string(),
  textEn: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: isoTime,
});
export type AdminBroadcast = z.infer<typeof adminBroadcast>;
export const adminBroadcastList = listOf(adminBroadcast);

export const adminFaqBody = z.object({
  question: text(200),
  questionEn: englishText(200),
  answer: text(5000),
  answerEn: englishText(5000),
  sort: sort.default(0),
  enabled: enabled.default(true),
});
export type AdminFaqBody = z.infer<typeof adminFaqBody>;
export const adminFaq = z.object({
  id,
  question: z.string(),
  questionEn: z.string().nullable(),
  answer: z.string(),
  answerEn: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminFaq = z.infer<typeof adminFaq>;
export const adminFaqList = listOf(adminFaq);

const optionalUrl = z.union([z.literal(''), contentLink], {
  error: 'must be empty, a web address starting with http:// or https://, or an app page path starting with /',
});
const platformLinks = z.object({ h5: optionalUrl, weapp: optionalUrl, alipay: optionalUrl });

const phoneNumber = z
  .string()
  .trim()
  .regex(/^[\d\-+ ]{0,20}$/, 'must be a phone number (digits, spaces, + and - only)');
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A mailing address is whole or absent: a parcel needs a recipient, a phone and an address. */
const adminMailingAddress = z
  .object({
    recipient: optionalText(40),
    recipientEn: optionalText(60),
    phone: phoneNumber,
    address: optionalText(200),
    addressEn: optionalText(300),
  })
  .refine(
    (a) => [a.recipient, a.phone, a.address].every(Boolean) || ![a.recipient, a.phone, a.address, a.recipientEn, a.addressEn].some(Boolean),
    {
      error: 'needs a recipient, a phone and an address, or nothing at all',
    },
  );

/** The foundation settings an operator sets (the version fields come from the release). */
export const adminFoundationBody = z.object({
  siteName: text(40),
  customerServiceUrl: platformLinks,
  appLaunchUrl: platformLinks,
  oldPlatformUrl: z.union([z.literal(''), httpUrl], { error: 'must be empty or a web address starting with http:// or https://' }),
  icp: z.string().trim().max(60, 'must be at most 60 characters'),
  servicePhone: phoneNumber,
  serviceHours: optionalText(60),
  // Left out, they stay as saved (a body written before they existed changes neither).
  weappContact: z.boolean({ error: 'must be true or false' }).optional(),
  mailingAddress: adminMailingAddress.optional(),
  rebateRateBp: rateBpSchema.max(REBATE_RATE_MAX_BP, 'must be 0 to 3000 basis points (0% to 30%)'),
});
export type AdminFoundationBody = z.infer<typeof adminFoundationBody>;

export const adminContentIdParams = z.object({ id: z.coerce.number().int().positive('must be a positive id') });

// ---------------------------------------------------------------------------------------------
// Admin image upload (POST /api/admin/file/upload, multipart field "file")

export const adminUploadData = z.object({ path: z.string(), url: z.string() });

// ---------------------------------------------------------------------------------------------
// Withdrawal channels (GET /api/admin/withdrawalChannels, PUT /api/admin/withdrawalChannels/:channel)

export const adminChannelParams = z.object({ channel: queryCodeSchema(payeeChannelSchema) });
export const adminChannelBody = z
  .object({
    minFen: positiveFenSchema,
    maxFen: positiveFenSchema,
    feeBp: rateBpSchema,
    feeMinFen: fenSchema,
    enabled: z.boolean({ error: 'must be true or false' }),
    autoPayout: z.boolean({ error: 'must be true or false' }),
  })
  .refine((b) => b.maxFen >= b.minFen, { path: ['maxFen'], message: 'must be at least the minimum (minFen)' });
export type AdminChannelBody = z.infer<typeof adminChannelBody>;

// ---------------------------------------------------------------------------------------------
// CSV exports (GET /api/admin/export/{cards,withdrawals,users}.csv): the lists' filters, no paging

const noPaging = { page: true, pageSize: true } as const;
export const adminCardExportQuery = adminCardQuery.omit(noPaging);
export const adminWithdrawalExportQuery = adminWithdrawalQuery.omit(noPaging);
export const adminUserExportQuery = adminUserFilter;
/** Most rows one export carries; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 50_000;
