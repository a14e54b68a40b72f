import { Code } from '@maika/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminRole } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { findAdminSession, insertAudit } from './repo';
import { adminTokenHash } from './service';

export interface AdminPrincipal {
  sessionId: number;
  id: number;
  username: string;
  role: AdminRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on an admin route; 'public' only for the login route. Required on every admin route. */
    roles?: readonly AdminRole[] | 'public';
    /** Name of the audit action; every admin write has one. */
    audit?: string;
  }
  interface FastifyRequest {
    admin?: AdminPrincipal;
    /** What a handler adds to its audit entry: the target and, where useful, before/after. */
    auditTarget?: { type: string; id: string | number; detail?: unknown };
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

const SECRET_FIELDS = /password|token|secret|cardPwd|cardNo|idNum/i;

/**
 * Guards every /api/admin route: a route without a `roles` list cannot be registered (fail closed),
 * a write without an `audit` name neither; each successful write leaves an audit entry.
 *
 * Register it on the root instance before any route plugin: `onRoute` only sees routes registered
 * after it and inside its own encapsulation context, so an admin route added by another plugin
 * would otherwise escape the check.
 */
export function registerAdminGuard(app: FastifyInstance & { deps: Deps }, table: AdminRouteEntry[] = adminRouteTable): void {
  app.addHook('onRoute', (route) => {
    if (!isAdminUrl(route.url)) return;
    const config = route.config as { roles?: readonly AdminRole[] | 'public'; audit?: string } | undefined;
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
    if (writes && config.roles !== 'public' && !config.audit) throw new Error(`Admin write ${route.method} ${route.url} declares no audit action`);
  });

  // onRequest, before the body is parsed or validated: someone without a session learns nothing
  // about a route's schema, and an unauthorised body is never even read.
  app.addHook('onRequest', async (request) => {
    if (!isAdminUrl(request.routeOptions.url)) return;
    const roles = request.routeOptions.config.roles;
    if (roles === 'public') return;
    const admin = await authenticate(app.deps, request);
    if (!roles?.includes(admin.role)) throw new AppError(Code.AdminForbidden);
    request.admin = admin;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const action = request.routeOptions.config?.audit;
    if (!action || request.failed || reply.statusCode !== 200 || !request.admin) return payload;
    await insertAudit(app.deps.database.db, {
      adminId: request.admin.id,
      action,
      targetType: request.auditTarget?.type ?? null,
      targetId: request.auditTarget ? String(request.auditTarget.id) : null,
      detail: {
        params: request.params,
        body: withoutSecrets(request.body),
        ...(request.auditTarget?.detail ? { change: withoutSecrets(request.auditTarget.detail) } : {}),
      },
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
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
  return { sessionId: session.sessionId, id: session.id, username: session.username, role: session.role };
}

/** Secrets anywhere in a body (nested objects, lists of cards) are replaced before the audit stores it. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (!value || typeof value !== 'object') return value;
  if (depth > 8) return '[truncated]';
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : withoutSecrets(v, depth + 1)]),
  );
}
