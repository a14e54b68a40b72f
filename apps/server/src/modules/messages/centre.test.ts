import { Code, contract, MessageType, type MessageSettingsBody, type SubscribeBody } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, type TestServer } from '../../../test/harness';
import { channelsOn, miniProgramUser, record, sampleEvent } from '../../../test/messageFixtures';
import { saveChannelSetting } from './settingsService';

let server: TestServer;
let phone = 13750000000;
const en = { lang: 'en-US' };
const calls = contract.messages;
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});
const query = async (sql: string, params: unknown[] = []) => (await server.deps.database.pool.query(sql, params)).rows;

async function newUser(headers?: Record<string, string>): Promise<{ token: string; userId: number }> {
  phone += 1;
  const token = await server.login(String(phone));
  const me = await server.call('GET', '/api/user/getInfo', { token, headers });
  return { token, userId: me.data.userinfo.id as number };
}
const list = (token: string, q: { page?: number; pageSize?: number } = {}, headers?: Record<string, string>) =>
  callApi(server, calls.list, { token, query: q, headers });
const unread = async (token: string) => (await callApi(server, calls.unreadCount, { token })).data.unread;

describe('the message centre', () => {
  it('lists newest first in the reader language with the page each opens, the total and the unread count', async () => {
    const { token, userId } = await newUser();
    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:7'));
    await record(server.deps, sampleEvent(userId, 'orderDecided', 'order:12'));
    await record(server.deps, sampleEvent(userId, 'accountUnfrozen', 'unfreeze:1'));

    const zh = await list(token);
    expect(zh.code).toBe(Code.Ok);
    expect(zh.data.total).toBe(3);
    expect(zh.data.unread).toBe(3);
    expect(zh.data.list.map((m) => m.type)).toEqual([MessageType.AccountUnfrozen, MessageType.OrderDecided, MessageType.WithdrawalPaid]);
    expect(zh.data.list[0]).toMatchObject({ title: '账户已解冻', content: '您的账户已解冻，可以正常提现了。', read: false, link: null });
    expect(zh.data.list[1]!.link).toBe('/pages/orderDetail/orderDetail?id=12');
    expect(zh.data.list[2]).toMatchObject({
      title: '提现已到账',
      content: '您提现的 ¥500.00 已到账支付宝。手续费 ¥2.00。',
      link: '/pages/withdrawRecord/withdrawRecord?id=7',
    });
    expect(new Date(zh.data.list[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const english = await list(token, {}, en);
    expect(english.data.list[2]).toMatchObject({
      title: 'Withdrawal paid',
      content: 'The ¥500.00 you withdrew has been paid (Alipay). Fee: ¥2.00.',
    });
  });

  it('pages through the messages and counts them all', async () => {
    const { token, userId } = await newUser();
    for (let i = 1; i <= 5; i += 1) await record(server.deps, sampleEvent(userId, 'balanceAdjusted', `adjustment:${i}`));
    const first = await list(token, { page: 1, pageSize: 2 });
    const third = await list(token, { page: 3, pageSize: 2 });
    expect(first.data).toMatchObject({ total: 5, unread: 5 });
    expect(first.data.list).toHaveLength(2);
    expect(third.data.list).toHaveLength(1);
    const ids = [...first.data.list, ...(await list(token, { page: 2, pageSize: 2 })).data.list, ...third.data.list].map((m) => m.id);
    expect(new Set(ids).size).toBe(5);
    expect((await list(token, { pageSize: 101 })).msg).toBe('pageSize：必须是 1 到 100');
  });

  it('lists a renewed message among the newest, unread again', async () => {
    const { token, userId } = await newUser();
    await record(server.deps, sampleEvent(userId, 'cardsNeedSeller', 'order:12', 'replace'));
    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:7'));
    await callApi(server, calls.read, { token, body: {} });
    await record(server.deps, sampleEvent(userId, 'cardsNeedSeller', 'order:12', 'replace'));
    const { data } = await list(token);
    expect(data.list.map((m) => [m.type, m.read])).toEqual([
      [MessageType.CardsNeedSeller, false],
      [MessageType.WithdrawalPaid, true],
    ]);
    expect(data.unread).toBe(1);
  });

  it('marks some read, then all, answering the unread count; another user’s ids change nothing', async () => {
    const me = await newUser();
    const other = await newUser();
    for (const [i, type] of (['orderDecided', 'withdrawalPaid', 'balanceAdjusted'] as const).entries())
      await record(server.deps, sampleEvent(me.userId, type, `s:${i}`));
    await record(server.deps, sampleEvent(other.userId, 'withdrawalPaid', 'withdrawal:7'));
    const mine = (await list(me.token)).data.list.map((m) => m.id);
    const theirs = (await list(other.token)).data.list.map((m) => m.id);
    expect(await unread(me.token)).toBe(3);

    const some = await callApi(server, calls.read, { token: me.token, body: { ids: [mine[0]!, theirs[0]!] } });
    expect(some).toMatchObject({ code: Code.Ok, data: { unread: 2 } });
    expect((await list(me.token)).data.list.map((m) => m.read)).toEqual([true, false, false]);
    expect(await unread(other.token)).toBe(1);

    expect((await callApi(server, calls.read, { token: other.token, body: { ids: mine } })).data.unread).toBe(1);
    expect(await unread(me.token)).toBe(2);

    expect((await callApi(server, calls.read, { token: me.token, body: {} })).data.unread).toBe(0);
    expect((await list(me.token)).data.unread).toBe(0);
    expect(await unread(other.token)).toBe(1);
  });

  it('refuses an empty or oversized list of ids, naming the field', async () => {
    const { token } = await newUser();
    expect(await callApi(server, calls.read, { token, body: { ids: [] }, headers: en })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'ids: must name at least one message, or be left out to mark all read',
    });
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await callApi(server, calls.read, { token, body: { ids: many }, headers: en })).msg).toBe(
      'ids: must name at most 100 messages',
    );
  });

  it('counts unread messages from the partial index', async () => {
    const { userId } = await newUser();
    await query('set enable_seqscan = off');
    const plan = (await query(`explain select count(*) from messages where user_id = $1 and read_at is null`, [userId]))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    await query('reset enable_seqscan');
    expect(plan).toContain('messages_unread_idx');
  });

  it('needs a logged-in user', async () => {
    expect((await callApi(server, calls.list, { query: {} })).code).toBe(Code.NotLoggedIn);
    expect((await callApi(server, calls.unreadCount)).code).toBe(Code.NotLoggedIn);
    expect((await callApi(server, calls.read, { body: {} })).code).toBe(Code.NotLoggedIn);
    expect((await callApi(server, calls.settings)).code).toBe(Code.NotLoggedIn);
    expect((await callApi(server, calls.subscribe, { body: { platform: 'weapp', accepted: [] } })).code).toBe(Code.NotLoggedIn);
  });
});

describe("the reader's language", () => {
  const localeOf = async (userId: number) => (await query('select locale from users where id = $1', [userId]))[0].locale as string | null;

  it('is stored at SMS login and kept current by the message list', async () => {
    phone += 1;
    await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone: String(phone) } });
    const login = await server.call('POST', '/api/Authentication/smsLogin', {
      body: { phone: String(phone), code: await server.latestCode(String(phone)) },
      headers: en,
    });
    const { token } = login.data;
    const userId = login.data.userinfo.id as number;
    expect(await localeOf(userId)).toBe('en-US');
    await list(token, {}, { lang: 'zh-CN' });
    expect(await localeOf(userId)).toBe('zh-CN');
    await list(token, {}, { 'accept-language': 'en-US,en;q=0.9' });
    expect(await localeOf(userId)).toBe('en-US');
  });

  it('is stored at mini-program login', async () => {
    const { userId, loginCode } = await miniProgramUser(server, 'weapp', String((phone += 1)));
    expect(await localeOf(userId)).toBe('zh-CN');
    const login = await server.call('POST', '/api/Authentication/wechatMiniProgramLogin', { body: { code: loginCode }, headers: en });
    expect(login.code).toBe(Code.Ok);
    expect(await localeOf(userId)).toBe('en-US');
  });

  it('is left alone when it has not changed', async () => {
    const { token, userId } = await newUser();
    await list(token);
    const before = (await query('select xmin::text from users where id = $1', [userId]))[0].xmin;
    await list(token);
    expect((await query('select xmin::text from users where id = $1', [userId]))[0].xmin).toBe(before);
  });
});

describe('message settings', () => {
  it('answers every type with the defaults, stores choices and answers them back', async () => {
    const { token } = await newUser();
    await channelsOn(server.deps, ['sms', 'weapp']);
    const before = await callApi(server, calls.settings, { token });
    expect(before.data.channels).toEqual({ sms: true, weapp: true, alipay: false });
    expect(before.data.list).toHaveLength(9);
    expect(before.data.list.filter((p) => p.sms).map((p) => p.type)).toEqual([MessageType.CardsNeedSeller, MessageType.WithdrawalPaid]);
    expect(before.data.list.every((p) => p.miniProgram)).toBe(true);

    const body: MessageSettingsBody = {
      list: [
        { type: MessageType.OrderDecided, sms: true, miniProgram: false },
        { type: MessageType.WithdrawalPaid, sms: false, miniProgram: true },
      ],
    };
    const saved = await callApi(server, calls.saveSettings, { token, body });
    expect(saved.code).toBe(Code.Ok);
    const again = await callApi(server, calls.settings, { token });
    expect(again.data).toEqual(saved.data);
    expect(again.data.list.find((p) => p.type === MessageType.OrderDecided)).toEqual({ type: 1, sms: true, miniProgram: false });
    expect(again.data.list.find((p) => p.type === MessageType.WithdrawalPaid)).toEqual({ type: 4, sms: false, miniProgram: true });
    expect(again.data.list.find((p) => p.type === MessageType.CardsNeedSeller)).toEqual({ type: 2, sms: true, miniProgram: true });

    await callApi(server, calls.saveSettings, {
      token,
      body: { list: [{ type: MessageType.OrderDecided, sms: false, miniProgram: true }] },
    });
    const third = await callApi(server, calls.settings, { token });
    expect(third.data.list.find((p) => p.type === MessageType.OrderDecided)).toEqual({ type: 1, sms: false, miniProgram: true });
    expect(third.data.list.find((p) => p.type === MessageType.WithdrawalPaid)).toEqual({ type: 4, sms: false, miniProgram: true });
  });

  it('refuses a type named twice, an unknown type and a missing switch, naming the field', async () => {
    const { token } = await newUser();
    const save = (body: unknown, headers = en) =>
      callApi(server, calls.saveSettings, { token, body: body as MessageSettingsBody, headers });
    const twice = { list: [1, 1].map((type) => ({ type, sms: true, miniProgram: true })) };
    expect(await save(twice)).toEqual({
      code: Code.InvalidInput,
      msg: 'list: must name each message type once',
      data: { field: 'list', reason: 'must name each message type once' },
    });
    expect((await save(twice, { lang: 'zh-CN' })).code).toBe(Code.InvalidInput);
    const unknown = await save({ list: [{ type: 10, sms: true, miniProgram: true }] });
    expect(unknown.code).toBe(Code.InvalidInput);
    expect(unknown.msg).toMatch(/^list\.0\.type: must be one of: 1 \(orderDecided\), .* 9 \(accountUnfrozen\)$/);
    expect(await save({ list: [{ type: 1, sms: 'yes', miniProgram: true }] })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'list.0.sms: must be true or false',
    });
    expect(await save({ list: [] })).toMatchObject({ code: Code.InvalidInput, msg: 'list: must name at least one message type' });
    expect((await save({})).msg).toMatch(/^list: /);
  });
});

describe('subscribe consents', () => {
  const templates = (token: string, platform: 'weapp' | 'alipay') =>
    callApi(server, calls.subscribeTemplates, { token, query: { platform } });
  const subscribe = (token: string, body: SubscribeBody) => callApi(server, calls.subscribe, { token, body });
  const consents = async (userId: number) =>
    (await query('select channel, template_id, remaining from subscribe_consents where user_id = $1 order by template_id', [userId])).map(
      (r) => [r.channel, r.template_id, r.remaining],
    );

  it('asks for the card templates on submit and the withdrawal ones on withdraw, configured ones only, each once', async () => {
    const { token } = await newUser();
    await channelsOn(server.deps);
    expect((await templates(token, 'weapp')).data).toEqual({
      submit: ['weapp_orderDecided', 'weapp_cardsNeedSeller', 'weapp_appealDecided'],
      withdraw: ['weapp_withdrawalPaid', 'weapp_withdrawalReturned'],
    });
    expect((await templates(token, 'alipay')).data.withdraw).toEqual(['alipay_withdrawalPaid', 'alipay_withdrawalReturned']);

    // One template for all card news, none for returned withdrawals.
    await saveChannelSetting(server.deps.database.db, 'weapp', {
      enabled: true,
      templates: { orderDecided: 'tplCards', cardsNeedSeller: 'tplCards', appealDecided: '', withdrawalPaid: 'tplPaid' },
    });
    expect((await templates(token, 'weapp')).data).toEqual({ submit: ['tplCards'], withdraw: ['tplPaid'] });
  });

  it('asks for nothing while the channel is off', async () => {
    const { token } = await newUser();
    await channelsOn(server.deps, ['sms', 'alipay']);
    expect((await templates(token, 'weapp')).data).toEqual({ submit: [], withdraw: [] });
    expect((await templates(token, 'alipay')).data.submit).toHaveLength(3);
    expect(await callApi(server, calls.subscribeTemplates, { token, query: { platform: 'h5' as 'weapp' }, headers: en })).toMatchObject({
      code: Code.InvalidInput,
      msg: "platform: must be 'weapp' or 'alipay'",
    });
  });

  it('stores one consent per accepted configured template, adds up repeats and ignores unknown ids', async () => {
    const { token, userId } = await newUser();
    await channelsOn(server.deps);
    const first = await subscribe(token, { platform: 'weapp', accepted: ['weapp_orderDecided', 'weapp_cardsNeedSeller', 'forged_id'] });
    expect(first).toMatchObject({ code: Code.Ok, data: { stored: 2 } });
    expect((await subscribe(token, { platform: 'weapp', accepted: ['weapp_orderDecided'] })).data.stored).toBe(1);
    // An Alipay id is not a WeChat template, and the other platform's ids are its own.
    expect((await subscribe(token, { platform: 'weapp', accepted: ['alipay_withdrawalPaid'] })).data.stored).toBe(0);
    expect((await subscribe(token, { platform: 'alipay', accepted: ['alipay_withdrawalPaid', 'alipay_withdrawalPaid'] })).data.stored).toBe(
      1,
    );
    expect((await subscribe(token, { platform: 'alipay', accepted: [] })).data.stored).toBe(0);
    expect(await consents(userId)).toEqual([
      [3, 'alipay_withdrawalPaid', 1],
      [2, 'weapp_cardsNeedSeller', 1],
      [2, 'weapp_orderDecided', 2],
    ]);
  });

  it('refuses more than three ids and ids that are not template ids, naming the field', async () => {
    const { token } = await newUser();
    const send = (body: unknown) => callApi(server, calls.subscribe, { token, body: body as SubscribeBody, headers: en });
    expect(await send({ platform: 'weapp', accepted: ['a', 'b', 'c', 'd'] })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'accepted: must name at most 3 templates',
    });
    expect(await send({ platform: 'weapp', accepted: ['bad id!'] })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'accepted.0: must be a template id of letters, digits, _ and -',
    });
  });
});
