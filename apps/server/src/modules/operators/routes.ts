import {
  adminAccount,
  adminCreateBody,
  adminLoginBody,
  adminLoginData,
  adminProfile,
  adminTotpConfirmBody,
  adminTotpConfirmData,
  adminTotpSetupData,
  adminUpdateBody,
  auditEntry,
  auditQuery,
  idParams,
  richTextQuery,
  richTextSaveBody,
  richTextData,
  rolesFor,
  smsOutboxAdminQuery,
} from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { offsetOf } from '../../db/page';
import { envelope, ok } from '../../http/envelope';
import { listOutbox } from '../otp';
import { findRichText, saveRichTextTemplate } from '../content';
import { auditOf, inAuditedTransaction } from '../audit';
import { listAdmins, listAudit, revokeAdminSession } from './repo';
import { adminLogin, changeAdmin, createAdmin, toAdminAccount } from './service';
import { confirmEnrolment, resetTwoFactor, startEnrolment } from './twoFactor';

const tags = ['Admin'];
const security = [{ admin: [] }];
const list = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

/**
 * The back-office API. Every route names its roles in `config.roles` and every write its
 * `config.audit` action; the guard (registered on the root in app.ts) enforces both.
 */
export default async function adminRoutes(app: AppInstance) {
  const { deps } = app;
  const db = deps.database.db;

  app.post('/api/admin/login', {
    config: { roles: 'public' },
    schema: {
      tags,
      summary:
        'Operator login; returns a bearer token. With two-factor login on, 1420 asks for `otp` (the 6-digit code or a recovery code); an admin or finance operator without it gets a session that may only enrol',
      body: adminLoginBody,
      response: { 200: envelope(adminLoginData) },
    },
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

  app.post('/api/admin/logout', {
    config: { roles: ['admin', 'reviewer', 'finance', 'support'], audit: 'admin.logout', duringEnrolment: true },
    schema: { tags, security, summary: 'End this operator session', response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await inAuditedTransaction(db, auditOf(request, { type: 'admin', id: request.admin!.id }), (tx) =>
        revokeAdminSession(tx, request.admin!.sessionId),
      );
      return ok(null);
    },
  });

  app.get('/api/admin/me', {
    config: { roles: ['admin', 'reviewer', 'finance', 'support'], duringEnrolment: true },
    schema: { tags, security, summary: 'The operator behind the token', response: { 200: envelope(adminProfile) } },
    handler: async (request) => {
      const { id, username, role, twoFactorEnabled, enrolmentOnly } = request.admin!;
      return ok({ id, username, role, twoFactorEnabled, enrolmentRequired: enrolmentOnly });
    },
  });

  app.post('/api/admin/twoFactor/setup', {
    config: { roles: ['admin', 'reviewer', 'finance', 'support'], duringEnrolment: true, audit: 'admin.twoFactor.setup' },
    schema: {
      tags,
      security,
      summary: 'A new TOTP secret with its QR code, on until confirmed with a code',
      response: { 200: envelope(adminTotpSetupData) },
    },
    handler: async (request) => {
      const setup = await startEnrolment(deps, request.admin!.id, auditOf(request, { type: 'admin', id: request.admin!.id }));
      return ok(setup);
    },
  });

  app.post('/api/admin/twoFactor/confirm', {
    config: { roles: ['admin', 'reviewer', 'finance', 'support'], duringEnrolment: true, audit: 'admin.twoFactor.enable' },
    schema: {
      tags,
      security,
      summary: 'Turn two-factor login on with the first code; answers the recovery codes, once',
      body: adminTotpConfirmBody,
      response: { 200: envelope(adminTotpConfirmData) },
    },
    handler: async (request) =>
      ok(await confirmEnrolment(deps, request.admin!.id, request.admin!.sessionId, request.body.code, auditOf(request))),
  });

  app.post('/api/admin/admins/:id/resetTwoFactor', {
    config: { roles: rolesFor('admins', 'edit'), audit: 'admin.twoFactor.reset' },
    schema: {
      tags,
      security,
      summary: "Turn another operator's two-factor login off (lost phone); their sessions end and admin or finance enrol again",
      params: idParams,
      response: { 200: envelope(adminAccount) },
    },
    handler: async (request) => ok(toAdminAccount(await resetTwoFactor(deps, request.params.id, request.admin!.id, auditOf(request)))),
  });

  app.get('/api/admin/admins', {
    config: { roles: rolesFor('admins', 'list') },
    schema: { tags, security, summary: 'Operator accounts', response: { 200: envelope(z.array(adminAccount)) } },
    handler: async () => ok((await listAdmins(db)).map(toAdminAccount)),
  });

  app.post('/api/admin/admins', {
    config: { roles: rolesFor('admins', 'create'), audit: 'admin.create' },
    schema: { tags, security, summary: 'Create an operator account', body: adminCreateBody, response: { 200: envelope(adminAccount) } },
    handler: async (request) => {
      const created = await createAdmin(deps, request.body.username, request.body.role, request.body.password, auditOf(request));
      return ok(toAdminAccount(created));
    },
  });

  app.patch('/api/admin/admins/:id', {
    config: { roles: rolesFor('admins', 'edit'), audit: 'admin.update' },
    schema: {
      tags,
      security,
      summary: 'Change role, password or disable an operator',
      params: idParams,
      body: adminUpdateBody,
      response: { 200: envelope(adminAccount) },
    },
    handler: async (request) => {
      const updated = await changeAdmin(deps, request.params.id, request.body, auditOf(request, { type: 'admin', id: request.params.id }));
      return ok(toAdminAccount(updated));
    },
  });

  app.get('/api/admin/audit', {
    config: { roles: rolesFor('audit', 'list') },
    schema: {
      tags,
      security,
      summary: 'Who did what, when, from where',
      querystring: auditQuery,
      response: { 200: envelope(list(auditEntry)) },
    },
    handler: async (request) => {
      const { page, pageSize, ...filter } = request.query;
      const { list, total } = await listAudit(db, { ...filter, limit: pageSize, offset: offsetOf({ page, pageSize }) });
      return ok({ list: list.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), total });
    },
  });

  app.get('/api/admin/smsOutbox', {
    config: { roles: rolesFor('smsOutbox', 'list') },
    schema: {
      tags,
      security,
      summary: 'Messages the SMS simulator sent',
      querystring: smsOutboxAdminQuery,
      response: {
        200: envelope(list(z.object({ id: z.number(), phone: z.string(), code: z.string(), purpose: z.string(), sentAt: z.string() }))),
      },
    },
    handler: async (request) => {
      const { page, pageSize, phone } = request.query;
      const { list, total } = await listOutbox(db, { phone, limit: pageSize, offset: offsetOf({ page, pageSize }) });
      return ok({ list: list.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })), total });
    },
  });

  app.get('/api/admin/content/richText', {
    config: { roles: rolesFor('content/richText', 'show') },
    schema: {
      tags,
      security,
      summary: 'The stored HTML of a rich-text point, for editing (htmlEn: the English version, empty when none)',
      querystring: richTextQuery,
      response: { 200: envelope(z.object({ point: z.number(), html: z.string(), htmlEn: z.string(), version: z.number() })) },
    },
    handler: async (request) => {
      const row = await findRichText(db, request.query.point);
      return ok({ point: request.query.point, html: row?.html ?? '', htmlEn: row?.htmlEn ?? '', version: row?.version ?? 0 });
    },
  });

  app.put('/api/admin/content/richText', {
    config: { roles: rolesFor('content/richText', 'edit'), audit: 'content.richText.save' },
    schema: {
      tags,
      security,
      summary: 'Save a rich-text point (sanitised)',
      querystring: richTextQuery,
      body: richTextSaveBody,
      response: { 200: envelope(richTextData) },
    },
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
