import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { bannerPositionTable, richTextPointTable } from '@maika/shared';
import { codesBetween } from './enumCheck';

export const banners = pgTable(
  'banners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    // English versions of operator-written text: null serves the Chinese to English readers too.
    titleEn: text('title_en'),
    image: text('image').notNull(),
    // Banner pictures carry their words: English readers get this one when there is one.
    imageEn: text('image_en'),
    link: text('link'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banners_position_idx').on(t.position, t.sort),
    check('banners_position_check', sql`${t.position} ${codesBetween(bannerPositionTable.codes)}`),
  ],
);

export const notices = pgTable('notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  titleEn: text('title_en'),
  content: text('content').notNull(),
  contentEn: text('content_en'),
  pinned: boolean('pinned').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const broadcasts = pgTable('broadcasts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  text: text('text').notNull(),
  textEn: text('text_en'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rich-text templates by point 1..10; `version` names the served file so clients never see a stale copy. */
export const richTexts = pgTable(
  'rich_texts',
  {
    point: smallint('point').primaryKey(),
    html: text('html').notNull(),
    htmlEn: text('html_en'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('rich_texts_point_check', sql`${t.point} ${codesBetween(richTextPointTable.codes)}`)],
);

export const faqs = pgTable('faqs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  question: text('question').notNull(),
  questionEn: text('question_en'),
  answer: text('answer').notNull(),
  answerEn: text('answer_en'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Site-wide settings (foundation data, rebate rate, ...) as one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
