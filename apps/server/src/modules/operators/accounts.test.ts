/**
 * Four eyes on operator accounts: nobody chooses another operator's password, giving someone a say
 * in approvals needs a second administrator once there are two, and an account does not decide the
 * requests of the administrators who recently created, reset or re-roled it (nor they its requests).
 * Everything over HTTP, as an insider at the console would try it.
 */
import { Code } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { adminCall, createAdmin, type Method } from '../../../test/console';
import { createTestServer, newKey, type Body, type TestServer } from '../../../test/harness';
import { verifiedUser } from '../../../test/moneyFixtures';
import { enrolSession } from '../../../test/twoFactor';
import type { AdminRole } from '../../db/schema';
import { createOperatorAccount, terminalAction } from './accountService';

const PASSWORD = 'correct horse battery';
const CREDIT_FEN = 5_000_000; // 50,000 yuan, far above the second-approval threshold
let phone = 13700000000;

interface Deployment {
  server: TestServer;
  as(token: string, method: Method, url: string, body?: unknown): Promise<Body>;
  /** Logs an account in with its password, turning two-factor login on when its role needs it. */
  signIn(username: string, password?: string): Promise<string>;
  /** An operator made at the terminal (vouched for by nobody), logged in. */
  terminalOperator(username: string, role: AdminRole): Promise<{ id: number; token: string }>;
  /** A user, and the request of `token` to credit them 50,000 yuan, pending a second approval. */
  creditRequest(token: string): Promise<{ approvalId: number; balance(): Promise<number> }>;
}

async function deployment(env: NodeJS.ProcessEnv = {}): Promise<Deployment> {
  const server = await createTestServer({ env, limitRules: { adminLoginDelayMaxMs: 0 } });
  const as = (token: string, method: Method, url: string, body?: unknown) => adminCall(server, token, method, url, body);
  const signIn = async (username: string, password = PASSWORD) => {
    const login = await server.call('POST', '/api/admin/login', { body: { username, password } });
    expect(login.code, login.msg).toBe(Code.Ok);
    const token = login.data.token as string;
    if (login.data.admin.enrolmentRequired) await enrolSession((method, url, body) => as(token, method, url, body));
    return token;
  };
  const terminalOperator = async (username: string, role: AdminRole) => {
    const row = await createAdmin(server.deps, username, role, PASSWORD);
    return { id: row.id, token: await signIn(username) };
  };
  const creditRequest = async (token: string) => {
    const user = await verifiedUser(server, String((phone += 1)));
    const asked = await as(token, 'POST', `/api/admin/users/${user.userId}/adjust`, {
      amountFen: CREDIT_FEN,
      reason: 'goodwill',
      idempotencyKey: newKey(),
    });
    expect(asked.data.pendingApprovalId, asked.msg).toEqual(expect.any(Number));
    const balance = async () => (await server.call('GET', '/api/cash/getAccount', { token: user.token })).data.availableFen as number;
    return { approvalId: asked.data.pendingApprovalId as number, balance };
  };
  return { server, as, signIn, terminalOperator, creditRequest };
}

/** Whoever holds a set-up code chooses the password; here the insider who got hold of it. */
async function takeOver(d: Deployment, setup: { username: string; code: string }): Promise<string> {
  expect((await d.server.call('POST', '/api/admin/setup', { body: { code: setup.code, password: 'the insider chose this' } })).code).toBe(
    Code.Ok,
  );
  return d.signIn(setup.username, 'the insider chose this');
}

describe('one administrator completing a second approval alone', () => {
  it('is refused when the administrator creates a finance operator and approves their own credit with it', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    const credit = await d.creditRequest(alice.token);

    // A password in the request is no longer read: the account has none until its set-up link is used.
    const created = await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'mallory', role: 'finance', password: PASSWORD });
    expect(created.data).toMatchObject({ account: { username: 'mallory' }, setup: { code: expect.any(String) }, approvalId: null });
    expect((await d.server.call('POST', '/api/admin/login', { body: { username: 'mallory', password: PASSWORD } })).code).toBe(
      Code.AdminLoginFailed,
    );
    // Alone, the administrator still gets the link (someone must), so the trust rule is what stops them.
    const mallory = await takeOver(d, created.data.setup);
    const refused = await d.as(mallory, 'POST', `/api/admin/approvals/${credit.approvalId}/approve`);
    expect(refused.code).toBe(Code.ApprovalVouchedOperator);
    expect(refused.msg).toContain('alice');
    expect(await credit.balance()).toBe(0);

    // Nor the other way round: the account asks, its creator approves.
    const theirs = await d.creditRequest(mallory);
    expect((await d.as(alice.token, 'POST', `/api/admin/approvals/${theirs.approvalId}/approve`)).code).toBe(Code.ApprovalVouchedOperator);
    expect(await theirs.balance()).toBe(0);
  });

  it('is refused at each path once there are two administrators: creating, resetting a password or two-factor login, re-roling', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    const bob = await d.terminalOperator('bob', 'admin');
    const fiona = await d.terminalOperator('fiona', 'finance');
    const sam = await d.terminalOperator('sam', 'support');
    const credit = await d.creditRequest(alice.token);

    // Creating: only a request; no account, no link for the one who asked, and they cannot approve it.
    const create = await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'mallory', role: 'finance' });
    expect(create.data).toEqual({ account: null, setup: null, approvalId: expect.any(Number) });
    expect((await d.as(alice.token, 'POST', `/api/admin/approvals/${create.data.approvalId}/approve`)).code).toBe(
      Code.ApprovalSameOperator,
    );
    expect((await d.server.deps.database.pool.query("select 1 from admins where username = 'mallory'")).rowCount).toBe(0);

    // Resetting an existing finance operator's password and second factor: requests too, nothing changes yet.
    const password = await d.as(alice.token, 'POST', `/api/admin/admins/${fiona.id}/resetPassword`);
    const twoFactor = await d.as(alice.token, 'POST', `/api/admin/admins/${fiona.id}/resetTwoFactor`);
    for (const asked of [password, twoFactor]) expect(asked.data).toMatchObject({ setup: null, approvalId: expect.any(Number) });
    expect((await d.as(fiona.token, 'GET', '/api/admin/me')).code).toBe(Code.Ok);
    // Setting a password directly is gone.
    expect((await d.as(alice.token, 'PATCH', `/api/admin/admins/${fiona.id}`, { password: 'alice chose this one' })).code).toBe(
      Code.InvalidInput,
    );

    // Re-roling a support operator into finance: a request as well.
    const role = await d.as(alice.token, 'PATCH', `/api/admin/admins/${sam.id}`, { role: 'finance' });
    expect(role.data).toMatchObject({ account: { role: 'support' }, approvalId: expect.any(Number) });

    // The second administrator approves each; the links go to them. Suppose they reach the insider anyway.
    const approve = (id: number) => d.as(bob.token, 'POST', `/api/admin/approvals/${id}/approve`);
    const mallorySetup = (await approve(create.data.approvalId)).data.setup;
    const fionaSetup = (await approve(password.data.approvalId)).data.setup;
    expect((await approve(twoFactor.data.approvalId)).data.setup).toBeNull();
    expect((await approve(role.data.approvalId)).code).toBe(Code.Ok);
    expect(mallorySetup).toMatchObject({ username: 'mallory' });
    expect(fionaSetup).toMatchObject({ username: 'fiona' });

    const insiderSessions = [await takeOver(d, mallorySetup), await takeOver(d, fionaSetup), await d.signIn('sam')];
    for (const token of insiderSessions) {
      const refused = await d.as(token, 'POST', `/api/admin/approvals/${credit.approvalId}/approve`);
      expect(refused.code).toBe(Code.ApprovalVouchedOperator);
    }
    expect(await credit.balance()).toBe(0);
    // The approving administrator is bound the same way: they too could have kept a link.
    const bobs = await d.creditRequest(bob.token);
    expect((await d.as(insiderSessions[0]!, 'POST', `/api/admin/approvals/${bobs.approvalId}/approve`)).code).toBe(
      Code.ApprovalVouchedOperator,
    );
    expect(await bobs.balance()).toBe(0);
  });
});

describe('second approval of operator accounts', () => {
  it('is done directly while there is one administrator, as the first ones must be made', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    const target = await d.terminalOperator('rita', 'reviewer');
    const answers = [
      await d.as(alice.token, 'POST', `/api/admin/admins/${target.id}/resetPassword`),
      await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'bob', role: 'admin' }),
    ];
    for (const answer of answers) expect(answer.data).toMatchObject({ setup: { code: expect.any(String) }, approvalId: null });
    // Now there are two: the next one waits.
    expect((await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'fred', role: 'finance' })).data.approvalId).toEqual(
      expect.any(Number),
    );
    // A role that decides nothing, and one's own password, are never asked about.
    expect((await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'sue', role: 'support' })).data.approvalId).toBeNull();
    expect((await d.as(alice.token, 'POST', `/api/admin/admins/${alice.id}/resetPassword`)).data.setup).toMatchObject({
      username: 'alice',
    });
  });

  it('lists the request with the account and role, for administrators only to decide', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    await d.terminalOperator('bob', 'admin');
    const reviewer = await d.terminalOperator('rex', 'reviewer');
    const finance = await d.terminalOperator('fay', 'finance');
    const { approvalId } = (await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'newbie', role: 'reviewer' })).data;
    const queue = await d.as(alice.token, 'GET', '/api/admin/approvals');
    expect(queue.data.list.find((r: { id: number }) => r.id === approvalId)).toMatchObject({
      kind: 'admin.create',
      amountFen: 0,
      operator: { username: 'newbie', role: 'reviewer' },
      requestedByName: 'alice',
    });
    for (const token of [reviewer.token, finance.token]) {
      expect((await d.as(token, 'POST', `/api/admin/approvals/${approvalId}/approve`)).code).toBe(Code.AdminForbidden);
    }
    const audit = await d.server.deps.database.pool.query("select target_type, target_id from audit_log where action = 'admin.create'");
    expect(audit.rows).toContainEqual({ target_type: 'approval', target_id: String(approvalId) });
  });

  it('lets an account decide its creator’s requests again after OPERATOR_TRUST_DAYS', async () => {
    const d = await deployment({ OPERATOR_TRUST_DAYS: '7' });
    const alice = await d.terminalOperator('alice', 'admin');
    const created = await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'fred', role: 'finance' });
    const fred = await takeOver(d, created.data.setup);
    const credit = await d.creditRequest(alice.token);
    const refused = await d.as(fred, 'POST', `/api/admin/approvals/${credit.approvalId}/approve`);
    expect(refused.msg).toContain('7 days');
    await d.server.deps.database.pool.query("update admins set access_granted_at = now() - interval '8 days' where username = 'fred'");
    expect((await d.as(fred, 'POST', `/api/admin/approvals/${credit.approvalId}/approve`)).code).toBe(Code.Ok);
    expect(await credit.balance()).toBe(CREDIT_FEN);
  });
});

describe('taking another administrator out', () => {
  it('disabling another administrator while there are two is a second approval, and the disabled one is not out until approved', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    const bob = await d.terminalOperator('bob', 'admin');
    const asked = await d.as(alice.token, 'PATCH', `/api/admin/admins/${bob.id}`, { disabled: true });
    expect(asked.data).toMatchObject({ account: { id: bob.id, disabled: false }, setup: null, approvalId: expect.any(Number) });
    expect((await d.as(bob.token, 'GET', '/api/admin/me')).code).toBe(Code.Ok);
    expect((await d.as(alice.token, 'POST', `/api/admin/approvals/${asked.data.approvalId}/approve`)).code).toBe(Code.ApprovalSameOperator);

    const queue = await d.as(bob.token, 'GET', '/api/admin/approvals');
    expect(queue.data.list.find((r: { id: number }) => r.id === asked.data.approvalId)).toMatchObject({
      kind: 'admin.disable',
      operator: { username: 'bob', role: null },
      requestedByName: 'alice',
    });
    const audit = await d.server.deps.database.pool.query("select detail from audit_log where action = 'admin.update' and target_id = $1", [
      String(bob.id),
    ]);
    expect(audit.rows[0].detail).toMatchObject({ body: { disabled: true }, change: { approvalId: asked.data.approvalId } });

    // With two, the one taken out is the only other administrator: approving is their consent, and it ends their sessions.
    expect((await d.as(bob.token, 'POST', `/api/admin/approvals/${asked.data.approvalId}/approve`)).code).toBe(Code.Ok);
    expect((await d.as(bob.token, 'GET', '/api/admin/me')).code).toBe(Code.AdminNotLoggedIn);
    expect((await d.server.call('POST', '/api/admin/login', { body: { username: 'bob', password: PASSWORD } })).code).toBe(
      Code.AdminDisabled,
    );
  });

  it('demoting another administrator while there are two is a second approval', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    const bob = await d.terminalOperator('bob', 'admin');
    const asked = await d.as(alice.token, 'PATCH', `/api/admin/admins/${bob.id}`, { role: 'support' });
    expect(asked.data).toMatchObject({ account: { id: bob.id, role: 'admin' }, approvalId: expect.any(Number) });
    expect((await d.as(bob.token, 'GET', '/api/admin/me')).data).toMatchObject({ role: 'admin' });
    // Meanwhile there are still two administrators: an approving account is still only a request.
    expect((await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'fred', role: 'finance' })).data.approvalId).toEqual(
      expect.any(Number),
    );

    // The one demoted may refuse.
    const declined = await d.as(bob.token, 'POST', `/api/admin/approvals/${asked.data.approvalId}/decline`, { reason: 'not agreed' });
    expect(declined.code).toBe(Code.Ok);
    expect((await d.as(bob.token, 'GET', '/api/admin/me')).data).toMatchObject({ role: 'admin' });

    const again = await d.as(alice.token, 'PATCH', `/api/admin/admins/${bob.id}`, { role: 'support' });
    expect((await d.as(bob.token, 'POST', `/api/admin/approvals/${again.data.approvalId}/approve`)).code).toBe(Code.Ok);
    expect((await d.as(bob.token, 'GET', '/api/admin/me')).code).toBe(Code.AdminNotLoggedIn);
    const { rows } = await d.server.deps.database.pool.query('select role from admins where id = $1', [bob.id]);
    expect(rows).toEqual([{ role: 'support' }]);
  });

  it('an administrator cannot get back to being the only one alone, so set-up links of new approving accounts never reach him alone', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    const bob = await d.terminalOperator('bob', 'admin');
    const disable = await d.as(alice.token, 'PATCH', `/api/admin/admins/${bob.id}`, { disabled: true, role: 'support' });
    expect(disable.data).toMatchObject({ account: { disabled: false, role: 'admin' }, approvalId: expect.any(Number) });
    const { rows } = await d.server.deps.database.pool.query(
      "select count(*)::int as n from admins where role = 'admin' and disabled_at is null",
    );
    expect(rows[0].n).toBe(2);
    // Still two administrators: a finance account is only a request, and its link is not alice's.
    const create = await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'mallory', role: 'finance' });
    expect(create.data).toEqual({ account: null, setup: null, approvalId: expect.any(Number) });
  });

  it('disabling a support operator, or enabling an account, stays direct', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    await d.terminalOperator('bob', 'admin');
    const sam = await d.terminalOperator('sam', 'support');
    const disabled = await d.as(alice.token, 'PATCH', `/api/admin/admins/${sam.id}`, { disabled: true });
    expect(disabled.data).toMatchObject({ account: { id: sam.id, disabled: true }, approvalId: null });
    expect((await d.as(sam.token, 'GET', '/api/admin/me')).code).toBe(Code.AdminNotLoggedIn);
    const enabled = await d.as(alice.token, 'PATCH', `/api/admin/admins/${sam.id}`, { disabled: false });
    expect(enabled.data).toMatchObject({ account: { id: sam.id, disabled: false }, approvalId: null });
  });
});

describe('set-up links', () => {
  it('work once, expire, and are kept only as a keyed hash', async () => {
    const d = await deployment();
    const alice = await d.terminalOperator('alice', 'admin');
    const first = (await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'once', role: 'support' })).data.setup;
    const { rows } = await d.server.deps.database.pool.query("select * from admins where username = 'once'");
    expect(rows[0].password_hash).toBeNull();
    expect(JSON.stringify(rows[0])).not.toContain(first.code);
    expect(new Date(first.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const setUp = (code: string) => d.server.call('POST', '/api/admin/setup', { body: { code, password: PASSWORD } });
    expect((await setUp(first.code)).code).toBe(Code.Ok);
    const again = await setUp(first.code);
    expect(again.code).toBe(Code.AdminSetupCodeInvalid);

    const second = (await d.as(alice.token, 'POST', '/api/admin/admins', { username: 'late', role: 'support' })).data.setup;
    await d.server.deps.database.pool.query("update admins set setup_expires_at = now() - interval '1 second' where username = 'late'");
    expect((await setUp(second.code)).code).toBe(Code.AdminSetupCodeInvalid);
    expect((await setUp('not-a-code')).code).toBe(Code.AdminSetupCodeInvalid);
  });

  it('from the terminal are made at once even with two administrators, and audited as the terminal’s', async () => {
    const d = await deployment();
    await d.terminalOperator('alice', 'admin');
    await d.terminalOperator('bob', 'admin');
    const account = { username: 'root2', role: 'admin' as const };
    const made = await createOperatorAccount(d.server.deps, account, null, terminalAction('admin.create', account));
    expect(made).toMatchObject({
      account: { username: 'root2', accessGrantedBy: [] },
      setup: { code: expect.any(String) },
      approvalId: null,
    });
    const { rows } = await d.server.deps.database.pool.query(
      "select admin_id, user_agent, detail from audit_log where action = 'admin.create' and target_id = $1",
      [String(made.account!.id)],
    );
    expect(rows).toEqual([{ admin_id: null, user_agent: 'terminal (npm run admin)', detail: expect.anything() }]);
    expect(JSON.stringify(rows)).not.toContain(made.setup!.code);
  });
});
