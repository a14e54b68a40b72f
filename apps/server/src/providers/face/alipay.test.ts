import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALIPAY_TEST_APP_ID,
  alipayBusinessError,
  alipayClientOptions,
  alipaySuccess,
  generateAlipayKeys,
  startAlipayGateway,
  type AlipayGateway,
  type AlipayKeys,
} from '../../../test/fakes/alipayGateway';
import { createAlipayClient } from '../alipay/client';
import { createAlipayFace } from './alipay';
import { FaceProviderError } from './index';

let keys: AlipayKeys;
let fake: AlipayGateway;
const results = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  keys = generateAlipayKeys();
  fake = await startAlipayGateway({ appId: ALIPAY_TEST_APP_ID, keys });
  fake.handle('alipay.user.certify.open.initialize', (request) => alipaySuccess({ certify_id: `cert-${request.biz?.outer_order_no}` }));
  fake.handle('alipay.user.certify.open.certify', () => alipaySuccess());
  fake.handle('alipay.user.certify.open.query', (request) => alipaySuccess(results.get(request.biz?.certify_id) ?? { passed: 'F' }));
});
afterAll(() => fake.close());

const face = () => createAlipayFace(createAlipayClient(alipayClientOptions(fake, keys)), { bizCode: 'FACE' });
const request = (outerOrderNo: string) => ({
  outerOrderNo,
  name: '张三',
  idNum: '11010519491231002X',
  baseUrl: 'https://maika.example.com',
});

describe('Alipay face verification adapter', () => {
  it('initialize sends the identity and return URL; the certify URL is a signed page the gateway accepts', async () => {
    const started = await face().start(request('FC1'));

    expect(started.certifyId).toBe('cert-FC1');
    const init = fake.received.find((r) => r.method === 'alipay.user.certify.open.initialize')!;
    expect(init.refusedWith).toBeUndefined();
    expect(init.biz).toEqual({
      outer_order_no: 'FC1',
      biz_code: 'FACE',
      identity_param: { identity_type: 'CERT_INFO', cert_type: 'IDENTITY_CARD', cert_name: '张三', cert_no: '11010519491231002X' },
      merchant_config: { return_url: 'https://maika.example.com/#/pages/realNameAuth/realNameAuth' },
    });

    expect(started.certifyUrl.startsWith(fake.gatewayUrl)).toBe(true);
    expect((await fetch(started.certifyUrl)).status).toBe(200);
    const page = fake.received.at(-1)!;
    expect(page).toMatchObject({ httpMethod: 'GET', method: 'alipay.user.certify.open.certify', biz: { certify_id: 'cert-FC1' } });
    expect(page.refusedWith).toBeUndefined();
  });

  it('query: T passes; F with a reason fails; F without one is still pending', async () => {
    const provider = face();
    results.set('c-pass', { passed: 'T' });
    results.set('c-fail', { passed: 'F', fail_reason: '人脸比对不通过' });
    expect(await provider.query('c-pass')).toEqual({ status: 'passed' });
    expect(await provider.query('c-fail')).toEqual({ status: 'failed', reason: '人脸比对不通过' });
    expect(await provider.query('c-unfinished')).toEqual({ status: 'pending' });
  });

  it('a refusal or a bad answer is a FaceProviderError that says what happened', async () => {
    fake.respondWith((r) =>
      r.method === 'alipay.user.certify.open.initialize'
        ? { body: { alipay_user_certify_open_initialize_response: alipayBusinessError('CERT_NO_INVALID', '证件号码无效'), sign: 'x' } }
        : undefined,
    );
    const error = await face()
      .start(request('FC2'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FaceProviderError);
    expect((error as FaceProviderError).reason).toMatch(/did not answer.*signature/);

    fake.respondWith(() => undefined);
    fake.handle('alipay.user.certify.open.initialize', () => alipayBusinessError('CERT_NO_INVALID', '证件号码无效'));
    await expect(face().start(request('FC3'))).rejects.toMatchObject({
      reason: 'Alipay refused alipay.user.certify.open.initialize: 证件号码无效 (CERT_NO_INVALID)',
    });
  });
});
