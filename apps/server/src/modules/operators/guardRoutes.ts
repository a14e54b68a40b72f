import { Code, type AuditAction } from '@maika/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminRole } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { recordAudit, withoutSecrets, type AdminAction } from '../audit';
import { findAdminSession } from './repo';
import { adminTokenHash } from './service';

export interface AdminPrincipal {
  sessionId: number;
  id: number;
  username: string;
  role: AdminRole;
  twoFactorEnabled: boolean;
  /** The session may only set up two-factor login: the role requires it and it is not on yet. */
  enrolmentOnly: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on an admin route; 'public' only for the login route. Required on every admin route. */
    roles?: readonly AdminRole[] | 'public';
    /** Name of the audit action, from the shared table of them; every admin write has one. */
    audit?: AuditAction;
    /** Open to a session that must set up two-factor login first (the enrolment routes, me, logout). */
    duringEnrolment?: boolean;
  }
  interface FastifyRequest {
    admin?: AdminPrincipal;
    /** The operator action of an audited route, for the service to record in its transaction. */
    audit?: AdminAction;
    /** Set by the error handler: the request ended in an error body, so it changed nothing to audit. */
    failed?: boolean;
  }
}

export interface AdminRouteEntry {
  method: string;
  url: string;
  roles: readonly AdminRole[] | 'public';
}

/** Every admin route with its roles, as registered; the role-guard test walks it. */
export const adminRouteTable: AdminRouteEntry[] = [];

export const ADMIN_PREFIX = '/api/admin';
const isAdminUrl = (url: string | undefined) => url === ADMIN_PREFIX || !!url?.startsWith(`${ADMIN_PREFIX}/`);

/**
 * Guards every /api/admin route: a route without a `roles` list cannot be registered (fail closed),
 * a write without an `audit` name neither; each successful write leaves an audit entry, written
 * by the service in the transaction of its change (audit/service.ts), so a crash between the change and
 * the answer never leaves a change without its entry.
 *
 * Register it on the root instance before any route plugin: `onRoute` only sees routes registered
 * after it and inside its own encapsulation context, so an admin route added by another plugin
 * would otherwise escape the check.
 */
export function registerAdminGuard(app: FastifyInstance & { deps: Deps }, table: AdminRouteEntry[] = adminRouteTable): void {
  app.addHook('onRoute', (route) => {
    if (!isAdminUrl(route.url)) return;
    const config = route.config as { roles?: readonly AdminRole[] | 'public'; audit?: AuditAction } | undefined;
    if (!config?.roles || (config.roles !== 'public' && config.roles.length === 0)) {
      throw new Error(`Admin route ${route.method} ${route.url} declares no roles`);
    }
    for (const method of [route.method].flat()) {
      // Building the app again (each test file does) must not list a route twice.
      const known = table.findIndex((e) => e.method === method && e.url === route.url);
      if (known >= 0) table.splice(known, 1);
      table.push({ method, url: route.url, roles: config.roles });
    }
    const writes = [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD');
    // The public login route writes its own audit entry, since no operator is known before it runs.
    if (writes && config.roles !== 'public' && !config.audit)
      throw new Error(`Admin write ${route.method} ${route.url} declares no audit action`);
  });

  // onRequest, before the body is parsed or validated: someone without a session learns nothing
  // about a route's schema, and an unauthorised body is never even read.
  app.addHook('onRequest', async (request) => {
    if (!isAdminUrl(request.routeOptions.url)) return;
    const roles = request.routeOptions.config.roles;
    if (roles === 'public') return;
    const admin = await authenticate(app.deps, request);
    if (!roles?.includes(admin.role)) throw new AppError(Code.AdminForbidden);
    if (admin.enrolmentOnly && !request.routeOptions.config.duringEnrolment) throw new AppError(Code.AdminEnrolmentRequired);
    request.admin = admin;
  });

  // After validation, so the action carries the parsed input.
  app.addHook('preHandler', async (request) => {
    const action = request.routeOptions.config?.audit;
    if (!action || !request.admin) return;
    request.audit = {
      adminId: request.admin.id,
      action,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      input: { params: request.params, ...(request.method === 'GET' ? { query: request.query } : {}), body: request.body },
      recorded: false,
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.audit;
    if (!audit || audit.recorded || request.failed || reply.statusCode !== 200) return payload;
    // A route that forgot to hand its action to the service: outside production that is a bug to
    // fix (the test suites catch it); in production the entry is still written, late, and logged.
    if (app.deps.config.NODE_ENV !== 'production')
      throw new Error(`Admin write ${request.method} ${request.routeOptions.url} did not record its audit entry`);
    request.log.error({ action: audit.action }, 'audit entry written after the change');
    await recordAudit(app.deps.database.db, audit);
    return payload;
  });
}

async function authenticate(deps: Deps, request: FastifyRequest): Promise<AdminPrincipal> {
  // RFC 9110: the scheme name is case-insensitive.
  const token = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new AppError(Code.AdminNotLoggedIn);
  const session = await findAdminSession(deps.database.db, adminTokenHash(deps, token));
  if (!session) throw new AppError(Code.AdminNotLoggedIn);
  if (session.disabledAt) throw new AppError(Code.AdminDisabled);
  return {
    sessionId: session.sessionId,
    id: session.id,
    username: session.username,
    role: session.role,
    twoFactorEnabled: session.twoFactorEnabled,
    enrolmentOnly: session.enrolmentOnly,
  };
}

export { withoutSecrets };
