import { Code } from '@maika/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app';
import type { AdminRole } from '../../db/schema';
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
    failed?: boolean;
  }
}

/** Every admin route with its roles, as registered; the role-guard test walks it. */
export const adminRouteTable: { method: string; url: string; roles: readonly AdminRole[] | 'public' }[] = [];

const SECRET_FIELDS = /password|token|secret|cardPwd|cardNo|idNum/i;

/**
 * Guards every /api/admin route: a route without a `roles` list cannot be registered (fail closed),
 * a write without an `audit` name neither; each successful write leaves an audit entry.
 */
export function registerAdminGuard(app: AppInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const config = route.config as { roles?: readonly AdminRole[] | 'public'; audit?: string } | undefined;
    if (!config?.roles) throw new Error(`Admin route ${route.method} ${route.url} declares no roles`);
    for (const method of [route.method].flat()) adminRouteTable.push({ method, url: route.url, roles: config.roles });
    const writes = [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD');
    // The public login route writes its own audit entry, since no operator is known before it runs.
    if (writes && config.roles !== 'public' && !config.audit) throw new Error(`Admin write ${route.method} ${route.url} declares no audit action`);
  });

  app.addHook('preHandler', async (request) => {
    const roles = request.routeOptions.config.roles;
    if (!request.url.startsWith('/api/admin') || roles === undefined || roles === 'public') return;
    const admin = await authenticate(app, request);
    if (!roles.includes(admin.role)) throw new AppError(Code.AdminForbidden);
    request.admin = admin;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const action = request.routeOptions.config.audit;
    if (!action || request.failed || reply.statusCode !== 200 || !request.admin) return payload;
    await insertAudit(app.deps.database.db, {
      adminId: request.admin.id,
      action,
      targetType: request.auditTarget?.type ?? null,
      targetId: request.auditTarget ? String(request.auditTarget.id) : null,
      detail: { params: request.params, body: withoutSecrets(request.body), ...(request.auditTarget?.detail ? { change: request.auditTarget.detail } : {}) },
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return payload;
  });
}

async function authenticate(app: AppInstance, request: FastifyRequest): Promise<AdminPrincipal> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!token) throw new AppError(Code.AdminNotLoggedIn);
  const session = await findAdminSession(app.deps.database.db, adminTokenHash(app.deps, token));
  if (!session) throw new AppError(Code.AdminNotLoggedIn);
  if (session.disabledAt) throw new AppError(Code.AdminDisabled);
  return { sessionId: session.sessionId, id: session.id, username: session.username, role: session.role };
}

function withoutSecrets(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body ?? null;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : v]),
  );
}
