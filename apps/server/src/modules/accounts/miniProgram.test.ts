import { Code } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alipayBusinessError,
  alipaySuccess,
  generateAlipayKeys,
  startAlipayGateway,
  type AlipayGateway,
} from '../../../test/fakes/alipayGateway';
import { startWechatGateway, type WechatGateway } from '../../../test/fakes/wechatGateway';
import { createTestServer, type TestServer } from '../../../test/harness';

const WECHAT = { appId: 'wx0123456789abcdef', appSecret: 'mini-secret' };
const ALIPAY_APP_ID = '2021000000000009';

let server: TestServer;
let wechat: WechatGateway;
let alipay: AlipayGateway;
/** Alipay auth codes the fake knows, to the user id they stand for. */
const alipayCodes = new Map<string, string>();
let seq = 0;
const newPhone = () => `136${String(10_000_000 + seq++).slice(-8)}`;

beforeAll(async () => {
  const keys = generateAlipayKeys();
  wechat = await startWechatGateway(WECHAT);
  alipay = await startAlipayGateway({ appId: ALIPAY_APP_ID, keys });
  alipay.handle('alipay.system.oauth.token', (request) => {
    const userId = alipayCodes.get(request.params.code ?? '');
    if (request.params.grant_type !== 'authorization_code' || !userId) {
      return { kind: 'errorResponse', response: alipayBusinessError('isv.code-invalid', '授权码code无效', '40002', 'Invalid Arguments') };
    }
    alipayCodes.delete(request.params.code!);
    return { ...alipaySuccess(), user_id: userId, access_token: 'token', expires_in: 1296000 };
  });
  server = await createTestServer({
    env: {
      MINI_PROGRAM_PROVIDER: 'real',
      WECHAT_MINI_APP_ID: WECHAT.appId,
      WECHAT_MINI_APP_SECRET: WECHAT.appSecret,
      WECHAT_API_BASE: wechat.url,
      ALIPAY_APP_ID,
      ALIPAY_PRIVATE_KEY: keys.appPrivateKey,
      ALIPAY_PUBLIC_KEY: keys.alipayPublicKey,
      ALIPAY_GATEWAY: alipay.gatewayUrl,
    },
  });
});
afterAll(async () => {
  await wechat.close();
  await alipay.close();
});

const platforms = {
  weapp: { path: '/api/Authentication/wechatMiniProgramLogin', code: (openid: string) => wechat.issueCode(openid) },
  alipay: {
    path: '/api/Authentication/aliMiniProgramLogin',
    code: (userId: string) => {
      const code = `auth${seq++}`;
      alipayCodes.set(code, userId);
      return code;
    },
  },
} as const;

async function smsLoginWith(phone: string, body: Record<string, unknown>, deviceId: string) {
  await server.deps.database.pool.query(`delete from rate_limits where key like 'sms-interval:%'`);
  await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone }, deviceId });
  return server.call('POST', '/api/Authentication/smsLogin', { body: { phone, code: await server.latestCode(phone), ...body }, deviceId });
}

describe.each(['weapp', 'alipay'] as const)('%s mini-program login', (platform) => {
  const { path, code } = platforms[platform];

  it('309 with the openid, SMS login on the same device links it, the next mini-program login is 200', async () => {
    const openid = `${platform}-user-${seq++}`;
    const deviceId = `device-${platform}-0001`;
    const first = await server.call('POST', path, { body: { code: code(openid) }, deviceId });
    expect(first).toMatchObject({ code: Code.MiniProgramUnbound, data: { openid } });

    const phone = newPhone();
    const login = await smsLoginWith(phone, { openid, platform }, deviceId);
    expect(login.code).toBe(Code.Ok);

    const again = await server.call('POST', path, { body: { code: code(openid) }, deviceId: 'another-device-01' });
    expect(again.code).toBe(Code.Ok);
    expect(again.data.userinfo.id).toBe(login.data.userinfo.id);
    expect((await server.call('GET', '/api/user/getInfo', { token: again.data.token })).code).toBe(Code.Ok);
  });

  it('linking from another device, or an openid never seen, is refused and the SMS code is not spent', async () => {
    const openid = `${platform}-user-${seq++}`;
    await server.call('POST', path, { body: { code: code(openid) }, deviceId: 'phone-of-victim-1' });
    const phone = newPhone();
    const refused = await smsLoginWith(phone, { openid, platform }, 'phone-of-thief-01');
    expect(refused.code).toBe(Code.MiniProgramBindingMissing);
    const never = await smsLoginWith(phone, { openid: 'made-up-openid', platform }, 'phone-of-thief-01');
    expect(never.code).toBe(Code.MiniProgramBindingMissing);
    const plain = await server.call('POST', '/api/Authentication/smsLogin', {
      body: { phone, code: await server.latestCode(phone) },
      deviceId: 'phone-of-thief-01',
    });
    expect(plain.code).toBe(Code.Ok);
    expect((await server.call('POST', path, { body: { code: code(openid) } })).code).toBe(Code.MiniProgramUnbound);
  });

  it('a 309 older than 30 minutes can no longer be linked', async () => {
    const openid = `${platform}-user-${seq++}`;
    const deviceId = `device-${platform}-late1`;
    await server.call('POST', path, { body: { code: code(openid) }, deviceId });
    await server.deps.database.pool.query(`update mini_program_logins set created_at = now() - interval '31 minutes' where openid = $1`, [
      openid,
    ]);
    expect((await smsLoginWith(newPhone(), { openid, platform }, deviceId)).code).toBe(Code.MiniProgramBindingMissing);
  });

  it('a user already linked to another account of the platform is refused', async () => {
    const deviceId = `device-${platform}-twice`;
    const phone = newPhone();
    const [a, b] = [`${platform}-a-${seq++}`, `${platform}-b-${seq++}`];
    await server.call('POST', path, { body: { code: code(a) }, deviceId });
    expect((await smsLoginWith(phone, { openid: a, platform }, deviceId)).code).toBe(Code.Ok);
    await server.call('POST', path, { body: { code: code(b) }, deviceId });
    expect((await smsLoginWith(phone, { openid: b, platform }, deviceId)).code).toBe(Code.MiniProgramAlreadyLinked);
  });

  it('a code the platform refuses says to log in again', async () => {
    const answer = await server.call('POST', path, { body: { code: 'not-a-code' } });
    expect(answer.code).toBe(Code.MiniProgramCodeInvalid);
  });
});

describe('mini-program login wire details', () => {
  it('WeChat gets appid, secret, js_code and grant_type; a used code is refused', async () => {
    const code = wechat.issueCode('wire-openid');
    await server.call('POST', '/api/Authentication/wechatMiniProgramLogin', { body: { code } });
    expect(wechat.received.at(-1)).toMatchObject({
      method: 'GET',
      path: '/sns/jscode2session',
      query: { appid: WECHAT.appId, secret: WECHAT.appSecret, js_code: code, grant_type: 'authorization_code' },
    });
    expect((await server.call('POST', '/api/Authentication/wechatMiniProgramLogin', { body: { code } })).code).toBe(
      Code.MiniProgramCodeInvalid,
    );
    expect(wechat.received.at(-1)?.refusedWith).toBe(40163);
  });

  it('a WeChat outage is a clear provider error', async () => {
    wechat.respondWith(() => ({ body: { errcode: -1, errmsg: 'system error' } }));
    const answer = await server.call('POST', '/api/Authentication/wechatMiniProgramLogin', { body: { code: wechat.issueCode('x') } });
    wechat.respondWith(() => undefined);
    expect(answer.code).toBe(Code.MiniProgramProviderFailed);
    expect(answer.msg).toContain('WeChat is busy');
  });

  it('openid without platform is bad input', async () => {
    const answer = await server.call('POST', '/api/Authentication/smsLogin', { body: { phone: newPhone(), code: '123456', openid: 'x' } });
    expect(answer.code).toBe(Code.InvalidInput);
    expect(answer.msg).toMatch(/^platform/);
  });
});
