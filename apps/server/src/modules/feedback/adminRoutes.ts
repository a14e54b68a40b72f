import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { getAdminFeedback, getAdminFeedbackList, replyToFeedback } from './service';

const tags = ['Admin feedback'];
const calls = contract.feedback;

/** Users' feedback and its one answer: customer support and administrators. */
export default async function adminFeedbackRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.adminList, {
    tags,
    summary: 'Feedback by status, category, user phone and date, newest first',
    handler: async (request) => ok(await getAdminFeedbackList(deps, request.query, localeOf(request))),
  });

  route(app, calls.adminDetail, {
    tags,
    summary: 'One feedback with its user and answer',
    handler: async (request) => ok(await getAdminFeedback(deps, request.params.id, localeOf(request))),
  });

  route(app, calls.reply, {
    tags,
    summary: 'Answer a pending feedback once: accepted (1) or rejected (2), with the reply the user reads',
    audit: 'feedback.reply',
    handler: async (request) => {
      return ok(
        await replyToFeedback(
          deps,
          request.params.id,
          { ...request.body, adminId: request.admin!.id },
          localeOf(request),
          auditOf(request, { type: 'feedback', id: request.params.id }),
        ),
      );
    },
  });
}
