import { adminReasonBody, contract, type AuditAction } from '@maika/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { offsetOf } from '../../db/page';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
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
import { inLanguage } from './view';
import { checkLedger, listUserEntries } from '../ledger';

const tags = ['Admin money'];
const calls = contract.withdrawals;
type WritePath = 'approve' | 'reject' | 'offlinePaid' | 'offlineFailed' | 'retry';

/** Withdrawals, approvals, balance adjustments and the ledger: finance and administrators only. */
export default async function adminWithdrawalRoutes(app: AppInstance) {
  const { deps } = app;
  const db = deps.database.db;
  const detail = async (id: number, request: FastifyRequest) => ok(inLanguage(await getAdminWithdrawal(deps, id), localeOf(request)));

  route(app, calls.adminList, {
    tags,
    summary: 'Withdrawals by status, user phone and date',
    handler: async (request) => {
      const { list, total } = await listAdminWithdrawals(deps, request.query);
      const locale = localeOf(request);
      return ok({ list: list.map((w) => inLanguage(w, locale)), total });
    },
  });

  route(app, calls.adminDetail, {
    tags,
    summary: 'One withdrawal with the full payee details and approvals',
    handler: async (request) => detail(request.params.id, request),
  });

  const write = (
    path: WritePath,
    audit: AuditAction,
    summary: string,
    run: (id: number, request: { body: unknown; adminId: number; audit?: AdminAction }) => Promise<void>,
  ) => {
    route(app, calls[path] as (typeof calls)[WritePath], {
      tags,
      summary,
      audit,
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
  write('reject', 'withdrawal.reject', 'Reject; the held amount returns to the user', (id, r) =>
    failWithdrawal(deps, id, 'reject', reasonOf(r.body), r.audit),
  );
  write('offlinePaid', 'withdrawal.offlinePaid', 'Finance paid it by hand (after approval)', (id, r) => markPaidOffline(deps, id, r.audit));
  write('offlineFailed', 'withdrawal.offlineFailed', 'The offline payment failed; the held amount returns to the user', (id, r) =>
    failWithdrawal(deps, id, 'offlineFailed', reasonOf(r.body), r.audit),
  );
  write('retry', 'withdrawal.retry', 'Pay a failed withdrawal again (holds the amount again)', (id, r) =>
    retryWithdrawal(deps, id, r.audit),
  );

  route(app, calls.adjust, {
    tags,
    summary: "Correct a user's available balance (±) against platform clearing",
    audit: 'ledger.adjust',
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

  route(app, calls.ledger, {
    tags,
    summary: "A user's ledger entries, newest first",
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const { list, total } = await listUserEntries(db, request.params.id, pageSize, offsetOf({ page, pageSize }));
      return ok({ list: list.map((e) => ({ ...e, createdAt: new Date(e.createdAt).toISOString() })), total });
    },
  });

  route(app, calls.ledgerCheck, {
    tags,
    summary: 'Verify every ledger invariant (same as npm run ledger:check)',
    handler: async () => ok(await checkLedger(db)),
  });
}
