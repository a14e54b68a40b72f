import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { feedbackCategoryTable, FeedbackStatus, feedbackStatusTable, type FeedbackCategory } from '@maika/shared';
import { admins } from './operators';
import { users } from './users';
import { codesBetween } from './enumCheck';

/** A user's feedback (categories 1..10, status 0 pending, 1 accepted, 2 rejected: docs/product.md "Feedback") and its one answer. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    category: smallint('category').$type<FeedbackCategory>().notNull(),
    content: text('content').notNull(),
    /** Server-relative paths from /api/file/upload, in the order given. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contact: text('contact'),
    status: smallint('status').$type<FeedbackStatus>().notNull().default(FeedbackStatus.Pending),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: bigint('replied_by', { mode: 'number' }).references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.id),
    index('feedback_status_idx').on(t.status, t.createdAt),
    check('feedback_category_range', sql`${t.category} ${codesBetween(feedbackCategoryTable.codes)}`),
    check('feedback_status_range', sql`${t.status} ${codesBetween(feedbackStatusTable.codes)}`),
    check('feedback_images_max', sql`coalesce(array_length(${t.images}, 1), 0) <= 9`),
    // 0 is FeedbackStatus.Pending, written out: the migration's constraint is this SQL text.
    check('feedback_answered', sql`(${t.status} = 0) = (${t.reply} is null)`),
  ],
);
