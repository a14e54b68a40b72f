import { Code } from '@maika/shared';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registeredRoutes, type Body, type TestServer } from '../../../test/harness';
import type { AdminRole } from '../../db/schema';
import { adminRouteTable, registerAdminGuard, withoutSecrets, type AdminRouteEntry } from './guardRoutes';
import { enrolSession } from '../../../test/twoFactor';
import { adminLoginLimitKey } from './service';
import { createAdmin } from '../../../test/console';

let server: TestServer;
beforeAll(async () => {
  // The per-account login delay has its own tests (twoFactor.test.ts); here it would only slow the limit tests.
  server = await createTestServer({ limitRules: { adminLoginDelayMaxMs: 0 } });
});

const ROLES: AdminRole[] = ['admin', 'reviewer', 'finance', 'support'];
const PASSWORD = 'correct horse battery';
let serial = 0;
const uniqueName = (prefix: string) => `${prefix}${++serial}_${process.pid}`;

interface AdminCall {
  token?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
}

/** A request as the admin console sends it: bearer token, JSON body, no device id. */
async function adminRaw(method: string, url: string, o: AdminCall = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: o.ip ?? '127.0.0.1',
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      'accept-language': 'en-US',
      ...o.headers,
    },
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  });
}

async function admin(method: string, url: string, o: AdminCall = {}): Promise<Body> {
  const response = await adminRaw(method, url, o);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  // A CSV export answers with the file itself; its errors still come as a JSON body.
  if (String(response.headers['content-type']).startsWith('text/csv')) return { code: Code.Ok, msg: '', data: response.body };
  return response.json() as Body;
}

const login = (username: string, password = PASSWORD, ip?: string) =>
  admin('POST', '/api/admin/login', { body: { username, password }, ip });

/** A new operator of a role, logged in through the real login route. */
async function operator(role: AdminRole, password = PASSWORD) {
  const username = uniqueName(role);
  const row = await createAdmin(server.deps, username, role, password);
  const res = await login(username, password);
  expect(res.code, res.msg).toBe(Code.Ok);
  const token = res.data.token as string;
  if (res.data.admin.enrolmentRequired) await enrolSession((method, url, body) => admin(method, url, { token, body }));
  return { id: row.id, username, token };
}

const db = () => server.deps.database.pool;

async function auditRows(where = 'true', params: unknown[] = []) {
  const { rows } = await db().query(`select * from audit_log where ${where} order by id`, params);
  return rows as {
    id: number;
    admin_id: number | null;
    action: string;
    target_type: string | null;
    target_id: string | null;
    detail: any;
    ip: string | null;
    user_agent: string | null;
  }[];
}

describe('admin login', () => {
  it('returns a token and the operator profile, and the token works', async () => {
    const username = uniqueName('login');
    const row = await createAdmin(server.deps, username, 'reviewer', PASSWORD);
    const res = await login(username);
    expect(res.code).toBe(Code.Ok);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.admin).toEqual({ id: row.id, username, role: 'reviewer', twoFactorEnabled: false, enrolmentRequired: false });
    const me = await admin('GET', '/api/admin/me', { token: res.data.token });
    expect(me).toMatchObject({ code: Code.Ok, data: { id: row.id, username, role: 'reviewer' } });
  });

  it('answers a wrong password and an unknown username with the same 1404 message', async () => {
    const { username } = await operator('support');
    const wrongPassword = await login(username, 'not the password');
    const unknownUser = await login(uniqueName('nobody'), 'not the password');
    expect(wrongPassword.code).toBe(Code.AdminLoginFailed);
    expect(unknownUser).toEqual(wrongPassword);
    expect(wrongPassword.msg).toBe('Wrong username or password');
  });

  it('refuses a disabled operator with 1405, but only to someone who knows the password', async () => {
    const boss = await operator('admin');
    const { id, username } = await operator('finance');
    expect((await admin('PATCH', `/api/admin/admins/${id}`, { token: boss.token, body: { disabled: true } })).code).toBe(Code.Ok);
    expect((await login(username)).code).toBe(Code.AdminDisabled);
    expect((await login(username, 'a wrong guess')).code).toBe(Code.AdminLoginFailed);
  });

  it('stores an argon2id hash, never the password itself', async () => {
    const { id } = await operator('support', 'a very secret passphrase');
    const { rows } = await db().query('select * from admins where id = $1', [id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows[0])).not.toContain('a very secret passphrase');
    const created = await admin('POST', '/api/admin/admins', {
      token: (await operator('admin')).token,
      body: { username: uniqueName('hashcheck'), role: 'support' },
    });
    expect(JSON.stringify(created)).not.toMatch(/password|argon/i);
    expect(
      (await admin('POST', '/api/admin/setup', { body: { code: created.data.setup.code, password: 'another secret phrase' } })).code,
    ).toBe(Code.Ok);
    const { rows: viaApi } = await db().query('select password_hash from admins where id = $1', [created.data.account.id]);
    expect(viaApi[0].password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('login rate limit', () => {
  it('locks a username out from one address after 10 failures, even with the right password', async () => {
    const { username } = await operator('support');
    for (let i = 0; i < 10; i++) expect((await login(username, `guess ${i}`, '10.9.0.1')).code).toBe(Code.AdminLoginFailed);
    const locked = await login(username, PASSWORD, '10.9.0.1');
    expect(locked.code).toBe(Code.RateLimited);
    expect(locked.msg).toMatch(/try again in \d+ s/);
    expect(locked.data.seconds).toBeGreaterThan(0);
    expect(locked.data.seconds).toBeLessThanOrEqual(15 * 60);
    // The lock is for this username from this address: the operator elsewhere, and others here, are unaffected.
    expect((await login(username, PASSWORD, '10.9.0.2')).code).toBe(Code.Ok);
    const other = await operator('support');
    expect((await login(other.username, PASSWORD, '10.9.0.1')).code).toBe(Code.Ok);
  });

  it('counts only failures: an operator who logs in often is never locked out', async () => {
    const { username } = await operator('reviewer');
    for (let i = 0; i < 12; i++) expect((await login(username, PASSWORD, '10.9.1.1')).code).toBe(Code.Ok);
    expect((await login(username, 'wrong', '10.9.1.1')).code).toBe(Code.AdminLoginFailed);
  });

  it('counts an IPv6 client by its /48, so rotating addresses or /64s inside it does not help', async () => {
    const { username } = await operator('reviewer');
    for (let i = 0; i < 10; i++) {
      expect((await login(username, `guess ${i}`, `2001:db8:7:${(i + 1).toString(16)}::1`)).code).toBe(Code.AdminLoginFailed);
    }
    expect((await login(username, PASSWORD, '2001:db8:7:ffff:ffff:ffff:ffff:fffe')).code).toBe(Code.RateLimited);
    expect((await login(username, PASSWORD, '2001:db8:8::1')).code).toBe(Code.Ok);
  });

  it('gives the addresses of one IPv6 /48 one limit key, and another /48 its own', () => {
    const key = (ip: string) => adminLoginLimitKey('someone', ip);
    expect(key('2001:db8:7:1::1')).toBe(key('2001:db8:7:2::1'));
    expect(key('2001:db8:7:1::1')).toBe(key('2001:db8:7:ffff:ffff:ffff:ffff:fffe'));
    expect(key('2001:db8:7:1::1')).not.toBe(key('2001:db8:8:1::1'));
    expect(key('2001:db8:7:1::1')).not.toBe(adminLoginLimitKey('someone else', '2001:db8:7:1::1'));
  });
});

describe('admin sessions', () => {
  it('logout ends the session: the token then gets 1401', async () => {
    const { token } = await operator('support');
    expect((await admin('POST', '/api/admin/logout', { token })).code).toBe(Code.Ok);
    expect((await admin('GET', '/api/admin/me', { token })).code).toBe(Code.AdminNotLoggedIn);
  });

  it('a role change ends the operator’s sessions; the next login carries the new role', async () => {
    const boss = await operator('admin');
    const target = await operator('reviewer');
    const res = await admin('PATCH', `/api/admin/admins/${target.id}`, { token: boss.token, body: { role: 'support' } });
    expect(res).toMatchObject({ code: Code.Ok, data: { account: { id: target.id, role: 'support' }, approvalId: null } });
    expect((await admin('GET', '/api/admin/me', { token: target.token })).code).toBe(Code.AdminNotLoggedIn);
    const again = await login(target.username);
    expect(again.data.admin.role).toBe('support');
  });

  it('a password reset, once a second administrator approves it, ends the operator’s sessions and the old password; the set-up link sets a new one', async () => {
    const boss = await operator('admin');
    const second = await operator('admin');
    const target = await operator('support');
    const asked = await admin('POST', `/api/admin/admins/${target.id}/resetPassword`, { token: boss.token });
    expect(asked.data).toMatchObject({ setup: null, approvalId: expect.any(Number) });
    expect((await admin('GET', '/api/admin/me', { token: target.token })).code).toBe(Code.Ok);
    const approved = await admin('POST', `/api/admin/approvals/${asked.data.approvalId}/approve`, { token: second.token });
    expect(approved.data.setup).toMatchObject({ username: target.username, code: expect.any(String) });
    expect((await admin('GET', '/api/admin/me', { token: target.token })).code).toBe(Code.AdminNotLoggedIn);
    expect((await login(target.username)).code).toBe(Code.AdminLoginFailed);
    const newPassword = 'a brand new passphrase';
    expect((await admin('POST', '/api/admin/setup', { body: { code: approved.data.setup.code, password: newPassword } })).code).toBe(
      Code.Ok,
    );
    expect((await login(target.username, newPassword)).code).toBe(Code.Ok);
  });

  it('a bearer token is accepted whatever the case of the scheme name, and nothing else is', async () => {
    const { token } = await operator('support');
    expect((await admin('GET', '/api/admin/me', { headers: { authorization: `bearer ${token}` } })).code).toBe(Code.Ok);
    expect((await admin('GET', '/api/admin/me', { headers: { authorization: token } })).code).toBe(Code.AdminNotLoggedIn);
    expect((await admin('GET', '/api/admin/me', { headers: { authorization: `Basic ${token}` } })).code).toBe(Code.AdminNotLoggedIn);
    expect((await admin('GET', '/api/admin/me', { token: `${token}x` })).code).toBe(Code.AdminNotLoggedIn);
  });
});

describe('the last administrator', () => {
  it('cannot be disabled or demoted, so the console always has someone to manage operators', async () => {
    const own = await createTestServer(); // its own database: no other administrator in it
    const only = await createAdmin(own.deps, 'onlyadmin', 'admin', PASSWORD);
    const { token } = (await own.call('POST', '/api/admin/login', { body: { username: 'onlyadmin', password: PASSWORD } })).data;
    await enrolSession((method, url, body) => own.call(method, url, { headers: { authorization: `Bearer ${token}` }, body }));
    const patch = (id: number, body: unknown) =>
      own.app
        .inject({
          method: 'PATCH',
          url: `/api/admin/admins/${id}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
          payload: JSON.stringify(body),
        })
        .then((r) => r.json());

    expect(await patch(only.id, { disabled: true })).toMatchObject({ code: Code.AdminLastAdmin });
    expect(await patch(only.id, { role: 'finance' })).toMatchObject({ code: Code.AdminLastAdmin });
    expect((await patch(only.id, { role: 'admin' })).code).toBe(Code.Ok);

    const second = await createAdmin(own.deps, 'secondadmin', 'admin', PASSWORD);
    const { token: secondToken } = (await own.call('POST', '/api/admin/login', { body: { username: 'secondadmin', password: PASSWORD } }))
      .data;
    await enrolSession((method, url, body) => own.call(method, url, { headers: { authorization: `Bearer ${secondToken}` }, body }));
    const demote = await own.app.inject({
      method: 'PATCH',
      url: `/api/admin/admins/${only.id}`,
      headers: { authorization: `Bearer ${secondToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ role: 'support' }),
    });
    // Demoting another administrator waits for a second one: with two, the one demoted.
    expect(demote.json()).toMatchObject({ code: Code.Ok, data: { account: { role: 'admin' }, approvalId: expect.any(Number) } });
    const approved = await own.call('POST', `/api/admin/approvals/${demote.json().data.approvalId}/approve`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(approved.code).toBe(Code.Ok);
    expect(second.role).toBe('admin');
  });
});

describe('creating operators', () => {
  it('creates an operator without a password, who chooses one through the set-up link and then logs in with the role', async () => {
    const boss = await operator('admin');
    const username = uniqueName('created');
    const res = await admin('POST', '/api/admin/admins', { token: boss.token, body: { username, role: 'support' } });
    expect(res.code).toBe(Code.Ok);
    expect(res.data).toMatchObject({
      account: { username, role: 'support', disabled: false, lastLoginAt: null },
      setup: { username, code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      approvalId: null,
    });
    expect((await login(username)).code).toBe(Code.AdminLoginFailed);
    expect((await admin('POST', '/api/admin/setup', { body: { code: res.data.setup.code, password: PASSWORD } })).code).toBe(Code.Ok);
    expect((await login(username)).data.admin.role).toBe('support');
  });

  it('refuses a taken username with 1406 naming it', async () => {
    const boss = await operator('admin');
    const { username } = await operator('support');
    const res = await admin('POST', '/api/admin/admins', { token: boss.token, body: { username, role: 'support' } });
    expect(res.code).toBe(Code.AdminUsernameTaken);
    expect(res.msg).toBe(`The username ${username} is taken; choose another`);
  });

  it('refuses a weak password at set-up with 1001 naming password, and keeps the link usable', async () => {
    const boss = await operator('admin');
    const created = await admin('POST', '/api/admin/admins', {
      token: boss.token,
      body: { username: uniqueName('weak'), role: 'support' },
    });
    const res = await admin('POST', '/api/admin/setup', { body: { code: created.data.setup.code, password: 'short' } });
    expect(res).toMatchObject({ code: Code.InvalidInput, data: { field: 'password' } });
    expect(res.msg).toBe('password: must be at least 12 characters');
    expect((await admin('POST', '/api/admin/setup', { body: { code: created.data.setup.code, password: PASSWORD } })).code).toBe(Code.Ok);
  });
});

describe('role guard', () => {
  // Roles the route table grants, read from the routes the app really registered.
  const guarded = () =>
    adminRouteTable.filter((e): e is AdminRouteEntry & { roles: readonly AdminRole[] } => e.roles !== 'public' && e.method !== 'HEAD');

  it('lists every admin route the app registered, each with at least one role', () => {
    const admins = registeredRoutes(server).filter((r) => r.url.startsWith('/api/admin'));
    expect(admins.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/admin/login');
    for (const route of admins) {
      const entry = adminRouteTable.find((e) => e.method === route.method && e.url === route.url);
      expect(entry, `${route.method} ${route.url} is not in adminRouteTable`).toBeDefined();
      expect(entry!.roles === 'public' || entry!.roles.length > 0).toBe(true);
    }
    // Only the login and the set-up of a password (its code is the credential) are public.
    expect(adminRouteTable.filter((e) => e.roles === 'public').map((e) => `${e.method} ${e.url}`)).toEqual([
      'POST /api/admin/login',
      'POST /api/admin/setup',
    ]);
    // HEAD mirrors GET, with the same roles.
    for (const head of adminRouteTable.filter((e) => e.method === 'HEAD')) {
      expect(adminRouteTable.find((e) => e.method === 'GET' && e.url === head.url)?.roles).toEqual(head.roles);
    }
  });

  it('answers 1401 on every guarded admin route when no token or a bad token is sent', async () => {
    const target = await operator('support');
    const entries = guarded();
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      const url = entry.url.replace(/:\w+/g, String(target.id));
      for (const token of [undefined, 'not-a-token']) {
        // A body that would pass validation must not matter: the guard answers first.
        const res = await admin(entry.method, url, { token, body: entry.method === 'GET' ? undefined : {} });
        expect(res.code, `${entry.method} ${entry.url}`).toBe(Code.AdminNotLoggedIn);
      }
    }
  });

  it('answers 1403 to every role a route does not list, and lets every listed role through', async () => {
    const target = await operator('support');
    const sessions = new Map<AdminRole, string>();
    for (const entry of guarded()) {
      const url = entry.url.replace(/:\w+/g, String(target.id));
      for (const role of ROLES) {
        const token = sessions.get(role) ?? (await operator(role)).token;
        sessions.set(role, token);
        const res = await admin(entry.method, url, { token });
        // The allowed call may be the logout itself: the next call gets a fresh session.
        if (entry.url === '/api/admin/logout') sessions.delete(role);
        const label = `${role} on ${entry.method} ${entry.url}`;
        if (entry.roles.includes(role)) expect([Code.AdminNotLoggedIn, Code.AdminForbidden], label).not.toContain(res.code);
        else expect(res.code, label).toBe(Code.AdminForbidden);
      }
    }
  });

  it('answers 1405 to a session whose operator was disabled in the database behind its back', async () => {
    const { id, token } = await operator('support');
    await db().query('update admins set disabled_at = now() where id = $1', [id]);
    expect((await admin('GET', '/api/admin/me', { token })).code).toBe(Code.AdminDisabled);
  });

  describe('registration fails closed', () => {
    /** A bare Fastify with the guard on its root and one plugin adding routes, as app.ts wires it. */
    async function register(add: (app: ReturnType<typeof Fastify>) => void): Promise<unknown> {
      const app = Fastify();
      app.decorate('deps', server.deps);
      registerAdminGuard(app as never, []);
      try {
        await app.register(async (plugin) => add(plugin));
        await app.ready();
        return null;
      } catch (e) {
        return e;
      } finally {
        await app.close();
      }
    }
    const handler = async () => ({ ok: true });

    it('refuses an admin route without roles, even from another plugin', async () => {
      const error = await register((app) => app.get('/api/admin/forgotten', handler));
      expect(String(error)).toMatch(/GET \/api\/admin\/forgotten declares no roles/);
    });

    it('refuses an admin route with an empty role list', async () => {
      const error = await register((app) => app.get('/api/admin/nobody', { config: { roles: [] } }, handler));
      expect(String(error)).toMatch(/declares no roles/);
    });

    it('refuses an admin write without an audit action', async () => {
      const error = await register((app) => app.post('/api/admin/unaudited', { config: { roles: ['admin'] } }, handler));
      expect(String(error)).toMatch(/POST \/api\/admin\/unaudited declares no audit action/);
    });

    it('accepts a route with roles, and leaves non-admin routes alone', async () => {
      const error = await register((app) => {
        app.get('/api/admin/fine', { config: { roles: ['admin'] } }, handler);
        app.get('/api/other', handler);
      });
      expect(error).toBeNull();
    });
  });
});

describe('audit log', () => {
  it('records a successful write with operator, action, target, ip and user agent, and never the set-up code or the password', async () => {
    const boss = await operator('admin');
    const username = uniqueName('audited');
    const res = await admin('POST', '/api/admin/admins', {
      token: boss.token,
      ip: '198.51.100.7',
      headers: { 'user-agent': 'audit-test/1.0' },
      body: { username, role: 'support' },
    });
    expect(res.code).toBe(Code.Ok);
    await admin('POST', '/api/admin/setup', { body: { code: res.data.setup.code, password: 'secret passphrase 42' }, ip: '198.51.100.8' });
    const [entry, ...more] = await auditRows(`action = 'admin.create' and target_id = $1`, [String(res.data.account.id)]);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ admin_id: boss.id, target_type: 'admin', ip: '198.51.100.7', user_agent: 'audit-test/1.0' });
    expect(entry!.detail.body).toEqual({ username, role: 'support' });
    const [setUp] = await auditRows(`action = 'admin.setup' and target_id = $1`, [String(res.data.account.id)]);
    expect(setUp).toMatchObject({ admin_id: res.data.account.id, ip: '198.51.100.8' });
    for (const written of [entry, setUp]) {
      expect(JSON.stringify(written)).not.toContain('secret passphrase 42');
      expect(JSON.stringify(written)).not.toContain(res.data.setup.code);
    }

    const listed = await admin('GET', `/api/admin/audit?action=admin.create&adminId=${boss.id}`, { token: boss.token });
    expect(listed.data.list[0]).toMatchObject({
      adminId: boss.id,
      adminUsername: boss.username,
      action: 'admin.create',
      targetId: String(res.data.account.id),
    });
  });

  it('records the change of an operator with its target', async () => {
    const boss = await operator('admin');
    const target = await operator('reviewer');
    await admin('PATCH', `/api/admin/admins/${target.id}`, { token: boss.token, body: { role: 'support' } });
    const [entry] = await auditRows(`action = 'admin.update' and target_id = $1`, [String(target.id)]);
    expect(entry).toMatchObject({ admin_id: boss.id, target_type: 'admin' });
    expect(entry!.detail).toMatchObject({ params: { id: target.id }, body: { role: 'support' } });
  });

  it('leaves no entry for a write that failed or was refused', async () => {
    const boss = await operator('admin');
    const support = await operator('support');
    const before = (await auditRows()).length;
    const taken = await admin('POST', '/api/admin/admins', {
      token: boss.token,
      body: { username: support.username, role: 'support' },
    });
    expect(taken.code).toBe(Code.AdminUsernameTaken);
    const invalid = await admin('POST', '/api/admin/admins', {
      token: boss.token,
      body: { username: 'x', role: 'support' },
    });
    expect(invalid.code).toBe(Code.InvalidInput);
    const forbidden = await admin('POST', '/api/admin/admins', {
      token: support.token,
      body: { username: uniqueName('nope'), role: 'admin' },
    });
    expect(forbidden.code).toBe(Code.AdminForbidden);
    const missing = await admin('PATCH', '/api/admin/admins/999999', { token: boss.token, body: { role: 'support' } });
    expect(missing.code).toBe(Code.NotFound);
    expect((await auditRows()).length).toBe(before);
  });

  it('records each login with the operator, ip and user agent', async () => {
    const username = uniqueName('auditlogin');
    const row = await createAdmin(server.deps, username, 'finance', PASSWORD);
    await admin('POST', '/api/admin/login', {
      body: { username, password: PASSWORD },
      ip: '192.0.2.44',
      headers: { 'user-agent': 'console/2' },
    });
    const entries = await auditRows(`action = 'admin.login' and admin_id = $1`, [row.id]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ip: '192.0.2.44', user_agent: 'console/2' });
    expect(JSON.stringify(entries[0])).not.toContain(PASSWORD);
    // A failed login changes nothing, so it is no audit entry.
    await login(username, 'wrong password');
    expect(await auditRows(`action = 'admin.login' and admin_id = $1`, [row.id])).toHaveLength(1);
  });

  it('filters by action prefix and operator, newest first, in pages', async () => {
    const [a, b] = [await operator('support'), await operator('support')];
    for (let i = 0; i < 3; i++)
      await admin('PUT', '/api/admin/content/richText?point=6', { token: a.token, body: { html: `<p>a${i}</p>` } });
    for (let i = 0; i < 2; i++)
      await admin('PUT', '/api/admin/content/richText?point=6', { token: b.token, body: { html: `<p>b${i}</p>` } });
    await admin('POST', '/api/admin/logout', { token: b.token });
    const reader = await operator('admin');
    const get = async (query: string) => (await admin('GET', `/api/admin/audit?${query}`, { token: reader.token })).data;

    const byA = await get(`adminId=${a.id}&action=content.`);
    expect(byA.total).toBe(3);
    expect(byA.list.map((e: any) => e.detail.body.html)).toEqual(['<p>a2</p>', '<p>a1</p>', '<p>a0</p>']);
    const byB = await get(`adminId=${b.id}`);
    // b: the set-up of its password, its login, two saves and the logout.
    expect(byB.list.map((e: any) => e.action)).toEqual([
      'admin.logout',
      'content.richText.save',
      'content.richText.save',
      'admin.login',
      'admin.setup',
    ]);
    expect((await get(`adminId=${b.id}&action=admin.log`)).total).toBe(2);

    const page1 = await get(`adminId=${a.id}&pageSize=2&page=1`);
    const page2 = await get(`adminId=${a.id}&pageSize=2&page=2`);
    const page3 = await get(`adminId=${a.id}&pageSize=2&page=3`);
    expect(page1.total).toBe(5); // the set-up, the login and three saves
    expect(page1.list).toHaveLength(2);
    expect(page2.list).toHaveLength(2);
    expect(page3.list).toHaveLength(1);
    const ids = [...page1.list, ...page2.list, ...page3.list].map((e: any) => e.id);
    expect(new Set(ids).size).toBe(5);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect((await get(`adminId=${a.id}&pageSize=2&page=4`)).list).toEqual([]);
  });

  it('treats the action filter as a plain prefix, not a LIKE pattern', async () => {
    const reader = await operator('admin');
    const get = async (action: string) =>
      (await admin('GET', `/api/admin/audit?action=${encodeURIComponent(action)}`, { token: reader.token })).data;
    expect((await get('admin.login')).total).toBeGreaterThan(0);
    expect((await get('admin_login')).total).toBe(0);
    expect((await get('%')).total).toBe(0);
  });

  it('accepts date bounds at the edges of the calendar', async () => {
    const reader = await operator('admin');
    const get = async (query: string) => admin('GET', `/api/admin/audit?${query}`, { token: reader.token });
    // PostgreSQL has no year 0: such a bound must not reach it as is.
    expect((await get('from=0000-01-01T00:00:00Z')).data.total).toBeGreaterThan(0);
    expect((await get('to=0001-01-01T00:00:00%2B23:59')).data).toEqual({ list: [], total: 0 });
    expect((await get('from=9999-12-31T23:59:59-23:59')).data).toEqual({ list: [], total: 0 });
  });

  it('redacts secrets at any depth of what it stores', () => {
    expect(
      withoutSecrets({
        note: 'keep',
        payee: { idNum: '110101199001011234', name: 'x' },
        cards: [{ cardNo: '1', cardPwd: '2', faceValueFen: 100 }],
        newPassword: 'p',
      }),
    ).toEqual({
      note: 'keep',
      payee: { idNum: '[redacted]', name: 'x' },
      cards: [{ cardNo: '[redacted]', cardPwd: '[redacted]', faceValueFen: 100 }],
      newPassword: '[redacted]',
    });
    expect(withoutSecrets(undefined)).toBeNull();
  });
});

describe('rich text save', () => {
  const dirty = [
    '<h2 style="text-align:center">Title</h2>',
    '<p style="color:#ff0000">Red <b>bold</b> <i>it</i> <u>under</u></p>',
    '<script>alert("x")</script>',
    '<img src="https://img.example.com/a.png" onerror="alert(1)" alt="pic">',
    '<a href="javascript:alert(1)">bad link</a>',
    '<a href="https://example.com/ok" onclick="steal()">good link</a>',
    '<ul><li>one</li></ul>',
  ].join('');

  it('strips scripts, handlers and javascript: links, keeps formatting, and serves the new version', async () => {
    const { token } = await operator('support');
    const point = 7;
    const before = await admin('GET', `/api/admin/content/richText?point=${point}`, { token });
    const saved = await admin('PUT', `/api/admin/content/richText?point=${point}`, { token, body: { html: dirty } });
    expect(saved.code).toBe(Code.Ok);
    const after = await admin('GET', `/api/admin/content/richText?point=${point}`, { token });
    expect(after.data.version).toBe(before.data.version + 1);
    expect(saved.data.template).toBe(`/files/richText/${point}-${after.data.version}.html`);

    const html: string = after.data.html;
    expect(html).not.toMatch(/<script|alert\("x"\)|onerror|onclick|javascript:/i);
    expect(html).toContain('<h2 style="text-align:center">Title</h2>');
    expect(html).toContain('<p style="color:#ff0000">Red <b>bold</b> <i>it</i> <u>under</u></p>');
    expect(html).toContain('<img src="https://img.example.com/a.png" alt="pic" />');
    expect(html).toMatch(/<a href="https:\/\/example\.com\/ok" rel="noopener noreferrer">good link<\/a>/);
    expect(html).toContain('<a rel="noopener noreferrer">bad link</a>');
    expect(html).toContain('<ul><li>one</li></ul>');

    // The client asks for the path, then fetches the file.
    const template = await server.call('GET', `/api/file/getRichTextTemplate?point=${point}`);
    expect(template.data.template).toBe(saved.data.template);
    const file = await server.app.inject({ method: 'GET', url: template.data.template });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/html/);
    expect(file.body).toBe(html);

    if (before.data.version > 0) {
      const old = await server.app.inject({ method: 'GET', url: `/files/richText/${point}-${before.data.version}.html` });
      expect(old.statusCode).toBe(404);
    }
  });

  it('retires the previous version’s path once a new one is saved', async () => {
    const { token } = await operator('admin');
    const first = await admin('PUT', '/api/admin/content/richText?point=8', { token, body: { html: '<p>first</p>' } });
    const second = await admin('PUT', '/api/admin/content/richText?point=8', { token, body: { html: '<p>second</p>' } });
    expect(second.data.template).not.toBe(first.data.template);
    expect((await server.app.inject({ method: 'GET', url: first.data.template })).statusCode).toBe(404);
    const current = await server.app.inject({ method: 'GET', url: second.data.template });
    expect(current.body).toBe('<p>second</p>');
  });

  it('is refused to reviewers and finance', async () => {
    for (const role of ['reviewer', 'finance'] as const) {
      const { token } = await operator(role);
      expect((await admin('PUT', '/api/admin/content/richText?point=8', { token, body: { html: '<p>x</p>' } })).code).toBe(
        Code.AdminForbidden,
      );
    }
  });
});
