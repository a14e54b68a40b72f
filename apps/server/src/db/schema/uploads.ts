import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { oneOf } from './enumCheck';

export const uploadPurposes = ['avatar', 'feedback'] as const;

/**
 * A user's uploaded image. Only its owner may attach it, and only where its purpose says;
 * `attachedAt` is set once an avatar or a feedback message names it, and an upload left
 * unattached for a day is deleted with its file.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: uploadPurposes }).notNull(),
    path: text('path').notNull(),
    /** Size of the stored (re-encoded) file. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_path_key').on(t.path),
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
    check('uploads_purpose_check', sql`${t.purpose} ${oneOf(uploadPurposes)}`),
    check('uploads_bytes_check', sql`${t.bytes} > 0`),
  ],
);
