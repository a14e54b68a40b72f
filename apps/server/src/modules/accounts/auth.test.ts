import { Code, contract, pathOf } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, type TestServer } from '../../../test/harness';

const calls = contract.accounts;
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});

describe('anonymous token', () => {
  it('is issued to a device and works as a token header', async () => {
    const res = await callApi(server, calls.getToken, { query: {} });
    expect(res.code).toBe(Code.Ok);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const content = await server.call('GET', '/api/Basis/getFoundation', { token: res.data.token });
    expect(content.code).toBe(Code.Ok);
  });

  it('is refused without the uuid device header', async () => {
    const res = await server.app.inject({ method: 'GET', url: pathOf(calls.getToken) });
    expect(res.json()).toMatchObject({ code: Code.DeviceIdRequired });
    expect(res.json().msg).toContain('uuid');
  });

  it('does not count as logged in', async () => {
    const { data } = await callApi(server, calls.getToken, { query: {} });
    const res = await callApi(server, calls.info, { token: data.token });
    expect(res.code).toBe(Code.NotLoggedIn);
  });
});

describe('SMS login', () => {
  it('creates the user at the first login and returns a working token', async () => {
    const token = await server.login('13800000001');
    const res = await callApi(server, calls.info, { token });
    expect(res.code).toBe(Code.Ok);
    expect(res.data.userinfo).toMatchObject({
      nickname: '用户0001',
      phone: '138****0001',
      gender: 0,
      avatar: null,
      hasReferrer: false,
      realInfo: { verified: false, name: null, idNum: null },
    });
    expect(res.data.userinfo.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  });

  it('logs the same phone into the same account on a second login', async () => {
    const first = await callApi(server, calls.info, { token: await server.login('13800000002') });
    const second = await callApi(server, calls.info, { token: await server.login('13800000002') });
    expect(second.data.userinfo.id).toBe(first.data.userinfo.id);
  });

  it('names the field that is wrong', async () => {
    const body = { phone: '1380000', code: '12' };
    const en = await callApi(server, calls.smsLogin, { body, headers: { 'accept-language': 'en' } });
    expect(en).toMatchObject({ code: Code.InvalidInput, data: { field: 'phone' } });
    expect(en.msg).toBe('phone: must be an 11-digit mainland China mobile number');
    const zh = await callApi(server, calls.smsLogin, { body });
    expect(zh.msg).toBe('phone：请输入11位中国大陆手机号');
  });

  it('answers in English when the device asks for it', async () => {
    const res = await callApi(server, calls.getLoginSms, {
      body: { phone: 'abc' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.msg).toMatch(/^phone: /);
    const zh = await callApi(server, calls.info, { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.msg).toBe('您还未登录，请先登录');
  });
});

describe('995 and 996', () => {
  it('answers 995 when no token is sent to a call that needs login', async () => {
    const res = await callApi(server, calls.info);
    expect(res).toMatchObject({ code: Code.NotLoggedIn, data: null });
  });

  it('answers 996 for a token the server does not know', async () => {
    const res = await callApi(server, calls.info, { token: 'not-a-real-token' });
    expect(res.code).toBe(Code.TokenInvalid);
  });

  it('answers 996 once the session was logged out', async () => {
    const token = await server.login('13800000003');
    expect((await callApi(server, calls.logOut, { token })).code).toBe(Code.Ok);
    expect((await callApi(server, calls.info, { token })).code).toBe(Code.TokenInvalid);
  });

  it('answers 996 for an expired token', async () => {
    const token = await server.login('13800000004');
    await server.deps.database.pool.query(
      `update tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where phone = $1)`,
      ['13800000004'],
    );
    expect((await callApi(server, calls.info, { token })).code).toBe(Code.TokenInvalid);
  });

  it('ignores a stale token on a public call', async () => {
    const res = await server.call('GET', '/api/Basis/getNotice', { token: 'stale' });
    expect(res.code).toBe(Code.Ok);
  });
});

describe('referral binding', () => {
  async function inviteCodeOf(phone: string) {
    const res = await callApi(server, calls.info, { token: await server.login(phone) });
    return res.data.userinfo.inviteCode as string;
  }
  const referrerIdOf = async (phone: string) =>
    (await server.deps.database.pool.query('select referrer_id from users where phone = $1', [phone])).rows[0]?.referrer_id;
  const idOf = async (phone: string) =>
    (await server.deps.database.pool.query('select id from users where phone = $1', [phone])).rows[0]?.id;

  it('binds a new user to the referrer whose code came with the anonymous token', async () => {
    const code = await inviteCodeOf('13900000001');
    const anon = await callApi(server, calls.getToken, { query: { p: code } });
    await server.login('13900000002', { token: anon.data.token });
    expect(await referrerIdOf('13900000002')).toBe(await idOf('13900000001'));
  });

  it('binds a new user through the code sent with the login itself', async () => {
    const code = await inviteCodeOf('13900000003');
    await server.login('13900000004', { p: code.toLowerCase() });
    expect(await referrerIdOf('13900000004')).toBe(await idOf('13900000003'));
    const info = await callApi(server, calls.info, { token: await server.login('13900000004') });
    expect(info.data.userinfo.hasReferrer).toBe(true);
  });

  it('never re-binds an existing user', async () => {
    const first = await inviteCodeOf('13900000005');
    const second = await inviteCodeOf('13900000006');
    await server.login('13900000007', { p: first });
    await server.login('13900000007', { p: second });
    expect(await referrerIdOf('13900000007')).toBe(await idOf('13900000005'));
  });

  it('binds an existing user to nobody, so a user cannot become their own referrer', async () => {
    const own = await inviteCodeOf('13900000008');
    await server.login('13900000008', { p: own });
    expect(await referrerIdOf('13900000008')).toBeNull();
  });

  it('ignores a code that belongs to nobody', async () => {
    await server.login('13900000009', { p: 'ZZZZZZ' });
    expect(await referrerIdOf('13900000009')).toBeNull();
  });

  it('ignores the code of a frozen referrer', async () => {
    const code = await inviteCodeOf('13900000010');
    await server.deps.database.pool.query(`update users set status = 'frozen' where phone = $1`, ['13900000010']);
    await server.login('13900000011', { p: code });
    expect(await referrerIdOf('13900000011')).toBeNull();
  });
});

describe('frozen accounts', () => {
  it('cannot log in and lose their sessions at once', async () => {
    const token = await server.login('13700000001');
    await server.deps.database.pool.query(`update users set status = 'frozen' where phone = $1`, ['13700000001']);
    expect((await callApi(server, calls.info, { token })).code).toBe(Code.AccountFrozen);
    await server.deps.database.pool.query(`delete from rate_limits where key like 'sms-interval:%'`);
    await callApi(server, calls.getLoginSms, { body: { phone: '13700000001' } });
    const code = await server.latestCode('13700000001');
    const res = await callApi(server, calls.smsLogin, { body: { phone: '13700000001', code } });
    expect(res.code).toBe(Code.AccountFrozen);
  });
});
