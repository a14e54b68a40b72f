import { adminDeclineBody, adminSecondApprovalList, adminSecondApprovalQuery, idParams, rolesFor } from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { envelope, ok } from '../../http/envelope';
import { approveRequest, declineRequest, listApprovalRequests } from './approvals';
import { auditOf } from '../audit';

const tags = ['Admin approvals'];
const security = [{ admin: [] }];
// Each request's kind narrows this further (service.ts): reviewers decide cards, finance money.
const roles: readonly AdminRole[] = rolesFor('approvals', 'approve');

/** The queue of decisions waiting for a second, different operator. */
export default async function adminApprovalRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/approvals', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'Requests waiting for (or decided by) a second operator, with who asked',
      querystring: adminSecondApprovalQuery,
      response: { 200: envelope(adminSecondApprovalList) },
    },
    handler: async (request) => ok(await listApprovalRequests(deps, request.query)),
  });

  app.post('/api/admin/approvals/:id/approve', {
    config: { roles, audit: 'approval.approve' },
    schema: {
      tags,
      security,
      summary: 'Approve as the second, different operator: the card passes or the adjustment is posted',
      params: idParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await approveRequest(deps, request.params.id, request.admin!, auditOf(request, { type: 'approval', id: request.params.id }));
      return ok(null);
    },
  });

  app.post('/api/admin/approvals/:id/decline', {
    config: { roles, audit: 'approval.decline' },
    schema: {
      tags,
      security,
      summary: 'Decline with a reason; nothing is changed',
      params: idParams,
      body: adminDeclineBody,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await declineRequest(
        deps,
        request.params.id,
        request.admin!,
        request.body.reason,
        auditOf(request, { type: 'approval', id: request.params.id }),
      );
      return ok(null);
    },
  });
}
