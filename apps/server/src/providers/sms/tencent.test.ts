import { describe, expect, it } from 'vitest';
import {
  startTencentSmsGateway,
  tencentError,
  tencentSendStatus,
  type TencentGatewayOptions,
  type TencentSmsGateway,
} from '../../../test/fakes/tencentSmsGateway';
import { closedAfterEach, unreachableUrl } from '../../../test/fakes/gateway';
import { createTencentSms, tc3Authorization, type TencentSmsOptions } from './tencent';

const SECRET_ID = 'AKIDmaikaTestSecretId';
const SECRET = 'maika-test-secret-key';
const SDK_APP_ID = '1400000001';
const TEMPLATES = { login: '1000001', modifyPhone: '1000002' } as const;
const CODE = '482913';

const gateway = closedAfterEach((overrides: Partial<TencentGatewayOptions> = {}) =>
  startTencentSmsGateway({ secretId: SECRET_ID, secret: SECRET, sdkAppId: SDK_APP_ID, ...overrides }),
);

function provider(fake: TencentSmsGateway, overrides: Partial<TencentSmsOptions> = {}) {
  return createTencentSms({
    secretId: SECRET_ID,
    secretKey: SECRET,
    sdkAppId: SDK_APP_ID,
    signName: '麦卡',
    templates: TEMPLATES,
    endpoint: fake.url,
    ...overrides,
  });
}

async function refusal(sending: Promise<void>): Promise<Error> {
  return sending.then(
    () => Promise.reject(new Error('expected a refusal')),
    (error: Error) => error,
  );
}

describe('TC3-HMAC-SHA256 against the published example', () => {
  // Tencent Cloud API 3.0 "Signature v3" documentation, CVM DescribeInstances example.
  it('reproduces the documented Authorization header', () => {
    const authorization = tc3Authorization({
      secretId: 'AKID**********************0123456789EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });

    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKID**********************0123456789EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});

describe('createTencentSms', () => {
  it('delivers the code with the purpose template, sign name and +86 phone', async () => {
    const fake = await gateway();

    await provider(fake).send({ phone: '13800138000', code: CODE, purpose: 'modifyPhone' });

    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.refusedWith).toBeUndefined();
    expect(request).toMatchObject({ action: 'SendSms', version: '2021-01-11', region: 'ap-guangzhou' });
    expect(request?.body).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: SDK_APP_ID,
      SignName: '麦卡',
      TemplateId: TEMPLATES.modifyPhone,
      TemplateParamSet: [CODE],
    });
  });

  it('accepts a phone already carrying +86 and a configured region', async () => {
    const fake = await gateway();

    await provider(fake, { region: 'ap-beijing' }).send({ phone: '+8613800138000', code: CODE, purpose: 'login' });

    expect(fake.received[0]?.refusedWith).toBeUndefined();
    expect(fake.received[0]?.region).toBe('ap-beijing');
    expect(fake.received[0]?.body).toMatchObject({ PhoneNumberSet: ['+8613800138000'], TemplateId: TEMPLATES.login });
  });

  it('is refused with AuthFailure.SignatureFailure under a wrong secret key', async () => {
    const fake = await gateway();

    const error = await refusal(
      provider(fake, { secretKey: 'not-the-secret' }).send({ phone: '13800138000', code: CODE, purpose: 'login' }),
    );

    expect(error.message).toContain('AuthFailure.SignatureFailure');
    expect(error.message).not.toContain(CODE);
    expect(fake.received[0]?.refusedWith).toBe('AuthFailure.SignatureFailure');
  });

  it('throws the per-number status code and message, without the SMS code', async () => {
    const fake = await gateway();
    fake.respondWith(() => ({
      body: tencentSendStatus(
        '+8613800138000',
        'LimitExceeded.PhoneNumberDailyLimit',
        'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
      ),
    }));

    const error = await refusal(provider(fake).send({ phone: '13800138000', code: CODE, purpose: 'login' }));

    expect(error.message).toContain('LimitExceeded.PhoneNumberDailyLimit');
    expect(error.message).toContain('exceeds the upper limit');
    expect(error.message).not.toContain(CODE);
  });

  it('throws Response.Error code and message, redacting the SMS code if the vendor echoes it', async () => {
    const fake = await gateway();
    fake.respondWith(() => ({
      body: tencentError(
        'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        `template params [${CODE}] do not match the approved template`,
      ),
    }));

    const error = await refusal(provider(fake).send({ phone: '13800138000', code: CODE, purpose: 'login' }));

    expect(error.message).toContain('FailedOperation.TemplateParamSetNotMatchApprovedTemplate');
    expect(error.message).not.toContain(CODE);
  });

  it('is refused when its timestamp falls outside the five minute window', async () => {
    const fake = await gateway({ clockOffsetMs: 10 * 60 * 1000 });

    await expect(provider(fake).send({ phone: '13800138000', code: CODE, purpose: 'login' })).rejects.toThrow(
      'AuthFailure.SignatureExpire',
    );
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

    await expect(provider(fake).send({ phone: '+1 415 555 0100', code: CODE, purpose: 'login' })).rejects.toThrow('mainland China mobile');
    expect(fake.received).toHaveLength(0);
  });
});

describe('Tencent SMS notices', () => {
  const notice = {
    phone: '13800138000',
    templateId: '2000004',
    params: [
      { name: 'orderNo', value: 'MK202611280001' },
      { name: 'cardType', value: '京东E卡' },
      { name: 'count', value: '3 张卡' },
    ],
    text: '订单 MK202611280001 有 3 张卡需要您处理：',
  };

  it('sends the notice template with its variables in order in TemplateParamSet, signed', async () => {
    const fake = await gateway();

    const result = await provider(fake).sendNotice(notice);

    expect(result).toMatchObject({ status: 'sent' });
    expect(fake.received[0]?.refusedWith).toBeUndefined();
    expect(fake.received[0]?.body).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: SDK_APP_ID,
      SignName: '麦卡',
      TemplateId: '2000004',
      TemplateParamSet: ['MK202611280001', '京东E卡', '3 张卡'],
    });
  });

  it('answers retryable on RequestLimitExceeded and 5xx, failed with the per-number status otherwise', async () => {
    const fake = await gateway();
    const sms = provider(fake);

    fake.respondWith(() => ({ body: tencentError('RequestLimitExceeded', 'request limit exceeded') }));
    expect((await sms.sendNotice(notice)).status).toBe('retryable');
    fake.respondWith(() => ({ status: 502, body: 'bad gateway' }));
    expect(await sms.sendNotice(notice)).toEqual({ status: 'retryable', answer: 'Tencent SMS: HTTP 502' });
    fake.respondWith(() => ({ body: tencentSendStatus('+8613800138000', 'FailedOperation.PhoneNumberInBlacklist', 'in blacklist') }));
    expect(await sms.sendNotice(notice)).toEqual({
      status: 'failed',
      answer: 'Tencent SMS SendSms not sent: FailedOperation.PhoneNumberInBlacklist: in blacklist',
    });
  });

  it('answers retryable when no connection could be made', async () => {
    expect((await provider({ url: await unreachableUrl() } as TencentSmsGateway).sendNotice(notice)).status).toBe('retryable');
  });
});
