import { describe, expect, it } from 'vitest';
import { aliyunError, startAliyunSmsGateway, type AliyunGatewayOptions, type AliyunSmsGateway } from '../../../test/fakes/aliyunSmsGateway';
import { closedAfterEach, unreachableUrl } from '../../../test/fakes/gateway';
import { createAliyunSms, signRpc, type AliyunSmsOptions } from './aliyun';

const ACCESS_KEY_ID = 'LTAI5tMaikaTestKey';
const SECRET = 'maika-test-secret';
const TEMPLATES = { login: 'SMS_100000001', modifyPhone: 'SMS_100000002' } as const;
const CODE = '482913';

const gateway = closedAfterEach((overrides: Partial<AliyunGatewayOptions> = {}) =>
  startAliyunSmsGateway({ accessKeyId: ACCESS_KEY_ID, secret: SECRET, ...overrides }),
);

function provider(fake: AliyunSmsGateway, overrides: Partial<AliyunSmsOptions> = {}) {
  return createAliyunSms({
    accessKeyId: ACCESS_KEY_ID,
    accessKeySecret: SECRET,
    signName: '麦卡',
    templates: TEMPLATES,
    endpoint: fake.url,
    ...overrides,
  });
}

describe('Aliyun RPC signature against the published examples', () => {
  it('matches the RPC signature documentation (ECS DescribeRegions, GET)', () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(signRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('matches the Dysms signature documentation (SendSms with a Chinese sign name)', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signRpc('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});

describe('createAliyunSms', () => {
  it('delivers the code with the purpose template, sign name and phone', async () => {
    const fake = await gateway();

    await provider(fake).send({ phone: '13800138000', code: CODE, purpose: 'modifyPhone' });

    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.refusedWith).toBeUndefined();
    expect(request?.method).toBe('POST');
    expect(request?.params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      SignName: '麦卡',
      TemplateCode: TEMPLATES.modifyPhone,
    });
    expect(JSON.parse(request?.params.TemplateParam ?? '')).toEqual({ code: CODE });
  });

  it('signs characters encodeURIComponent leaves bare, and strips +86', async () => {
    const fake = await gateway();

    await provider(fake, { signName: "麦卡(Maika)!*'" }).send({ phone: '+8613800138000', code: CODE, purpose: 'login' });

    expect(fake.received[0]?.refusedWith).toBeUndefined();
    expect(fake.received[0]?.params).toMatchObject({
      PhoneNumbers: '13800138000',
      SignName: "麦卡(Maika)!*'",
      TemplateCode: TEMPLATES.login,
    });
  });

  it('uses a fresh nonce per message, so the gateway never sees a replay', async () => {
    const fake = await gateway();
    const sms = provider(fake);

    await sms.send({ phone: '13800138000', code: CODE, purpose: 'login' });
    await sms.send({ phone: '13800138000', code: '000111', purpose: 'login' });

    expect(fake.received.map((r) => r.refusedWith)).toEqual([undefined, undefined]);
  });

  it('is refused with SignatureDoesNotMatch under a wrong secret, without leaking the code', async () => {
    const fake = await gateway();

    const sending = provider(fake, { accessKeySecret: 'not-the-secret' }).send({ phone: '13800138000', code: CODE, purpose: 'login' });

    const error: Error = await sending.then(
      () => Promise.reject(new Error('expected a refusal')),
      (e: Error) => e,
    );
    expect(error.message).toContain('SignatureDoesNotMatch');
    // The gateway quotes its string to sign, which carries the code; the adapter must redact it.
    expect(error.message).not.toContain(CODE);
    expect(fake.received[0]?.refusedWith).toBe('SignatureDoesNotMatch');
  });

  it('throws the vendor code and message on a business error, without the SMS code', async () => {
    const fake = await gateway();
    fake.respondWith(() => ({ body: aliyunError('isv.BUSINESS_LIMIT_CONTROL', '触发小时级流控Permits:5') }));

    const sending = provider(fake).send({ phone: '13800138000', code: CODE, purpose: 'login' });

    const error: Error = await sending.then(
      () => Promise.reject(new Error('expected a refusal')),
      (e: Error) => e,
    );
    expect(error.message).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(error.message).toContain('触发小时级流控Permits:5');
    expect(error.message).not.toContain(CODE);
  });

  it('is refused when its timestamp falls outside the 15 minute window', async () => {
    const fake = await gateway({ clockOffsetMs: 20 * 60 * 1000 });

    await expect(provider(fake).send({ phone: '13800138000', code: CODE, purpose: 'login' })).rejects.toThrow('InvalidTimeStamp.Expired');
  });

  it('gives up on a hanging gateway after timeoutMs', async () => {
    const fake = await gateway();
    fake.respondWith(() => 'hang');

    await expect(provider(fake, { timeoutMs: 150 }).send({ phone: '13800138000', code: CODE, purpose: 'login' })).rejects.toThrow(
      'no answer within 150 ms',
    );
  });

  it('refuses a phone that is not a mainland mobile before calling the gateway', async () => {
    const fake = await gateway();

    await expect(provider(fake).send({ phone: '12345', code: CODE, purpose: 'login' })).rejects.toThrow('mainland China mobile');
    expect(fake.received).toHaveLength(0);
  });
});

describe('Aliyun SMS notices', () => {
  const notice = {
    phone: '13800138000',
    templateId: 'SMS_200000004',
    params: [
      { name: 'amount', value: '¥128.50' },
      { name: 'channel', value: '支付宝' },
      { name: 'paidAt', value: '2026-11-28 17:05' },
    ],
    text: '您提现的 ¥128.50 已到账支付宝。',
  };

  it('sends the notice template with its variables by name in TemplateParam, signed', async () => {
    const fake = await gateway();

    const result = await provider(fake).sendNotice(notice);

    expect(result.status).toBe('sent');
    expect(fake.received[0]?.refusedWith).toBeUndefined();
    expect(fake.received[0]?.params).toMatchObject({ PhoneNumbers: '13800138000', SignName: '麦卡', TemplateCode: 'SMS_200000004' });
    expect(fake.received[0]?.params.TemplateParam).toBe('{"amount":"¥128.50","channel":"支付宝","paidAt":"2026-11-28 17:05"}');
  });

  it('answers retryable when Dysms is busy or answers 5xx, failed with its code otherwise', async () => {
    const fake = await gateway();
    const sms = provider(fake);

    fake.respondWith(() => ({ body: aliyunError('isp.SYSTEM_ERROR', 'System error.') }));
    expect((await sms.sendNotice(notice)).status).toBe('retryable');
    fake.respondWith(() => ({ status: 503, body: 'Service Unavailable' }));
    expect(await sms.sendNotice(notice)).toEqual({ status: 'retryable', answer: 'Aliyun SMS: HTTP 503' });
    fake.respondWith(() => ({ body: aliyunError('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号') }));
    expect(await sms.sendNotice(notice)).toEqual({
      status: 'failed',
      answer: 'Aliyun SMS SendSms: isv.MOBILE_NUMBER_ILLEGAL: 非法手机号 (HTTP 200)',
    });
  });

  it('answers retryable when no connection could be made, failed when the answer never came', async () => {
    const fake = await gateway();
    fake.respondWith(() => 'hang');

    expect(await provider(fake, { timeoutMs: 150 }).sendNotice(notice)).toEqual({
      status: 'failed',
      answer: 'Aliyun SMS: no answer within 150 ms',
    });
    expect((await provider(fake, { endpoint: await unreachableUrl() }).sendNotice(notice)).status).toBe('retryable');
  });
});
