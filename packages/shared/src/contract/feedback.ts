import { Code } from '../codes';
import { idParams } from '../api/admin';
import {
  adminFeedback,
  adminFeedbackList,
  adminFeedbackQuery,
  adminFeedbackReplyBody,
  feedbackAddBody,
  feedbackAddData,
  feedbackDetailQuery,
  feedbackRecord,
  feedbackRecordList,
  feedbackRecordsQuery,
} from '../api/feedback';
import { withSchemas } from './call';
import { feedbackCalls } from './calls/feedback';

export const feedbackContract = withSchemas(feedbackCalls, {
  add: { body: feedbackAddBody, answer: feedbackAddData, codes: [Code.FeedbackDailyLimit, Code.FeedbackImageMissing] },
  records: { query: feedbackRecordsQuery, answer: feedbackRecordList },
  detail: { query: feedbackDetailQuery, answer: feedbackRecord, codes: [Code.NotFound] },
  adminList: { query: adminFeedbackQuery, answer: adminFeedbackList },
  adminDetail: { params: idParams, answer: adminFeedback, codes: [Code.NotFound] },
  reply: { params: idParams, body: adminFeedbackReplyBody, answer: adminFeedback, codes: [Code.FeedbackAlreadyAnswered, Code.NotFound] },
});
