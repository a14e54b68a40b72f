import {
  adminCardExportQuery,
  adminUserExportQuery,
  adminWithdrawalExportQuery,
  Code,
  EXPORT_MAX_ROWS,
  type Locale,
  rolesFor,
} from '@maika/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { AppError, localeOf } from '../../http/envelope';
import { fileStamp, toCsv, type Column } from '../../lib/csv';
import { listAdminWithdrawals, withdrawalColumns } from '../withdrawals';
import { cardColumns, listCardsForReview } from '../cards';
import { adminUserFilter, listAdminUsers, toAdminUser, userColumns } from '../accounts';
import { auditOf, recordAudit } from '../audit';

const tags = ['Admin export'];
const security = [{ admin: [] }];
const all = { page: 1, pageSize: EXPORT_MAX_ROWS };

interface Export<Q extends z.ZodType, T> {
  name: 'cards' | 'withdrawals' | 'users';
  roles: readonly AdminRole[];
  query: Q;
  columns: readonly Column<T>[];
  rows(query: z.infer<Q>, locale: Locale): Promise<{ list: T[]; total: number }>;
}

/**
 * The lists as CSV files, with the lists' filters and roles. Each export is audited with its
 * filters and row count; one that would exceed EXPORT_MAX_ROWS is refused rather than cut short.
 */
export default async function adminExportRoutes(app: AppInstance) {
  const { deps } = app;

  register(app, {
    name: 'cards',
    roles: rolesFor('cards', 'export'),
    query: adminCardExportQuery,
    columns: cardColumns,
    rows: (q) => listCardsForReview(deps, { ...q, ...all }),
  });
  register(app, {
    name: 'withdrawals',
    roles: rolesFor('withdrawals', 'export'),
    query: adminWithdrawalExportQuery,
    columns: withdrawalColumns,
    rows: (q) => listAdminWithdrawals(deps, { ...q, ...all }),
  });
  register(app, {
    name: 'users',
    roles: rolesFor('users', 'export'),
    query: adminUserExportQuery,
    columns: userColumns,
    rows: async (q, locale) => {
      const { list, total } = await listAdminUsers(deps.database.db, adminUserFilter(q), EXPORT_MAX_ROWS, 0);
      return { list: list.map((row) => toAdminUser(row, locale)), total };
    },
  });
}

function register<Q extends z.ZodType, T>(app: AppInstance, e: Export<Q, T>) {
  app.get(`/api/admin/export/${e.name}.csv`, {
    config: { roles: e.roles, audit: `export.${e.name}` },
    schema: {
      tags,
      security,
      summary: `The ${e.name} list as CSV (UTF-8 with BOM, money in yuan, at most ${EXPORT_MAX_ROWS} rows)`,
      querystring: e.query,
      produces: ['text/csv'],
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as z.infer<Q>;
      const locale: Locale = localeOf(request);
      const { list, total } = await e.rows(query, locale);
      if (total > EXPORT_MAX_ROWS) throw new AppError(Code.ExportTooLarge, { count: total, max: EXPORT_MAX_ROWS });
      // Recorded before a single row leaves.
      await recordAudit(
        app.deps.database.db,
        auditOf(request, { type: 'export', id: e.name, detail: { filter: query, rows: list.length } }),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${e.name}-${fileStamp()}.csv"`)
        .send(toCsv(e.columns, list, locale));
    },
  });
}
