import { describe, expect, it } from 'vitest';
import { closedAfterEach, unreachableUrl } from '../../../test/fakes/gateway';
import { startWechatMessageGateway, type WechatMessageGateway } from '../../../test/fakes/wechatMessageGateway';
import type { SubscribeMessage } from './contract';
import type { TokenStore } from './tokenStore';
import { createWechatSubscribeSender } from './wechat';

const APP_ID = 'wx0123456789abcdef';
const SECRET = 'maika-test-wechat-secret';

const gateway = closedAfterEach((expiresIn?: number) => startWechatMessageGateway({ appId: APP_ID, appSecret: SECRET, expiresIn }));

/** The shared token table, in memory: what every instance would read. */
function memoryTokens(): TokenStore & { rows: Map<string, { token: string; expiresAt: Date }> } {
  const rows = new Map<string, { token: string; expiresAt: Date }>();
  return {
    rows,
    read: async (name) => rows.get(name) ?? null,
    write: async (name, token, expiresAt) => void rows.set(name, { token, expiresAt }),
  };
}

function sender(fake: { url: string }, tokens: TokenStore, appSecret = SECRET) {
  return createWechatSubscribeSender({ appId: APP_ID, appSecret, apiBase: fake.url, miniprogramState: 'formal', tokens, timeoutMs: 2000 });
}

const message: SubscribeMessage = {
  toUser: 'oUser-openid-1',
  templateId: 'TPL_withdrawal_paid',
  page: 'pages/withdrawRecord/withdrawRecord?id=7',
  fields: [
    { kind: 'amount', value: '¥128.50' },
    { kind: 'thing', value: '支付宝' },
    { kind: 'time', value: '2026-11-28 17:05' },
  ],
  locale: 'zh-CN',
};

const sends = (fake: WechatMessageGateway) => fake.received.filter((r) => r.path === '/cgi-bin/message/subscribe/send');
const tokenCalls = (fake: WechatMessageGateway) => fake.received.filter((r) => r.path === '/cgi-bin/stable_token');

describe('WeChat subscribe messages', () => {
  it('gets a stable token, keeps it for the next send and sends the documented body', async () => {
    const fake = await gateway();
    const tokens = memoryTokens();
    const wechat = sender(fake, tokens);

    expect(await wechat.send(message)).toEqual({ status: 'sent', answer: 'ok (msgid 1)' });
    expect(await wechat.send({ ...message, locale: 'en-US', page: null })).toMatchObject({ status: 'sent' });

    expect(tokenCalls(fake)).toHaveLength(1);
    expect(tokenCalls(fake)[0]!.body).toEqual({ grant_type: 'client_credential', appid: APP_ID, secret: SECRET });
    expect([...tokens.rows.values()][0]!.token).toBe(fake.tokens[0]);
    const [first, second] = fake.sent();
    expect(first!.query.access_token).toBe(fake.tokens[0]);
    expect(first!.body).toEqual({
      touser: 'oUser-openid-1',
      template_id: 'TPL_withdrawal_paid',
      page: 'pages/withdrawRecord/withdrawRecord?id=7',
      data: { amount1: { value: '¥128.50' }, thing2: { value: '支付宝' }, time3: { value: '2026-11-28 17:05' } },
      miniprogram_state: 'formal',
      lang: 'zh_CN',
    });
    expect(second!.body.lang).toBe('en_US');
    expect(second!.body).not.toHaveProperty('page');
  });

  it("cuts values to WeChat's limits instead of having the message refused", async () => {
    const fake = await gateway();
    const long = '这是一个超过二十个字的很长很长的原因说明，用来测试截断';
    const result = await sender(fake, memoryTokens()).send({
      ...message,
      fields: [
        { kind: 'thing', value: long },
        { kind: 'character_string', value: 'A'.repeat(40) },
      ],
    });

    expect(result.status).toBe('sent');
    const data = fake.sent()[0]!.body.data;
    expect(Array.from(data.thing1.value as string)).toHaveLength(20);
    expect(data.thing1.value).toBe(`${Array.from(long).slice(0, 19).join('')}…`);
    expect(data.character_string2.value).toBe('A'.repeat(32));
  });

  it('fetches a token again before the stored one runs out', async () => {
    const fake = await gateway();
    const tokens = memoryTokens();
    await tokens.write(`wechat-stable-token:${APP_ID}`, 'old-token', new Date(Date.now() + 60_000));

    expect((await sender(fake, tokens).send(message)).status).toBe('sent');
    expect(tokenCalls(fake)).toHaveLength(1);
    expect(fake.sent()[0]!.query.access_token).toBe(fake.tokens[0]);
  });

  it('refreshes an expired token once and sends again once', async () => {
    const fake = await gateway();
    const tokens = memoryTokens();
    const wechat = sender(fake, tokens);
    await wechat.send(message);
    fake.expireTokens();

    expect((await wechat.send(message)).status).toBe('sent');
    expect(tokenCalls(fake)).toHaveLength(2);
    expect(sends(fake).map((r) => r.refusedWith)).toEqual([undefined, 42001, undefined]);
    expect([...tokens.rows.values()][0]!.token).toBe(fake.tokens[1]);
  });

  it('gives up after one refresh when the fresh token is refused too', async () => {
    const fake = await gateway();
    fake.respondWith((request) =>
      request.path === '/cgi-bin/message/subscribe/send' ? { body: { errcode: 40001, errmsg: 'invalid credential' } } : undefined,
    );

    const result = await sender(fake, memoryTokens()).send(message);

    expect(result).toEqual({ status: 'failed', answer: 'WeChat subscribeMessage.send: errcode 40001: invalid credential' });
    expect(tokenCalls(fake)).toHaveLength(2);
    expect(sends(fake)).toHaveLength(2);
  });

  it('answers refused for 43101 (no consent), retryable for -1 (busy) and failed with the errcode otherwise', async () => {
    const fake = await gateway();
    const wechat = sender(fake, memoryTokens());
    const answer = (errcode: number, errmsg: string) =>
      fake.respondWith((request) => (request.path === '/cgi-bin/message/subscribe/send' ? { body: { errcode, errmsg } } : undefined));

    answer(43101, 'user refuse to accept the msg');
    expect(await wechat.send(message)).toEqual({
      status: 'refused',
      answer: 'WeChat subscribeMessage.send: errcode 43101: user refuse to accept the msg',
    });
    answer(-1, 'system error');
    expect((await wechat.send(message)).status).toBe('retryable');
    answer(40003, 'invalid openid');
    expect(await wechat.send(message)).toEqual({ status: 'failed', answer: 'WeChat subscribeMessage.send: errcode 40003: invalid openid' });
  });

  it('answers retryable for a 5xx and when no connection could be made, failed when the answer never came', async () => {
    const fake = await gateway();
    const tokens = memoryTokens();
    fake.respondWith((request) => (request.path === '/cgi-bin/message/subscribe/send' ? { status: 502, body: 'bad gateway' } : undefined));
    expect(await sender(fake, tokens).send(message)).toEqual({ status: 'retryable', answer: 'WeChat: HTTP 502' });

    fake.respondWith((request) => (request.path === '/cgi-bin/message/subscribe/send' ? 'hang' : undefined));
    const hung = await createWechatSubscribeSender({
      appId: APP_ID,
      appSecret: SECRET,
      apiBase: fake.url,
      miniprogramState: 'formal',
      tokens,
      timeoutMs: 150,
    }).send(message);
    expect(hung).toEqual({ status: 'failed', answer: 'WeChat: no answer within 150 ms' });

    expect((await sender({ url: await unreachableUrl() }, memoryTokens()).send(message)).status).toBe('retryable');
  });

  it('fails without sending when the app secret is refused', async () => {
    const fake = await gateway();

    const result = await sender(fake, memoryTokens(), 'not-the-secret').send(message);

    expect(result.status).toBe('failed');
    expect(result.answer).toContain('errcode 40125');
    expect(sends(fake)).toHaveLength(0);
  });
});
