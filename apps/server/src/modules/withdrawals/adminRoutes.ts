import {
  adminAdjustBody,
  adminAdjustData,
  adminReasonBody,
  adminWithdrawalDetail,
  adminWithdrawalList,
  adminWithdrawalQuery,
  idParams,
  ledgerCheckReport,
  ledgerEntryList,
  ledgerEntryQuery,
  rolesFor,
} from '@maika/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { offsetOf } from '../../db/page';
import { envelope, localeOf, ok } from '../../http/envelope';
import { auditOf, type AdminAction } from '../audit';
import {
  adjustBalance,
  approveWithdrawal,
  failWithdrawal,
  getAdminWithdrawal,
  listAdminWithdrawals,
  markPaidOffline,
  retryWithdrawal,
} from './adminService';
import { inLanguage } from './service';
import { checkLedger, listUserEntries } from '../ledger';

const tags = ['Admin money'];
const security = [{ admin: [] }];
const roles: readonly AdminRole[] = rolesFor('withdrawals', 'approve');

/** Withdrawals, approvals, balance adjustments and the ledger: finance and administrators only. */
export default async function adminMoneyRoutes(app: AppInstance) {
  const { deps } = app;
  const db = deps.database.db;
  const detail = async (id: number, request: FastifyRequest) => ok(inLanguage(await getAdminWithdrawal(deps, id), localeOf(request)));

  app.get('/api/admin/withdrawals', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'Withdrawals by status, user phone and date',
      querystring: adminWithdrawalQuery,
      response: { 200: envelope(adminWithdrawalList) },
    },
    handler: async (request) => {
      const { list, total } = await listAdminWithdrawals(deps, request.query);
      const locale = localeOf(request);
      return ok({ list: list.map((w) => inLanguage(w, locale)), total });
    },
  });

  app.get('/api/admin/withdrawals/:id', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'One withdrawal with the full payee details and approvals',
      params: idParams,
      response: { 200: envelope(adminWithdrawalDetail) },
    },
    handler: async (request) => detail(request.params.id, request),
  });

  const write = (
    path: string,
    audit: string,
    summary: string,
    run: (id: number, request: { body: unknown; adminId: number; audit?: AdminAction }) => Promise<void>,
    body?: z.ZodType,
  ) => {
    app.post(`/api/admin/withdrawals/:id/${path}`, {
      config: { roles, audit },
      schema: { tags, security, summary, params: idParams, ...(body ? { body } : {}), response: { 200: envelope(adminWithdrawalDetail) } },
      handler: async (request) => {
        await run(request.params.id, {
          body: request.body,
          adminId: request.admin!.id,
          audit: auditOf(request, { type: 'withdrawal', id: request.params.id }),
        });
        return detail(request.params.id, request);
      },
    });
  };
  const reasonOf = (body: unknown) => (body as z.infer<typeof adminReasonBody>).reason;

  write('approve', 'withdrawal.approve', 'Approve (above the threshold: a second, different finance account too)', (id, r) =>
    approveWithdrawal(deps, id, r.adminId, r.audit),
  );
  write(
    'reject',
    'withdrawal.reject',
    'Reject; the held amount returns to the user',
    (id, r) => failWithdrawal(deps, id, 'reject', reasonOf(r.body), r.audit),
    adminReasonBody,
  );
  write('offlinePaid', 'withdrawal.offlinePaid', 'Finance paid it by hand (after approval)', (id, r) => markPaidOffline(deps, id, r.audit));
  write(
    'offlineFailed',
    'withdrawal.offlineFailed',
    'The offline payment failed; the held amount returns to the user',
    (id, r) => failWithdrawal(deps, id, 'offlineFailed', reasonOf(r.body), r.audit),
    adminReasonBody,
  );
  write('retry', 'withdrawal.retry', 'Pay a failed withdrawal again (holds the amount again)', (id, r) =>
    retryWithdrawal(deps, id, r.audit),
  );

  app.post('/api/admin/users/:id/adjust', {
    config: { roles: rolesFor('users', 'adjust'), audit: 'ledger.adjust' },
    schema: {
      tags,
      security,
      summary: "Correct a user's available balance (±) against platform clearing",
      params: idParams,
      body: adminAdjustBody,
      response: { 200: envelope(adminAdjustData) },
    },
    handler: async (request) => {
      return ok(
        await adjustBalance(
          deps,
          request.params.id,
          request.body,
          request.admin!.id,
          auditOf(request, { type: 'user', id: request.params.id }),
        ),
      );
    },
  });

  app.get('/api/admin/users/:id/ledger', {
    config: { roles: rolesFor('users', 'ledger') },
    schema: {
      tags,
      security,
      summary: "A user's ledger entries, newest first",
      params: idParams,
      querystring: ledgerEntryQuery,
      response: { 200: envelope(ledgerEntryList) },
    },
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const { list, total } = await listUserEntries(db, request.params.id, pageSize, offsetOf({ page, pageSize }));
      return ok({ list: list.map((e) => ({ ...e, createdAt: new Date(e.createdAt).toISOString() })), total });
    },
  });

  app.get('/api/admin/ledger/check', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'Verify every ledger invariant (same as npm run ledger:check)',
      response: { 200: envelope(ledgerCheckReport) },
    },
    handler: async () => ok(await checkLedger(db)),
  });
}
