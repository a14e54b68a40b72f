/**
 * Feedback: the feedback and feedbackRecord pages (/api/feedback/*) and the back office's
 * answers (/api/admin/feedback). Categories and statuses are the tables in ../enums.
 */
import { z } from 'zod';
import { FeedbackStatus } from '../enums';
import { feedbackCategorySchema, feedbackStatusSchema, queryCodeSchema } from '../enumSchemas';
import {
  adminDateFilter,
  pageFields,
  idSchema as id,
  queryIdSchema as queryId,
  isoTimeSchema as isoTime,
  phoneDigitsSchema as phoneDigits,
} from './common';

const page = pageFields();

/** docs/product.md "Input limits": 140 characters, 9 images. */
export const FEEDBACK_CONTENT_MAX = 140;
export const FEEDBACK_IMAGES_MAX = 9;
export const FEEDBACK_CONTACT_MAX = 50;
export const FEEDBACK_REPLY_MAX = 500;

/** The shape of a path /api/file/upload?purpose=feedback returns: a private file, never served as is. */
export const FEEDBACK_UPLOAD_PATH_PATTERN = /^\/private\/feedback\/\d{4}-\d{2}\/[0-9a-f-]{36}\.(?:jpg|png|gif|webp)$/u;

// ---------------------------------------------------------------------------------------------
// POST /api/feedback/add

export const feedbackAddBody = z.object({
  category: feedbackCategorySchema,
  content: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty: describe the problem')
    .max(FEEDBACK_CONTENT_MAX, `must be at most ${FEEDBACK_CONTENT_MAX} characters`),
  images: z
    .array(z.string().regex(FEEDBACK_UPLOAD_PATH_PATTERN, 'must be a path returned by /api/file/upload?purpose=feedback'))
    .max(FEEDBACK_IMAGES_MAX, `must have at most ${FEEDBACK_IMAGES_MAX} images`)
    .default([]),
  /** Phone, WeChat id or e-mail for a reply outside the app; empty means none. */
  contact: z.string().trim().max(FEEDBACK_CONTACT_MAX, `must be at most ${FEEDBACK_CONTACT_MAX} characters`).optional(),
});
export type FeedbackAddBody = z.input<typeof feedbackAddBody>;
export const feedbackAddData = z.object({ id });

// ---------------------------------------------------------------------------------------------
// GET /api/feedback/records?page=&pageSize=, GET /api/feedback/detail?id=

export const feedbackRecordsQuery = z.object(page);
export const feedbackDetailQuery = z.object({ id: queryId });

export const feedbackRecord = z.object({
  id,
  category: feedbackCategorySchema,
  content: z.string(),
  /** Server-relative paths (`/uploads/...`), in the order given. */
  images: z.array(z.string()),
  /** Where to show each image: short-lived signed addresses, issued only to the author and to support. */
  imageUrls: z.array(z.string()),
  contact: z.string().nullable(),
  status: feedbackStatusSchema,
  reply: z.string().nullable(),
  repliedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type FeedbackRecord = z.infer<typeof feedbackRecord>;
export const feedbackRecordList = z.object({ list: z.array(feedbackRecord), total: z.number().int() });
export type FeedbackRecordList = z.infer<typeof feedbackRecordList>;

// ---------------------------------------------------------------------------------------------
// Back office: GET /api/admin/feedback, GET /api/admin/feedback/:id, POST /api/admin/feedback/:id/reply

export const adminFeedbackQuery = z.object({
  status: queryCodeSchema(feedbackStatusSchema).optional(),
  category: queryCodeSchema(feedbackCategorySchema).optional(),
  phone: phoneDigits.optional(),
  from: adminDateFilter.optional(),
  to: adminDateFilter.optional(),
  ...page,
});
export const adminFeedback = feedbackRecord.extend({
  userId: id,
  userPhone: z.string().nullable(),
  userNickname: z.string(),
  repliedBy: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof adminFeedback>;
export const adminFeedbackList = z.object({ list: z.array(adminFeedback), total: z.number().int() });

export const adminFeedbackReplyBody = z.object({
  reply: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty: write the answer the user will read')
    .max(FEEDBACK_REPLY_MAX, `must be at most ${FEEDBACK_REPLY_MAX} characters`),
  status: z.union([z.literal(FeedbackStatus.Accepted), z.literal(FeedbackStatus.Rejected)], {
    error: 'must be 1 (accepted) or 2 (rejected)',
  }),
});
