import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { changeUserStatus, getUserDetail, listUsers } from './adminService';

const tags = ['Admin users'];
const calls = contract.users;

/**
 * Users: support and finance read them, support freezes them. A user's cards, withdrawals and
 * referees come from those lists filtered by userId / referrerId.
 */
export default async function adminUserRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.adminList, {
    tags,
    summary: 'Users by phone, status and real-name verification, newest first',
    handler: async (request) => ok(await listUsers(deps, request.query, localeOf(request))),
  });

  route(app, calls.adminDetail, {
    tags,
    summary: 'One user: profile (real name masked), balances, referrer, referee count',
    handler: async (request) => ok(await getUserDetail(deps, request.params.id, localeOf(request))),
  });

  route(app, calls.freeze, {
    tags,
    summary: 'Freeze: every session ends; no login, no withdrawal until unfrozen',
    audit: 'user.freeze',
    handler: async (request) => {
      const audit = auditOf(request, { type: 'user', id: request.params.id });
      return ok(await changeUserStatus(deps, request.params.id, 'freeze', audit, request.body.reason));
    },
  });

  route(app, calls.unfreeze, {
    tags,
    summary: 'Unfreeze: the user may log in again',
    audit: 'user.unfreeze',
    handler: async (request) => {
      return ok(await changeUserStatus(deps, request.params.id, 'unfreeze', auditOf(request, { type: 'user', id: request.params.id })));
    },
  });
}
