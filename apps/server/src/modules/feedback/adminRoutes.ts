import { adminFeedback, adminFeedbackList, adminFeedbackQuery, adminFeedbackReplyBody, idParams, rolesFor } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { envelope, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { getAdminFeedback, getAdminFeedbackList, replyToFeedback } from './service';

const tags = ['Admin feedback'];
const security = [{ admin: [] }];
const roles: readonly AdminRole[] = rolesFor('feedback', 'reply');

/** Users' feedback and its one answer: customer support and administrators. */
export default async function adminFeedbackRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/feedback', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'Feedback by status, category, user phone and date, newest first',
      querystring: adminFeedbackQuery,
      response: { 200: envelope(adminFeedbackList) },
    },
    handler: async (request) => ok(await getAdminFeedbackList(deps, request.query)),
  });

  app.get('/api/admin/feedback/:id', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'One feedback with its user and answer',
      params: idParams,
      response: { 200: envelope(adminFeedback) },
    },
    handler: async (request) => ok(await getAdminFeedback(deps, request.params.id)),
  });

  app.post('/api/admin/feedback/:id/reply', {
    config: { roles, audit: 'feedback.reply' },
    schema: {
      tags,
      security,
      summary: 'Answer a pending feedback once: accepted (1) or rejected (2), with the reply the user reads',
      params: idParams,
      body: adminFeedbackReplyBody,
      response: { 200: envelope(adminFeedback) },
    },
    handler: async (request) => {
      return ok(
        await replyToFeedback(
          deps,
          request.params.id,
          { ...request.body, adminId: request.admin!.id },
          auditOf(request, { type: 'feedback', id: request.params.id }),
        ),
      );
    },
  });
}
