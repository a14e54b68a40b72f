import { Code, PayeeChannel, contract } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, type TestServer } from '../../../test/harness';
import { credit, newKey, verifiedUser } from '../../../test/moneyFixtures';
import { decrypt, encrypt } from '../../lib/crypto';

let server: TestServer;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const calls = contract.payees;
const en = { 'accept-language': 'en' };
/** What the app sends: a WeChat payee has no account to type. */
const wechatPayee = { channel: PayeeChannel.WeChat };

beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});

describe('WeChat payees', () => {
  it('tell a user without a linked WeChat how to link it, in both languages, in the channel list and when saving', async () => {
    const { token } = await verifiedUser(server, '13900000001');
    const channels = await server.call('GET', '/api/cash/getAlleywayList', { token, headers: en });
    expect(channels.data.list.find((c: { channel: number }) => c.channel === PayeeChannel.WeChat).notice).toMatch(
      /open the Maika mini-program in WeChat once/,
    );
    const saved = await callApi(server, calls.save, { token, body: wechatPayee, headers: en });
    expect(saved).toMatchObject({ code: Code.WechatNotLinked, msg: expect.stringMatching(/mini-program/) });
    const zh = await callApi(server, calls.save, { token, body: wechatPayee, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.msg).toMatch(/小程序/);
  });

  it('pay the openid linked by mini-program login, never the account typed', async () => {
    const { token, userId } = await verifiedUser(server, '13900000002');
    await sql('update users set wechat_openid = $1 where id = $2', ['o6_bmjrPTlm6_2sgVt7hMZOPfL2M', userId]);
    const channels = await server.call('GET', '/api/cash/getAlleywayList', { token });
    expect(channels.data.list.find((c: { channel: number }) => c.channel === PayeeChannel.WeChat).notice).toBeNull();
    // An older app still sends a typed account: it is ignored all the same.
    const saved = await callApi(server, calls.save, { token, body: { ...wechatPayee, account: 'wxid_seller01' } });
    expect(saved.code).toBe(Code.Ok);
    const key = server.deps.config.dataEncryptionKey;
    const stored = await sql('select account_enc from payees where id = $1', [saved.data.payee.id]);
    expect(decrypt(key, stored.rows[0].account_enc)).toBe('o6_bmjrPTlm6_2sgVt7hMZOPfL2M');

    // A payee saved before payees were tied to the login holds typed text: the withdrawal still pays the openid.
    await sql('update payees set account_enc = $1 where id = $2', [encrypt(key, 'wxid_typed'), saved.data.payee.id]);
    await credit(server.deps, userId, 10_000);
    const body = { amountFen: 2000, channel: PayeeChannel.WeChat, payeeId: saved.data.payee.id, idempotencyKey: newKey() };
    const done = await server.call('POST', '/api/cash/extract', { token, body });
    expect(done.code).toBe(Code.Ok);
    const withdrawal = await sql('select payee_account_enc from withdrawals where id = $1', [done.data.withdrawal.id]);
    expect(decrypt(key, withdrawal.rows[0].payee_account_enc)).toBe('o6_bmjrPTlm6_2sgVt7hMZOPfL2M');
  });

  it('refuse a WeChat withdrawal once the link is gone', async () => {
    const { token, userId } = await verifiedUser(server, '13900000003');
    await sql('update users set wechat_openid = $1 where id = $2', ['o6_unlinked_later', userId]);
    const saved = await callApi(server, calls.save, { token, body: wechatPayee });
    await sql('update users set wechat_openid = null where id = $1', [userId]);
    await credit(server.deps, userId, 10_000);
    const body = { amountFen: 2000, channel: PayeeChannel.WeChat, payeeId: saved.data.payee.id, idempotencyKey: newKey() };
    expect((await server.call('POST', '/api/cash/extract', { token, body, headers: en })).code).toBe(Code.WechatNotLinked);
    expect((await server.call('GET', '/api/cash/getAccount', { token })).data.availableFen).toBe(10_000);
  });
});
