import {
  feedbackAddBody,
  feedbackAddData,
  feedbackDetailQuery,
  feedbackRecord,
  feedbackRecordList,
  feedbackRecordsQuery,
} from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { addFeedback, getFeedbackDetail, getFeedbackRecords } from './service';

const tags = ['Feedback'];
const security = [{ token: [] }];

export default async function feedbackRoutes(app: AppInstance) {
  const { deps } = app;

  app.post('/api/feedback/add', {
    schema: {
      tags,
      security,
      summary: 'Send feedback: category, 1 to 140 characters, up to 9 images from /api/file/upload, optional contact; 10 a day',
      body: feedbackAddBody,
      response: { 200: envelope(feedbackAddData) },
    },
    handler: async (request) => ok(await addFeedback(deps, (await requireUser(deps, request)).userId, request.body)),
  });

  app.get('/api/feedback/records', {
    schema: {
      tags,
      security,
      summary: "The caller's feedback with the answers, newest first",
      querystring: feedbackRecordsQuery,
      response: { 200: envelope(feedbackRecordList) },
    },
    handler: async (request) => ok(await getFeedbackRecords(deps, (await requireUser(deps, request)).userId, request.query)),
  });

  app.get('/api/feedback/detail', {
    schema: {
      tags,
      security,
      summary: "One of the caller's feedback with its answer",
      querystring: feedbackDetailQuery,
      response: { 200: envelope(feedbackRecord) },
    },
    handler: async (request) => ok(await getFeedbackDetail(deps, (await requireUser(deps, request)).userId, request.query.id)),
  });
}
