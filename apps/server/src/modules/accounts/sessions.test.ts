import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTwoTestServers, eventually, type TestServer } from '../../../test/harness';
import { waitBounds } from '../../../test/waits';
import { adminCall, operator } from '../../../test/console';

let a: TestServer;
let b: TestServer;
let support: string;

beforeAll(async () => {
  [a, b] = await createTwoTestServers({ limitRules: { smsIpPerDay: 10_000 } });
  support = await operator(a, 'support');
});

const infoCode = async (server: TestServer, token: string) => (await server.call('GET', '/api/user/getInfo', { token })).code;
const userId = async (phone: string) =>
  Number((await a.deps.database.pool.query('select id from users where phone = $1', [phone])).rows[0].id);

describe('sessions kept in memory', () => {
  it('keeps sessions only while it listens for changes', () => {
    expect(a.deps.sessions.active).toBe(true);
    expect(b.deps.sessions.active).toBe(true);
  });

  it('refuses on instance B a token logged out through instance A', async () => {
    const token = await a.login('13600000001');
    expect(await infoCode(b, token)).toBe(Code.Ok);
    // B now answers this token from memory.
    expect(b.deps.sessions.size).toBeGreaterThan(0);
    expect((await a.call('GET', '/api/Authentication/logOut', { token })).code).toBe(Code.Ok);
    // The instance that logged it out refuses it at once.
    expect(await infoCode(a, token)).toBe(Code.TokenInvalid);
    expect(await eventually(async () => (await infoCode(b, token)) === Code.TokenInvalid, { withinMs: waitBounds.propagation })).toBe(true);
  });

  it('refuses on every instance a user frozen through instance A’s console', async () => {
    const token = await a.login('13600000002');
    expect(await infoCode(a, token)).toBe(Code.Ok);
    expect(await infoCode(b, token)).toBe(Code.Ok);
    const frozen = await adminCall(a, support, 'POST', `/api/admin/users/${await userId('13600000002')}/freeze`, { reason: '异常交易' });
    expect(frozen.code).toBe(Code.Ok);
    expect(await infoCode(a, token)).not.toBe(Code.Ok);
    expect(await eventually(async () => (await infoCode(b, token)) !== Code.Ok, { withinMs: waitBounds.propagation })).toBe(true);
  });

  it('refuses on every instance a user whose status was changed in the database by hand', async () => {
    const token = await a.login('13600000003');
    expect(await infoCode(a, token)).toBe(Code.Ok);
    expect(await infoCode(b, token)).toBe(Code.Ok);
    await a.deps.database.pool.query(`update users set status = 'frozen' where phone = $1`, ['13600000003']);
    expect(await eventually(async () => (await infoCode(a, token)) === Code.AccountFrozen, { withinMs: waitBounds.propagation })).toBe(
      true,
    );
    expect(await eventually(async () => (await infoCode(b, token)) === Code.AccountFrozen, { withinMs: waitBounds.propagation })).toBe(
      true,
    );
  });

  it('refuses on every instance a token that expired by a hand-written change', async () => {
    const token = await a.login('13600000004');
    expect(await infoCode(b, token)).toBe(Code.Ok);
    await a.deps.database.pool.query(
      `update tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where phone = $1)`,
      ['13600000004'],
    );
    expect(await eventually(async () => (await infoCode(b, token)) === Code.TokenInvalid, { withinMs: waitBounds.propagation })).toBe(true);
  });

  it('keeps other users’ sessions when one user logs out', async () => {
    const kept = await a.login('13600000005');
    const leaving = await a.login('13600000006');
    expect(await infoCode(b, kept)).toBe(Code.Ok);
    expect(await infoCode(b, leaving)).toBe(Code.Ok);
    const before = b.deps.sessions.size;
    expect((await a.call('GET', '/api/Authentication/logOut', { token: leaving })).code).toBe(Code.Ok);
    await b.deps.sessions.heard(b.deps.database.pool);
    expect(b.deps.sessions.size).toBe(before - 1);
    expect(await infoCode(b, kept)).toBe(Code.Ok);
    expect(await infoCode(b, leaving)).toBe(Code.TokenInvalid);
  });
});

/** Asserts that instance `server` answers `token` from memory: a second call makes no lookup. */
async function keptOn(server: TestServer, token: string): Promise<void> {
  expect(await infoCode(server, token)).toBe(Code.Ok);
  const loads = server.deps.sessions.loads;
  expect(await infoCode(server, token)).toBe(Code.Ok);
  expect(server.deps.sessions.loads).toBe(loads);
}

describe('a change made through an instance, on that instance', () => {
  it('refuses a kept token on the very next request after it logs out', async () => {
    const token = await a.login('13600000011');
    await keptOn(a, token);
    expect((await a.call('GET', '/api/Authentication/logOut', { token })).code).toBe(Code.Ok);
    expect(await infoCode(a, token)).toBe(Code.TokenInvalid);
  });

  it('refuses a kept user on the very next request after the user cancels the account', async () => {
    const token = await a.login('13600000012');
    const other = await a.login('13600000012');
    await keptOn(a, token);
    await keptOn(a, other);
    expect((await a.call('GET', '/api/Authentication/cancel', { token })).code).toBe(Code.Ok);
    expect(await infoCode(a, token)).toBe(Code.TokenInvalid);
    expect(await infoCode(a, other)).toBe(Code.TokenInvalid);
  });

  it('refuses a kept user on the very next request after an operator freezes them there', async () => {
    const token = await a.login('13600000013');
    await keptOn(a, token);
    const frozen = await adminCall(a, support, 'POST', `/api/admin/users/${await userId('13600000013')}/freeze`, { reason: '异常交易' });
    expect(frozen.code).toBe(Code.Ok);
    expect(await infoCode(a, token)).toBe(Code.TokenInvalid);
  });

  it('keeps every session through writes that change nothing about sessions', async () => {
    const token = await a.login('13600000014');
    await keptOn(a, token);
    const size = a.deps.sessions.size;
    const loads = a.deps.sessions.loads;
    expect((await a.call('POST', '/api/user/updateInfo', { token, body: { nickname: '小明' } })).code).toBe(Code.Ok);
    const faq = await adminCall(a, support, 'POST', '/api/admin/content/faq', {
      question: '多久到账？',
      answer: '审核通过后立即到账。',
      sort: 0,
    });
    expect(faq.code).toBe(Code.Ok);
    expect(await infoCode(a, token)).toBe(Code.Ok);
    expect(a.deps.sessions.size).toBe(size);
    // The update itself was answered from memory too: no lookup in all three calls.
    expect(a.deps.sessions.loads).toBe(loads);
  });
});
