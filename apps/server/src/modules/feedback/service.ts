import {
  Code,
  feedbackStatusTable,
  nicknameIn,
  type AdminFeedback,
  type FeedbackCategory,
  type FeedbackRecord,
  type FeedbackRecordList,
  type FeedbackStatus as FeedbackStatusCode,
  type Locale,
} from '@maika/shared';
import { offsetOf, type Page } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { recordAudit, type AdminAction } from '../audit';
import { FEEDBACK_DAILY_LIMIT } from '../../lib/limits';
import { attachUploads, ownedUploadPaths, displayUrl } from '../upload';
import {
  answerFeedback,
  findAdminFeedback,
  findUserFeedback,
  insertFeedback,
  listAdminFeedback,
  listUserFeedback,
  type AdminFeedbackFilter,
  type AdminFeedbackRow,
  type FeedbackRow,
} from './repo';

/** Only the author and support read a record, so only they get the images' signed addresses. */
export function toFeedbackRecord(deps: Deps, row: FeedbackRow): FeedbackRecord {
  return {
    id: row.id,
    category: row.category as FeedbackCategory,
    content: row.content,
    images: row.images,
    imageUrls: row.images.map((path) => displayUrl(deps, path)),
    contact: row.contact,
    status: row.status as FeedbackStatusCode,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function addFeedback(
  deps: Deps,
  userId: number,
  input: { category: FeedbackCategory; content: string; images: string[]; contact?: string },
): Promise<{ id: number }> {
  // Only the caller's own feedback uploads: another user's image is "not found", as it is to them.
  const owned = await ownedUploadPaths(deps.database.db, userId, 'feedback', input.images);
  for (const [index, path] of input.images.entries()) {
    if (!owned.has(path)) throw new AppError(Code.FeedbackImageMissing, { index: index + 1 });
  }
  // Counted after the checks above, so a refused message does not use up the day.
  if ((await deps.limits.feedbackDaily.take(String(userId))) !== null) {
    throw new AppError(Code.FeedbackDailyLimit, { limit: FEEDBACK_DAILY_LIMIT });
  }
  const id = await deps.database.db.transaction(async (tx) => {
    await attachUploads(tx, userId, input.images);
    return insertFeedback(tx, {
      userId,
      category: input.category,
      content: input.content,
      images: input.images,
      contact: input.contact || null,
    });
  });
  return { id };
}

export async function getFeedbackRecords(deps: Deps, userId: number, page: Page): Promise<FeedbackRecordList> {
  const { list, total } = await listUserFeedback(deps.database.db, userId, page.pageSize, offsetOf(page));
  return { list: list.map((row) => toFeedbackRecord(deps, row)), total };
}

export async function getFeedbackDetail(deps: Deps, userId: number, id: number): Promise<FeedbackRecord> {
  const row = await findUserFeedback(deps.database.db, userId, id);
  if (!row) throw notFound('thing.feedback');
  return toFeedbackRecord(deps, row);
}

// ---------------------------------------------------------------------------------------------
// Back office

const toAdminFeedback = (deps: Deps, r: AdminFeedbackRow, locale: Locale): AdminFeedback => ({
  ...toFeedbackRecord(deps, r.row),
  userId: r.row.userId,
  userPhone: r.userPhone,
  userNickname: nicknameIn({ nickname: r.userNickname, phone: r.userPhone }, locale),
  repliedBy: r.repliedBy,
});

export async function getAdminFeedbackList(deps: Deps, query: AdminFeedbackFilter & Page, locale: Locale) {
  const { list, total } = await listAdminFeedback(deps.database.db, query, query.pageSize, offsetOf(query));
  return { list: list.map((r) => toAdminFeedback(deps, r, locale)), total };
}

export async function getAdminFeedback(deps: Deps, id: number, locale: Locale): Promise<AdminFeedback> {
  const row = await findAdminFeedback(deps.database.db, id);
  if (!row) throw notFound('thing.feedback');
  return toAdminFeedback(deps, row, locale);
}

/** One answer per feedback: a second reply is refused rather than silently replacing what the user read. */
export async function replyToFeedback(
  deps: Deps,
  id: number,
  answer: { reply: string; status: FeedbackStatusCode; adminId: number },
  locale: Locale,
  audit?: AdminAction,
): Promise<AdminFeedback> {
  const answered = await deps.database.db.transaction(async (tx) => {
    const done = await answerFeedback(tx, id, answer);
    if (done) await recordAudit(tx, audit);
    return done;
  });
  if (!answered) {
    const existing = await findAdminFeedback(deps.database.db, id);
    if (!existing) throw notFound('thing.feedback');
    const label = feedbackStatusTable.values.find((v) => v.code === existing.row.status)?.label;
    throw new AppError(Code.FeedbackAlreadyAnswered, {
      status: label ? `${label['zh-CN']} / ${label['en-US']}` : String(existing.row.status),
    });
  }
  return getAdminFeedback(deps, id, locale);
}
