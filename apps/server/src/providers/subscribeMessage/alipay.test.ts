import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALIPAY_TEST_APP_ID,
  alipayBusinessError,
  alipayClientOptions,
  alipaySuccess,
  generateAlipayKeys,
  startAlipayGateway,
  type AlipayKeys,
} from '../../../test/fakes/alipayGateway';
import { closedAfterEach, unreachableUrl } from '../../../test/fakes/gateway';
import { createAlipayClient } from '../alipay/client';
import { createAlipaySubscribeSender } from './alipay';
import type { SubscribeMessage } from './contract';

const METHOD = 'alipay.open.app.mini.templatemessage.send';
let keys: AlipayKeys;

beforeAll(() => {
  keys = generateAlipayKeys();
});
const gateway = closedAfterEach(() => startAlipayGateway({ appId: ALIPAY_TEST_APP_ID, keys }));

const message: SubscribeMessage = {
  toUser: '2088102146225135',
  templateId: 'ATPL_order_decided',
  page: 'pages/orderDetail/orderDetail?id=12',
  fields: [
    { kind: 'character_string', value: 'MK202611280001' },
    { kind: 'thing', value: '京东E卡' },
    { kind: 'amount', value: '¥96.00' },
  ],
  locale: 'zh-CN',
};

async function started() {
  const fake = await gateway();
  const alipay = createAlipaySubscribeSender(createAlipayClient(alipayClientOptions(fake, keys)));
  return { fake, alipay };
}

describe('Alipay subscribe messages', () => {
  it('sends templatemessage.send signed with RSA2, the data as a JSON string of keywords', async () => {
    const { fake, alipay } = await started();
    fake.handle(METHOD, () => alipaySuccess());

    expect(await alipay.send(message)).toEqual({ status: 'sent', answer: 'Success (10000)' });

    const [request] = fake.received;
    // The fake gateway checks the RSA2 signature with the application's public key: not refused means it held.
    expect(request!.refusedWith).toBeUndefined();
    expect(request!.params).toMatchObject({ app_id: ALIPAY_TEST_APP_ID, method: METHOD, sign_type: 'RSA2' });
    expect(request!.biz).toEqual({
      to_user_id: '2088102146225135',
      user_template_id: 'ATPL_order_decided',
      page: 'pages/orderDetail/orderDetail?id=12',
      data: JSON.stringify({
        keyword1: { value: 'MK202611280001' },
        keyword2: { value: '京东E卡' },
        keyword3: { value: '¥96.00' },
      }),
    });
  });

  it('addresses an open id (apps since 2023) as to_open_id', async () => {
    const { fake, alipay } = await started();
    fake.handle(METHOD, () => alipaySuccess());

    await alipay.send({ ...message, toUser: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5', page: null });

    expect(fake.received[0]!.biz).toMatchObject({ to_open_id: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5' });
    expect(fake.received[0]!.biz).not.toHaveProperty('to_user_id');
    expect(fake.received[0]!.biz).not.toHaveProperty('page');
  });

  it('answers refused when the user has not subscribed, retryable when Alipay is busy, failed otherwise', async () => {
    const { fake, alipay } = await started();

    fake.handle(METHOD, () => alipayBusinessError('USER_TEMPLATE_NOT_SUBSCRIBE', '用户未订阅该模板'));
    expect(await alipay.send(message)).toEqual({
      status: 'refused',
      answer: `Alipay ${METHOD}: 用户未订阅该模板 (USER_TEMPLATE_NOT_SUBSCRIBE)`,
    });
    fake.handle(METHOD, () => alipayBusinessError('isp.unknow-error', '系统繁忙', '20000', 'Service Currently Unavailable'));
    expect((await alipay.send(message)).status).toBe('retryable');
    fake.handle(METHOD, () => ({ kind: 'http', status: 503, body: 'busy' }));
    expect((await alipay.send(message)).status).toBe('retryable');
    fake.handle(METHOD, () => alipayBusinessError('USER_TEMPLATE_ILLEGAL', '模板不合法'));
    expect(await alipay.send(message)).toEqual({ status: 'failed', answer: `Alipay ${METHOD}: 模板不合法 (USER_TEMPLATE_ILLEGAL)` });
  });

  it('fails (not retried) when the answer is not signed by Alipay or never comes', async () => {
    const { fake, alipay } = await started();

    fake.handle(METHOD, () => ({ kind: 'badSignature', response: alipaySuccess() }));
    expect((await alipay.send(message)).status).toBe('failed');
    fake.handle(METHOD, () => ({ kind: 'hang' }));
    const slow = createAlipaySubscribeSender(createAlipayClient({ ...alipayClientOptions(fake, keys), timeoutMs: 150 }));
    expect((await slow.send(message)).status).toBe('failed');
  });

  it('answers retryable when no connection could be made', async () => {
    const { fake } = await started();
    const options = { ...alipayClientOptions(fake, keys), gateway: `${await unreachableUrl()}/gateway.do` };

    expect((await createAlipaySubscribeSender(createAlipayClient(options)).send(message)).status).toBe('retryable');
  });
});
