import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { addFeedback, getFeedbackDetail, getFeedbackRecords } from './service';

const tags = ['Feedback'];
const calls = contract.feedback;

export default async function feedbackRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.add, {
    tags,
    summary: 'Send feedback: category, 1 to 140 characters, up to 9 images from /api/file/upload, optional contact; 10 a day',
    handler: async (request) => ok(await addFeedback(deps, (await requireUser(deps, request)).userId, request.body)),
  });

  route(app, calls.records, {
    tags,
    summary: "The caller's feedback with the answers, newest first",
    handler: async (request) => ok(await getFeedbackRecords(deps, (await requireUser(deps, request)).userId, request.query)),
  });

  route(app, calls.detail, {
    tags,
    summary: "One of the caller's feedback with its answer",
    handler: async (request) => ok(await getFeedbackDetail(deps, (await requireUser(deps, request)).userId, request.query.id)),
  });
}
