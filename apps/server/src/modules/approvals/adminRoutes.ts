import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { approveRequest, declineRequest, listApprovalRequests, type ApprovalOwners } from './adminService';

const tags = ['Admin approvals'];
// Each request's kind narrows the entries' roles further (adminService.ts): reviewers decide cards, finance money.
const calls = contract.approvals;

/** The queue of decisions waiting for a second, different operator; `owners` carry out what is approved (routes.ts). */
export default async function adminApprovalRoutes(app: AppInstance, owners: ApprovalOwners) {
  const { deps } = app;

  route(app, calls.list, {
    tags,
    summary: 'Requests waiting for (or decided by) a second operator, with who asked',
    handler: async (request) => ok(await listApprovalRequests(deps, owners, request.query)),
  });

  route(app, calls.approve, {
    tags,
    summary:
      'Approve as the second, different operator: the card passes, the adjustment is posted or the operator account changes (a creation or a password reset answers its set-up code, shown once)',
    audit: 'approval.approve',
    handler: async (request) => {
      const { setup } = await approveRequest(
        deps,
        owners,
        request.params.id,
        request.admin!,
        auditOf(request, { type: 'approval', id: request.params.id }),
      );
      return ok({ setup: setup ? { ...setup, expiresAt: setup.expiresAt.toISOString() } : null });
    },
  });

  route(app, calls.decline, {
    tags,
    summary: 'Decline with a reason; nothing is changed',
    audit: 'approval.decline',
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
