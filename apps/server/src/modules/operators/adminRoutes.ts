import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { offsetOf } from '../../db/page';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { listOutbox } from '../otp';
import { findRichText, saveRichTextTemplate } from '../content';
import { auditOf, inAuditedTransaction } from '../audit';
import { listAdmins, listAudit, revokeAdminSession } from './repo';
import { adminLogin, toAdminAccount, toAdminChange } from './service';
import { confirmEnrolment, startEnrolment } from './twoFactorService';
import {
  changeOperatorAccount,
  completeOperatorSetup,
  createOperatorAccount,
  resetOperatorPassword,
  resetOperatorTwoFactor,
} from './accountService';

const tags = ['Admin'];
const calls = contract.operators;

/**
 * The back-office API. Every route's roles come from its contract entry and every write names its
 * audit action; the guard (registered on the root in app.ts) enforces both.
 */
export default async function adminOperatorRoutes(app: AppInstance) {
  const { deps } = app;
  const db = deps.database.db;

  route(app, calls.login, {
    tags,
    summary:
      'Operator login; returns a bearer token. With two-factor login on, 1420 asks for `otp` (the 6-digit code or a recovery code); an admin or finance operator without it gets a session that may only enrol',
    handler: async (request) => {
      const { username, password, otp } = request.body;
      return ok(
        await adminLogin(
          deps,
          username,
          password,
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, log: request.log },
          otp,
        ),
      );
    },
  });

  route(app, calls.setup, {
    tags,
    summary:
      'The operator behind a set-up link chooses their password (at least 12 characters); the code works once, until it expires (OPERATOR_SETUP_HOURS)',
    handler: async (request) => {
      const context = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      await completeOperatorSetup(deps, request.body.code, request.body.password, context);
      return ok(null);
    },
  });

  route(app, calls.logout, {
    tags,
    duringEnrolment: true,
    summary: 'End this operator session',
    audit: 'admin.logout',
    handler: async (request) => {
      await inAuditedTransaction(db, auditOf(request, { type: 'admin', id: request.admin!.id }), (tx) =>
        revokeAdminSession(tx, request.admin!.sessionId),
      );
      return ok(null);
    },
  });

  route(app, calls.me, {
    tags,
    duringEnrolment: true,
    summary: 'The operator behind the token',
    handler: async (request) => {
      const { id, username, role, twoFactorEnabled, enrolmentOnly } = request.admin!;
      return ok({ id, username, role, twoFactorEnabled, enrolmentRequired: enrolmentOnly });
    },
  });

  route(app, calls.setupTwoFactor, {
    tags,
    duringEnrolment: true,
    summary: 'A new TOTP secret with its QR code, on until confirmed with a code',
    audit: 'admin.twoFactor.setup',
    handler: async (request) => {
      const setup = await startEnrolment(deps, request.admin!.id, auditOf(request, { type: 'admin', id: request.admin!.id }));
      return ok(setup);
    },
  });

  route(app, calls.confirmTwoFactor, {
    tags,
    duringEnrolment: true,
    summary:
      'Turn two-factor login on with the first code; answers the recovery codes, once. When it is on already, `currentCode` (a code of the current app or a recovery code) is needed too, and the other sessions end',
    audit: 'admin.twoFactor.enable',
    handler: async (request) =>
      ok(await confirmEnrolment(deps, request.admin!.id, request.admin!.sessionId, request.body, auditOf(request))),
  });

  route(app, calls.resetTwoFactor, {
    tags,
    summary:
      "Turn another operator's two-factor login off (lost phone); their sessions end and admin or finance enrol again. With two active administrators it waits for the other's approval (`approvalId`)",
    audit: 'admin.twoFactor.reset',
    handler: async (request) =>
      ok(toAdminChange(await resetOperatorTwoFactor(deps, request.params.id, request.admin!.id, auditOf(request)))),
  });

  route(app, calls.resetPassword, {
    tags,
    summary:
      "End an operator's password and sessions; answers a one-time set-up code with which the operator chooses a new one. Another operator's waits for a second administrator's approval when there are two (`approvalId`; the approver gets the code)",
    audit: 'admin.resetPassword',
    handler: async (request) =>
      ok(toAdminChange(await resetOperatorPassword(deps, request.params.id, request.admin!.id, auditOf(request)))),
  });

  route(app, calls.admins, {
    tags,
    summary: 'Operator accounts',
    handler: async () => ok((await listAdmins(db)).map(toAdminAccount)),
  });

  route(app, calls.createAdmin, {
    tags,
    summary:
      'Create an operator account without a password; answers a one-time set-up code with which the operator chooses one. An approving role (admin, reviewer, finance) waits for a second administrator when there are two (`approvalId`; the approver gets the code)',
    audit: 'admin.create',
    handler: async (request) => ok(toAdminChange(await createOperatorAccount(deps, request.body, request.admin!.id, auditOf(request)))),
  });

  route(app, calls.updateAdmin, {
    tags,
    summary:
      'Change role or disable an operator. When there are two administrators, a new approving role, and disabling or demoting another administrator, wait for a second administrator (`approvalId`); disabling anyone else and enabling are done at once',
    audit: 'admin.update',
    handler: async (request) =>
      ok(toAdminChange(await changeOperatorAccount(deps, request.params.id, request.body, request.admin!.id, auditOf(request)))),
  });

  route(app, calls.audit, {
    tags,
    summary: 'Who did what, when, from where',
    handler: async (request) => {
      const { page, pageSize, ...filter } = request.query;
      const { list, total } = await listAudit(db, { ...filter, limit: pageSize, offset: offsetOf({ page, pageSize }) });
      return ok({ list: list.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), total });
    },
  });

  route(app, calls.smsOutbox, {
    tags,
    summary: 'Messages the SMS simulator sent',
    handler: async (request) => {
      const { page, pageSize, phone } = request.query;
      const { list, total } = await listOutbox(db, { phone, limit: pageSize, offset: offsetOf({ page, pageSize }) });
      return ok({ list: list.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })), total });
    },
  });

  route(app, contract.content.adminRichText, {
    tags,
    summary: 'The stored HTML of a rich-text point, for editing (htmlEn: the English version, empty when none)',
    handler: async (request) => {
      const row = await findRichText(db, request.query.point);
      return ok({ point: request.query.point, html: row?.html ?? '', htmlEn: row?.htmlEn ?? '', version: row?.version ?? 0 });
    },
  });

  route(app, contract.content.saveRichText, {
    tags,
    summary: 'Save a rich-text point (sanitised)',
    audit: 'content.richText.save',
    handler: async (request) => {
      return ok(
        await saveRichTextTemplate(
          deps,
          request.query.point,
          request.body.html,
          request.body.htmlEn,
          auditOf(request, { type: 'richText', id: request.query.point }),
        ),
      );
    },
  });
}
