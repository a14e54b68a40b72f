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
  add: { body: feedbackAddBody, answer: feedbackAddData },
  records: { query: feedbackRecordsQuery, answer: feedbackRecordList },
  detail: { query: feedbackDetailQuery, answer: feedbackRecord },
  adminList: { query: adminFeedbackQuery, answer: adminFeedbackList },
  adminDetail: { params: idParams, answer: adminFeedback },
  reply: { params: idParams, body: adminFeedbackReplyBody, answer: adminFeedback },
});
