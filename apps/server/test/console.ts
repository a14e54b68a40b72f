/** Test helpers for the back-office routes: operators of each role and calls as the console makes them. */
import { Code, contract, pathOf } from '@maika/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestServer, type Body, type TestServer, type TestServerOptions } from './harness';
import { enrolSession } from './twoFactor';
import type { AdminRole } from '../src/db/schema';
import type { AdminRow } from '../src/modules/operators/repo';
import type { Deps } from '../src/deps';
import { completeOperatorSetup, createOperatorAccount, terminalAction } from '../src/modules/operators';

export const ROLES: readonly AdminRole[] = ['admin', 'reviewer', 'finance', 'support'];
const PASSWORD = 'correct horse battery';
let serial = 0;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function adminRaw(
  server: TestServer,
  token: string,
  method: Method,
  url: string,
  body?: unknown,
  locale = 'en-US',
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      'accept-language': locale,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

export async function adminCall(server: TestServer, token: string, method: Method, url: string, body?: unknown): Promise<Body> {
  const response = await adminRaw(server, token, method, url, body);
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered HTTP ${response.statusCode}: ${response.body}`);
  // A file download answers with the file itself; errors still come as a JSON body.
  if (String(response.headers['content-type']).startsWith('text/csv')) return { code: 200, msg: '', data: response.body };
  return response.json() as Body;
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads an image for content (banners, logos) as the console does; the answer's `data.path` is what content stores. */
export async function uploadContentImage(
  server: TestServer,
  token: string,
  bytes: Buffer = PNG,
): Promise<Body<{ path: string; url: string }>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'banner.png');
  const res = await server.app.inject({
    method: 'POST',
    url: pathOf(contract.content.uploadImage),
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    payload: form,
  });
  return res.json();
}

/**
 * An operator with a known password, made as the terminal makes one (`npm run admin -- create`, so
 * outside the four-eyes rule and vouched for by nobody) and set up through its one-time code.
 */
export async function createAdmin(deps: Deps, username: string, role: AdminRole, password: string): Promise<AdminRow> {
  const { account, setup } = await createOperatorAccount(
    deps,
    { username, role },
    null,
    terminalAction('admin.create', { username, role }),
  );
  await completeOperatorSetup(deps, setup!.code, password, { ip: '127.0.0.1', userAgent: 'test' });
  return account!;
}

/** A fresh operator of the role, logged in (admin and finance with two-factor login set up); returns the bearer token. */
export async function operator(server: TestServer, role: AdminRole): Promise<string> {
  const username = `${role}${++serial}_${process.pid}`;
  await createAdmin(server.deps, username, role, PASSWORD);
  const res = await adminCall(server, '', 'POST', '/api/admin/login', { username, password: PASSWORD });
  const token = res.data.token as string;
  if (res.data.admin.enrolmentRequired) await enrolSession((method, url, body) => adminCall(server, token, method, url, body));
  return token;
}

/** One operator per role, created once per test file. */
export async function operators(server: TestServer): Promise<Record<AdminRole, string>> {
  const entries = await Promise.all(ROLES.map(async (role) => [role, await operator(server, role)] as const));
  return Object.fromEntries(entries) as Record<AdminRole, string>;
}

/**
 * A server for back-office tests, with one operator per role. Its tests log many sellers in from
 * one address, so the per-address SMS limit is lifted (that limit has its own tests).
 */
export async function consoleServer(options: TestServerOptions = {}): Promise<{ server: TestServer; ops: Record<AdminRole, string> }> {
  const server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 }, ...options });
  return { server, ops: await operators(server) };
}

/** The audit actions recorded against a target, oldest first. */
export async function auditActions(server: TestServer, targetType: string, targetId: string | number): Promise<string[]> {
  const { rows } = await server.deps.database.pool.query<{ action: string }>(
    'select action from audit_log where target_type = $1 and target_id = $2 order by id',
    [targetType, String(targetId)],
  );
  return rows.map((r) => r.action);
}

export type Probe = readonly [Method, string, unknown?];

/**
 * Each probe is refused (1403) for the roles not allowed and passes the guard for the others;
 * probes should be harmless (an unknown id, a bad body) so allowed roles change nothing.
 */
export async function expectRoleMatrix(
  server: TestServer,
  tokens: Record<AdminRole, string>,
  allowed: readonly AdminRole[],
  probes: readonly Probe[],
) {
  for (const [method, url, body] of probes) {
    for (const role of ROLES) {
      const { code } = await adminCall(server, tokens[role], method, url, body);
      if (allowed.includes(role)) expect(code, `${role} ${method} ${url}`).not.toBe(Code.AdminForbidden);
      else expect(code, `${role} ${method} ${url}`).toBe(Code.AdminForbidden);
    }
    expect((await adminCall(server, '', method, url, body)).code, `nobody ${method} ${url}`).toBe(Code.AdminNotLoggedIn);
  }
}
