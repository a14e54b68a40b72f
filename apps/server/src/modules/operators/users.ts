import { adminFreezeBody, adminUserDetail, adminUserList, adminUserQuery, adminUserStatusData, idParams, rolesFor } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { envelope, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { changeUserStatus, getUserDetail, listUsers } from './userService';

const tags = ['Admin users'];
const security = [{ admin: [] }];
const readers: readonly AdminRole[] = rolesFor('users', 'list');
const freezers: readonly AdminRole[] = rolesFor('users', 'freeze');

/**
 * Users: support and finance read them, support freezes them. A user's cards, withdrawals and
 * referees come from those lists filtered by userId / referrerId.
 */
export default async function adminUserRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/users', {
    config: { roles: readers },
    schema: {
      tags,
      security,
      summary: 'Users by phone, status and real-name verification, newest first',
      querystring: adminUserQuery,
      response: { 200: envelope(adminUserList) },
    },
    handler: async (request) => ok(await listUsers(deps, request.query)),
  });

  app.get('/api/admin/users/:id', {
    config: { roles: readers },
    schema: {
      tags,
      security,
      summary: 'One user: profile (real name masked), balances, referrer, referee count',
      params: idParams,
      response: { 200: envelope(adminUserDetail) },
    },
    handler: async (request) => ok(await getUserDetail(deps, request.params.id)),
  });

  app.post('/api/admin/users/:id/freeze', {
    config: { roles: freezers, audit: 'user.freeze' },
    schema: {
      tags,
      security,
      summary: 'Freeze: every session ends; no login, no withdrawal until unfrozen',
      params: idParams,
      body: adminFreezeBody,
      response: { 200: envelope(adminUserStatusData) },
    },
    handler: async (request) => {
      return ok(await changeUserStatus(deps, request.params.id, 'freeze', auditOf(request, { type: 'user', id: request.params.id })));
    },
  });

  app.post('/api/admin/users/:id/unfreeze', {
    config: { roles: freezers, audit: 'user.unfreeze' },
    schema: {
      tags,
      security,
      summary: 'Unfreeze: the user may log in again',
      params: idParams,
      response: { 200: envelope(adminUserStatusData) },
    },
    handler: async (request) => {
      return ok(await changeUserStatus(deps, request.params.id, 'unfreeze', auditOf(request, { type: 'user', id: request.params.id })));
    },
  });
}
