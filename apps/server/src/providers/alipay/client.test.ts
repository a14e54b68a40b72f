import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALIPAY_TEST_APP_ID,
  alipayBusinessError,
  alipayClientOptions,
  alipaySuccess,
  generateAlipayKeys,
  startAlipayGateway,
  type AlipayGateway,
  type AlipayGatewayOptions,
  type AlipayKeys,
} from '../../../test/fakes/alipayGateway';
import { closedAfterEach } from '../../../test/fakes/gateway';
import { AlipayTransportError, createAlipayClient, type AlipayClientOptions } from './client';
import { alipayPrivateKeyPem } from './keys';

let keys: AlipayKeys;

beforeAll(() => {
  keys = generateAlipayKeys();
});

const gateway = closedAfterEach((overrides: Partial<AlipayGatewayOptions> = {}) =>
  startAlipayGateway({ appId: ALIPAY_TEST_APP_ID, keys, ...overrides }),
);

const client = (fake: AlipayGateway, overrides: Partial<AlipayClientOptions> = {}) =>
  createAlipayClient({ ...alipayClientOptions(fake, keys), ...overrides });

/** The body of a PEM, as Alipay's key tool prints keys: one base64 line, no armour. */
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

describe('Alipay client against the fake gateway', () => {
  it('signs the request, and accepts the answer signed by Alipay', async () => {
    const fake = await gateway();
    fake.handle('alipay.system.oauth.token', (request) => alipaySuccess({ user_id: `2088${request.params.code}` }));

    const answer = await client(fake).call('alipay.system.oauth.token', undefined, { grant_type: 'authorization_code', code: '0001' });

    expect(answer).toMatchObject({ code: '10000', user_id: '20880001' });
    const [request] = fake.received;
    expect(request?.refusedWith).toBeUndefined();
    expect(request?.params).toMatchObject({ app_id: ALIPAY_TEST_APP_ID, charset: 'utf-8', sign_type: 'RSA2', version: '1.0' });
  });

  it('sends biz_content as JSON with Alipay field names', async () => {
    const fake = await gateway();
    fake.handle('alipay.user.certify.open.query', (request) => alipaySuccess({ passed: request.biz?.certify_id === 'c1' ? 'T' : 'F' }));

    const answer = await client(fake).call('alipay.user.certify.open.query', { certify_id: 'c1' });

    expect(answer.passed).toBe('T');
  });

  it('takes keys as bare base64, PKCS#1 or PKCS#8', async () => {
    const fake = await gateway();
    fake.handle('alipay.system.oauth.token', () => alipaySuccess({ user_id: '2088' }));
    const { createPrivateKey } = await import('node:crypto');
    const pkcs1 = createPrivateKey(keys.appPrivateKey).export({ format: 'pem', type: 'pkcs1' }).toString();

    for (const privateKey of [bare(keys.appPrivateKey), pkcs1, bare(pkcs1)]) {
      const answer = await client(fake, { privateKey, alipayPublicKey: bare(keys.alipayPublicKey) }).call('alipay.system.oauth.token');
      expect(answer.code).toBe('10000');
    }
    expect(() => alipayPrivateKeyPem('not a key')).toThrow(/RSA private key/);
  });

  it('a request signed with another key is refused by the gateway as invalid-signature', async () => {
    const fake = await gateway();
    const stranger = generateAlipayKeys();

    const answer = await client(fake, { privateKey: stranger.appPrivateKey }).call('alipay.system.oauth.token');

    expect(answer).toMatchObject({ code: '40002', sub_code: 'isv.invalid-signature' });
    expect(fake.received[0]?.refusedWith).toBe('isv.invalid-signature');
  });

  it('refuses a wrong app id and a stale timestamp', async () => {
    const fake = await gateway({ clockOffsetMs: 60 * 60 * 1000 });
    expect((await client(fake).call('alipay.system.oauth.token')).sub_code).toBe('isv.invalid-timestamp');
    const other = await gateway({ appId: '2021000000000002' });
    expect((await client(other).call('alipay.system.oauth.token')).sub_code).toBe('isv.invalid-app-id');
  });

  it('an answer whose signature does not verify is an AlipayTransportError of kind signature', async () => {
    const fake = await gateway();
    fake.handle('alipay.system.oauth.token', () => ({ kind: 'badSignature', response: alipaySuccess({ user_id: '2088' }) }));

    const error = await client(fake)
      .call('alipay.system.oauth.token')
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AlipayTransportError);
    expect((error as AlipayTransportError).kind).toBe('signature');
  });

  it('an answer signed with a key that is not Alipay’s is refused too', async () => {
    const fake = await gateway({ keys: { appPublicKey: keys.appPublicKey, alipayPrivateKey: generateAlipayKeys().alipayPrivateKey } });
    fake.handle('alipay.system.oauth.token', () => alipaySuccess());

    await expect(client(fake).call('alipay.system.oauth.token')).rejects.toMatchObject({ kind: 'signature' });
  });

  it('business refusals come back as answers; HTTP errors and time-outs as transport errors', async () => {
    const fake = await gateway();
    fake.handle('alipay.system.oauth.token', () => alipayBusinessError('isv.code-invalid', '授权码code无效', '40002', 'Invalid Arguments'));
    expect(await client(fake).call('alipay.system.oauth.token')).toMatchObject({ code: '40002', sub_code: 'isv.code-invalid' });

    fake.handle('alipay.system.oauth.token', () => ({ kind: 'http', status: 502, body: 'bad gateway' }));
    await expect(client(fake).call('alipay.system.oauth.token')).rejects.toMatchObject({ kind: 'http' });

    fake.handle('alipay.system.oauth.token', () => ({ kind: 'hang' }));
    await expect(client(fake, { timeoutMs: 200 }).call('alipay.system.oauth.token')).rejects.toMatchObject({ kind: 'network' });
  });

  it('a refusal under error_response is accepted when Alipay signed it', async () => {
    const fake = await gateway();
    const refusal = alipayBusinessError('isv.code-invalid', '授权码code无效', '40002', 'Invalid Arguments');
    fake.handle('alipay.system.oauth.token', () => ({ kind: 'errorResponse', response: refusal }));

    expect(await client(fake).call('alipay.system.oauth.token')).toMatchObject({ code: '40002', sub_code: 'isv.code-invalid' });

    const forger = await gateway({ keys: { appPublicKey: keys.appPublicKey, alipayPrivateKey: generateAlipayKeys().alipayPrivateKey } });
    forger.handle('alipay.system.oauth.token', () => ({ kind: 'errorResponse', response: refusal }));
    await expect(client(forger).call('alipay.system.oauth.token')).rejects.toMatchObject({ kind: 'signature' });
  });

  it('an unknown method is refused as invalid-method', async () => {
    const fake = await gateway();
    expect(await client(fake).call('alipay.nothing.here')).toMatchObject({ code: '40002', sub_code: 'isv.invalid-method' });
  });

  it('a page URL is a signed GET the gateway accepts', async () => {
    const fake = await gateway();
    fake.handle('alipay.user.certify.open.certify', () => alipaySuccess());

    const url = client(fake).pageUrl('alipay.user.certify.open.certify', { certify_id: 'c1' });
    const response = await fetch(url);

    expect(response.status).toBe(200);
    const [request] = fake.received;
    expect(request?.httpMethod).toBe('GET');
    expect(request?.refusedWith).toBeUndefined();
    expect(request?.biz).toEqual({ certify_id: 'c1' });
  });
});
