import { Code } from '@maika/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogs, createTestServer, type Body, type TestServer } from '../../../test/harness';
import { enrolOperator, enrolSession, totpCode } from '../../../test/twoFactor';
import type { AdminRole } from '../../db/schema';
import { adminCall, type Method } from '../../../test/console';
import { loginDelayMs } from './service';
import { createAdmin } from '../../../test/console';

const PASSWORD = 'correct horse battery';
let server: TestServer;
let logs: ReturnType<typeof captureLogs>;
let serial = 0;

beforeAll(async () => {
  logs = captureLogs();
  // A short cap on the per-account delay keeps the burst test quick; its growth is tested below.
  server = await createTestServer({ logger: logs.logger, limitRules: { adminLoginDelayMaxMs: 20 } });
});

const call = (token: string, method: Method, url: string, body?: unknown) => adminCall(server, token, method, url, body);
const login = (username: string, extra: { password?: string; otp?: string; ip?: string } = {}): Promise<Body> =>
  server.call('POST', '/api/admin/login', {
    body: { username, password: extra.password ?? PASSWORD, ...(extra.otp ? { otp: extra.otp } : {}) },
    ip: extra.ip,
    headers: { 'accept-language': 'en' },
  });

async function newOperator(role: AdminRole) {
  const username = `tf_${role}_${++serial}`;
  const row = await createAdmin(server.deps, username, role, PASSWORD);
  return { id: row.id, username };
}

/** An operator with two-factor login on, and a full session. */
async function enrolled(role: AdminRole) {
  const op = await newOperator(role);
  return { ...op, ...(await enrolOperator(server, op.username, PASSWORD)) };
}

describe('two-factor login for administrators and finance', () => {
  it.each(['admin', 'finance'] as const)('makes %s enrol at the next login: until then the session may only enrol', async (role) => {
    const op = await newOperator(role);
    const first = await login(op.username);
    expect(first).toMatchObject({ code: 200, data: { admin: { role, twoFactorEnabled: false, enrolmentRequired: true } } });
    const token = first.data.token as string;
    const refused = await call(token, 'GET', '/api/admin/users');
    expect(refused.code).toBe(Code.AdminEnrolmentRequired);
    expect((await call(token, 'GET', '/api/admin/me')).data).toMatchObject({ enrolmentRequired: true });

    const setup = await call(token, 'POST', '/api/admin/twoFactor/setup');
    expect(setup.data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setup.data.otpauthUrl).toContain(`secret=${setup.data.secret}`);
    const { rows } = await server.deps.database.pool.query('select totp_pending_secret from admins where id = $1', [op.id]);
    expect(rows[0].totp_pending_secret).not.toContain(setup.data.secret);

    const wrong = await call(token, 'POST', '/api/admin/twoFactor/confirm', {
      code: (Number(await totpCode(setup.data.secret)) ^ 1).toString().padStart(6, '0'),
    });
    expect(wrong.code).toBe(Code.AdminOtpInvalid);
    const confirmed = await call(token, 'POST', '/api/admin/twoFactor/confirm', { code: await totpCode(setup.data.secret) });
    expect(confirmed.code).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    expect((await call(token, 'GET', '/api/admin/users')).code).toBe(200);
    expect((await call(token, 'GET', '/api/admin/me')).data).toMatchObject({ twoFactorEnabled: true, enrolmentRequired: false });
  });

  it('asks for the code after the password, accepts a code once and refuses its replay', async () => {
    const op = await enrolled('finance');
    expect(await login(op.username)).toMatchObject({ code: Code.AdminOtpRequired, data: { otpRequired: true } });
    expect((await login(op.username, { password: 'wrong password' })).code).toBe(Code.AdminLoginFailed);
    expect((await login(op.username, { otp: '000000' })).code).toBe(Code.AdminOtpInvalid);
    // Enrolment used the current step; the next one (still within the tolerance) logs in, once.
    const next = await totpCode(op.secret, 1);
    const ok = await login(op.username, { otp: next });
    expect(ok).toMatchObject({ code: 200, data: { admin: { twoFactorEnabled: true, enrolmentRequired: false } } });
    expect((await login(op.username, { otp: next })).code).toBe(Code.AdminOtpInvalid);
    expect((await login(op.username, { otp: await totpCode(op.secret) })).code).toBe(Code.AdminOtpInvalid);
  });

  it('accepts each recovery code once, typed in any case and without the dash', async () => {
    const op = await enrolled('admin');
    const [first, second] = op.recoveryCodes as [string, string];
    expect((await login(op.username, { otp: first })).code).toBe(200);
    expect((await login(op.username, { otp: first })).code).toBe(Code.AdminOtpInvalid);
    expect((await login(op.username, { otp: second.replace('-', '').toUpperCase() })).code).toBe(200);
  });
});

describe('the window of time steps a code may be from now (TWO_FACTOR_WINDOW_STEPS)', () => {
  const STEP_MS = 30_000;
  let wide: TestServer;

  beforeAll(async () => {
    wide = await createTestServer({ env: { TWO_FACTOR_WINDOW_STEPS: '3' }, limitRules: { adminLoginDelayMaxMs: 20 } });
  });
  // Only Date stands still, in the middle of a time step: each code is of the step the test means
  // however long the test takes.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses by default a code two steps from now, and takes one a step ahead once', async () => {
    const op = await enrolled('finance');
    expect((await login(op.username, { otp: await totpCode(op.secret, 2) })).code).toBe(Code.AdminOtpInvalid);
    expect((await login(op.username, { otp: await totpCode(op.secret, 1) })).code).toBe(200);
    expect((await login(op.username, { otp: await totpCode(op.secret, 1) })).code).toBe(Code.AdminOtpInvalid);
  });

  it('takes a code up to TWO_FACTOR_WINDOW_STEPS steps either side of now, each step once, and none further', async () => {
    const username = `tf_wide_${++serial}`;
    await createAdmin(wide.deps, username, 'finance', PASSWORD);
    const loginWide = (otp?: string) =>
      wide.call('POST', '/api/admin/login', { body: { username, password: PASSWORD, ...(otp ? { otp } : {}) } });
    const token = (await loginWide()).data.token as string;
    const setup = await adminCall(wide, token, 'POST', '/api/admin/twoFactor/setup');
    const confirm = async (steps: number) =>
      (await adminCall(wide, token, 'POST', '/api/admin/twoFactor/confirm', { code: await totpCode(setup.data.secret, steps) })).code;
    expect(await confirm(-4)).toBe(Code.AdminOtpInvalid);
    expect(await confirm(-3)).toBe(200);

    const logIn = async (steps: number) => (await loginWide(await totpCode(setup.data.secret, steps))).code;
    expect(await logIn(4)).toBe(Code.AdminOtpInvalid);
    expect(await logIn(3)).toBe(200);
    expect(await logIn(3)).toBe(Code.AdminOtpInvalid);
    // A step before the one last taken stays refused, though within the window.
    expect(await logIn(2)).toBe(Code.AdminOtpInvalid);
  });

  it('refuses every code, without failing, while the step last taken lies beyond the window (the window narrowed since)', async () => {
    const op = await enrolled('admin');
    const farStep = Math.floor(Date.now() / STEP_MS) + 5;
    await server.deps.database.pool.query('update admins set totp_last_step = $2 where id = $1', [op.id, farStep]);
    expect((await login(op.username, { otp: await totpCode(op.secret, 1) })).code).toBe(Code.AdminOtpInvalid);
  });
});

describe('two-factor login for reviewers and support', () => {
  it.each(['reviewer', 'support'] as const)('is optional for %s, and asked for once turned on', async (role) => {
    const op = await newOperator(role);
    const first = await login(op.username);
    expect(first.data.admin).toMatchObject({ twoFactorEnabled: false, enrolmentRequired: false });
    const { secret } = await enrolSession((method, url, body) => call(first.data.token, method, url, body));
    expect((await login(op.username)).code).toBe(Code.AdminOtpRequired);
    expect((await login(op.username, { otp: await totpCode(secret, 1) })).code).toBe(200);
  });
});

describe('setting up two-factor login again (a new phone)', () => {
  /** A second session of the operator, as from another browser; a recovery code leaves the time steps alone. */
  const otherSession = async (op: Awaited<ReturnType<typeof enrolled>>) => {
    const other = await login(op.username, { otp: op.recoveryCodes.pop()! });
    expect(other.code).toBe(200);
    return other.data.token as string;
  };
  const storedSecret = async (id: number) =>
    (await server.deps.database.pool.query('select totp_secret, recovery_code_hashes from admins where id = $1', [id])).rows[0];

  it('needs the current code: with only the session the secret and recovery codes stay', async () => {
    const op = await enrolled('finance');
    const before = await storedSecret(op.id);
    const setup = await call(op.token, 'POST', '/api/admin/twoFactor/setup');
    expect(setup.code).toBe(200);
    const code = await totpCode(setup.data.secret);
    expect((await call(op.token, 'POST', '/api/admin/twoFactor/confirm', { code })).code).toBe(Code.AdminCurrentCodeRequired);
    const refused = await call(op.token, 'POST', '/api/admin/twoFactor/confirm', { code, currentCode: 'aaaaa-aaaaa' });
    expect(refused.code).toBe(Code.AdminCurrentCodeInvalid);
    expect(await storedSecret(op.id)).toEqual(before);
    // The wrong current code counts towards the lock like a wrong code at login.
    const { rows } = await server.deps.database.pool.query('select second_factor_failures from admins where id = $1', [op.id]);
    expect(rows[0].second_factor_failures).toBe(1);
  });

  it('replaces the secret and the recovery codes with the current code, and ends the other sessions but not this one', async () => {
    const op = await enrolled('admin');
    const other = await otherSession(op);
    const setup = await call(op.token, 'POST', '/api/admin/twoFactor/setup');
    const confirmed = await call(op.token, 'POST', '/api/admin/twoFactor/confirm', {
      code: await totpCode(setup.data.secret),
      currentCode: await totpCode(op.secret, 1),
    });
    expect(confirmed.code, confirmed.msg).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect((await call(op.token, 'GET', '/api/admin/users')).code).toBe(200);
    expect((await call(other, 'GET', '/api/admin/me')).code).toBe(Code.AdminNotLoggedIn);
    // The new app's codes log in, the old app's and the old recovery codes no longer do.
    expect((await login(op.username, { otp: op.recoveryCodes[0] })).code).toBe(Code.AdminOtpInvalid);
    expect((await login(op.username, { otp: await totpCode(op.secret, 1) })).code).toBe(Code.AdminOtpInvalid);
    expect((await login(op.username, { otp: await totpCode(setup.data.secret, 1) })).code).toBe(200);
  });

  it('takes a recovery code as the current code', async () => {
    const op = await enrolled('reviewer');
    const setup = await call(op.token, 'POST', '/api/admin/twoFactor/setup');
    const confirmed = await call(op.token, 'POST', '/api/admin/twoFactor/confirm', {
      code: await totpCode(setup.data.secret),
      currentCode: op.recoveryCodes[0],
    });
    expect(confirmed.code, confirmed.msg).toBe(200);
  });

  it('refuses the current code unjudged while the second factor is locked', async () => {
    const op = await enrolled('finance');
    await server.deps.database.pool.query("update admins set second_factor_locked_until = now() + interval '15 minutes' where id = $1", [
      op.id,
    ]);
    const setup = await call(op.token, 'POST', '/api/admin/twoFactor/setup');
    const refused = await call(op.token, 'POST', '/api/admin/twoFactor/confirm', {
      code: await totpCode(setup.data.secret),
      currentCode: await totpCode(op.secret, 1),
    });
    expect(refused.code).toBe(Code.AdminSecondFactorLocked);
  });
});

describe('the audit entry of an enrolment', () => {
  it('keeps no code: the new one and the current one are redacted', async () => {
    const op = await enrolled('admin');
    const setup = await call(op.token, 'POST', '/api/admin/twoFactor/setup');
    const code = await totpCode(setup.data.secret);
    const currentCode = await totpCode(op.secret, 1);
    expect((await call(op.token, 'POST', '/api/admin/twoFactor/confirm', { code, currentCode })).code).toBe(200);
    const { rows } = await server.deps.database.pool.query(
      "select detail from audit_log where action = 'admin.twoFactor.enable' and admin_id = $1 order by id",
      [op.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].detail.body).toEqual({ code: '[redacted]' });
    expect(rows[1].detail.body).toEqual({ code: '[redacted]', currentCode: '[redacted]' });
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`${code}|${currentCode}`));
  });
});

describe('resetting two-factor login', () => {
  it('is done by another administrator with a second one’s approval, ends the sessions, is audited, and makes finance enrol again', async () => {
    const boss = await enrolled('admin');
    const lost = await enrolled('finance');
    const asked = await call(boss.token, 'POST', `/api/admin/admins/${lost.id}/resetTwoFactor`);
    // Another administrator exists here, so the reset waits for one: nothing changes until then.
    expect(asked).toMatchObject({ code: 200, data: { account: { id: lost.id, twoFactorEnabled: true }, approvalId: expect.any(Number) } });
    const second = await enrolled('admin');
    expect((await call(second.token, 'POST', `/api/admin/approvals/${asked.data.approvalId}/approve`)).code).toBe(200);
    expect((await call(lost.token, 'GET', '/api/admin/me')).code).toBe(Code.AdminNotLoggedIn);
    const { rows } = await server.deps.database.pool.query(
      "select admin_id, target_id from audit_log where action = 'admin.twoFactor.reset'",
    );
    expect(rows).toContainEqual({ admin_id: boss.id, target_id: String(lost.id) });
    expect((await login(lost.username)).data.admin).toMatchObject({ enrolmentRequired: true });
  });

  it('refuses an administrator resetting their own, and other roles', async () => {
    const boss = await enrolled('admin');
    expect((await call(boss.token, 'POST', `/api/admin/admins/${boss.id}/resetTwoFactor`)).code).toBe(Code.AdminTwoFactorSelfReset);
    const support = await enrolled('support');
    expect((await call(support.token, 'POST', `/api/admin/admins/${boss.id}/resetTwoFactor`)).code).toBe(Code.AdminForbidden);
  });
});

describe('per-account login throttling', () => {
  it('waits longer after each failure beyond the first few, up to a cap', () => {
    expect([0, 1, 2].map((n) => loginDelayMs(n, 8000))).toEqual([0, 0, 0]);
    expect([3, 4, 5].map((n) => loginDelayMs(n, 8000))).toEqual([250, 500, 1000]);
    expect(loginDelayMs(9, 8000)).toBe(8000);
    expect(loginDelayMs(10_000, 8000)).toBe(8000);
  });

  it('never locks the real operator out of a guessed account, and logs and counts each burst', async () => {
    const op = await enrolled('admin');
    // Guesses spread over many addresses, so the per-address limit never stops them.
    for (let i = 0; i < 21; i += 1) {
      expect((await login(op.username, { password: `guess ${i}`, ip: `198.51.100.${i + 1}` })).code).toBe(Code.AdminLoginFailed);
    }
    const { rows } = await server.deps.database.pool.query('select failed_logins from admins where id = $1', [op.id]);
    expect(rows[0].failed_logins).toBe(21);
    const bursts = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('burst of failed operator logins') && line.includes(op.username));
    expect(bursts).toHaveLength(2);
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/admin_login_failure_bursts_total [1-9]/);
    expect(metrics.body).toMatch(/admin_login_failures_total [1-9]/);

    const real = await login(op.username, { otp: await totpCode(op.secret, 1), ip: '203.0.113.9' });
    expect(real.code, real.msg).toBe(200);
    const after = await server.deps.database.pool.query('select failed_logins from admins where id = $1', [op.id]);
    expect(after.rows[0].failed_logins).toBe(0);
  });
});
