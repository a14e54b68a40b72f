import { renderText } from '@maika/shared';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startWechatPayGateway, type WechatPayGateway } from '../../../test/fakes/wechatPayGateway';
import { closedAfterEach } from '../../../test/fakes/gateway';
import type { PayoutRequest } from './contract';
import { createWechatPayout, type WechatPayoutOptions } from './wechat';
import { authorizationHeader, responseMessage, rsaSha256Sign, rsaSha256Verify, verifyResponse } from './wechatSign';

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = pem();
const wechatPay = pem();
const MCH_ID = '1900000109';
const APP_ID = 'wx8888888888888888';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092025010100000000000001';
const OPENID = 'o-MYE42l80oelYMDE34nYD456Xoy';

const gateway = closedAfterEach(() =>
  startWechatPayGateway({
    mchId: MCH_ID,
    appId: APP_ID,
    merchantSerialNo: SERIAL,
    merchantPublicKey: merchant.publicKey,
    wechatPayPrivateKey: wechatPay.privateKey,
    wechatPayPublicKeyId: PUBLIC_KEY_ID,
  }),
);

function provider(fake: WechatPayGateway, overrides: Partial<WechatPayoutOptions> = {}) {
  return createWechatPayout({
    mchId: MCH_ID,
    appId: APP_ID,
    merchantSerialNo: SERIAL,
    privateKey: merchant.privateKey,
    wechatPayPublicKey: wechatPay.publicKey,
    wechatPayPublicKeyId: PUBLIC_KEY_ID,
    apiBase: fake.url,
    ...overrides,
  });
}

const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  outBizNo: 'W202611230001',
  amountFen: 12_345,
  channel: 'wechat',
  payee: { account: OPENID, name: '张三' },
  remark: '卖卡提现',
  ...overrides,
});

describe('WeChat Pay transfer bills', () => {
  it('pays a transfer WeChat Pay settles at once, with a signed request, the encrypted name and the scene report', async () => {
    const fake = await gateway();
    fake.decideNewBills(() => ({ state: 'SUCCESS' }));

    const result = await provider(fake).transfer(request());

    const bill = fake.bills.get('W202611230001')!;
    expect(result).toMatchObject({ outcome: 'paid', providerRef: bill.transferBillNo });
    const [received] = fake.received;
    expect(received?.refusedWith).toBeUndefined();
    expect(received?.userName).toBe('张三');
    expect(received?.body).toMatchObject({
      appid: APP_ID,
      out_bill_no: 'W202611230001',
      transfer_scene_id: '1000',
      openid: OPENID,
      transfer_amount: 12_345,
      transfer_remark: '卖卡提现',
      transfer_scene_report_infos: [
        { info_type: '活动名称', info_content: '卖卡回收提现' },
        { info_type: '奖励说明', info_content: '卖卡提现' },
      ],
    });
    expect(received?.body.user_name).not.toBe('张三');
  });

  it('hands back the package to confirm in WeChat, valid 24 hours from the bill, then sees the payment', async () => {
    const fake = await gateway();
    const wechat = provider(fake);

    const result = await wechat.transfer(request());

    const bill = fake.bills.get('W202611230001')!;
    const createdToTheSecond = Math.floor(bill.createdAt.getTime() / 1000) * 1000;
    expect(result).toEqual({
      outcome: 'awaitingConfirmation',
      providerRef: bill.transferBillNo,
      packageInfo: bill.packageInfo,
      expiresAt: new Date(createdToTheSecond + 24 * 3600_000),
    });

    fake.setState('W202611230001', 'SUCCESS');
    expect(await wechat.query('W202611230001')).toMatchObject({ outcome: 'paid', providerRef: bill.transferBillNo });
  });

  it('reports a failed bill with a reason the payee can read, in both languages', async () => {
    const fake = await gateway();
    fake.decideNewBills(() => ({ state: 'FAIL', failReason: 'NAME_NOT_CORRECT' }));

    const result = await provider(fake).transfer(request());

    expect(result.outcome).toBe('failed');
    if (result.outcome !== 'failed') return;
    expect(result.reason).toContain('NAME_NOT_CORRECT');
    expect(renderText(result.payeeReason!, 'zh-CN')).toContain('姓名');
    expect(renderText(result.payeeReason!, 'en-US')).toContain('name does not match');
  });

  it('says unknown when the answer is lost, and query then finds the transfer paid', async () => {
    const fake = await gateway();
    const wechat = provider(fake, { timeoutMs: 300 });
    fake.loseNextAnswer();

    const result = await wechat.transfer(request());

    expect(result).toEqual({ outcome: 'unknown', error: 'WeChat Pay: no answer within 300 ms' });
    expect(fake.bills.size).toBe(1);
    fake.setState('W202611230001', 'SUCCESS');
    expect(await wechat.query('W202611230001')).toMatchObject({ outcome: 'paid' });
  });

  it('gets the package of a bill found waiting by query by sending the same transfer again', async () => {
    const fake = await gateway();
    const wechat = provider(fake, { timeoutMs: 300 });
    fake.loseNextAnswer();
    expect((await wechat.transfer(request())).outcome).toBe('unknown');

    const bill = fake.bills.get('W202611230001')!;
    expect(await wechat.query('W202611230001')).toEqual({ outcome: 'processing', providerRef: bill.transferBillNo });
    expect(await wechat.transfer(request())).toMatchObject({ outcome: 'awaitingConfirmation', packageInfo: bill.packageInfo });
    expect(fake.bills.size).toBe(1);
  });

  it('finds nothing for a transfer whose request never arrived', async () => {
    const fake = await gateway();
    const wechat = provider(fake, { timeoutMs: 300 });
    fake.respondWith(() => 'hang');

    expect((await wechat.transfer(request())).outcome).toBe('unknown');
    fake.respondWith(() => undefined);
    expect(await wechat.query('W202611230001')).toEqual({ outcome: 'notFound' });
  });

  it('keeps one bill when the same out_bill_no is sent again, even with other details', async () => {
    const fake = await gateway();
    const wechat = provider(fake);

    const first = await wechat.transfer(request());
    const again = await wechat.transfer(request());
    const altered = await wechat.transfer(request({ amountFen: 99_999 }));

    expect(fake.bills.size).toBe(1);
    expect(again).toEqual(first);
    // WeChat refuses the altered repeat; the existing bill, still waiting for the payee, is the answer.
    expect(fake.received.at(-2)?.body.transfer_amount).toBe(99_999);
    expect(altered).toMatchObject({ outcome: 'processing', providerRef: fake.bills.get('W202611230001')!.transferBillNo });
  });

  it('does not trust an answer whose signature does not verify', async () => {
    const fake = await gateway();
    fake.decideNewBills(() => ({ state: 'FAIL', failReason: 'ACCOUNT_FROZEN' }));
    fake.tamperSignatures(true);
    const wechat = provider(fake);

    const result = await wechat.transfer(request());

    expect(result.outcome).toBe('unknown');
    expect(result.outcome === 'unknown' && result.error).toContain('signature does not verify');
    expect((await wechat.query('W202611230001')).outcome).toBe('unknown');
    fake.tamperSignatures(false);
    expect((await wechat.query('W202611230001')).outcome).toBe('failed');
  });

  it('does not trust an answer signed under another key id', async () => {
    const fake = await gateway();
    const result = await provider(fake, { wechatPayPublicKeyId: 'PUB_KEY_ID_0000000000000000000000000000000000' }).transfer(request());
    expect(result.outcome === 'unknown' && result.error).toContain('signed with key');
  });

  it('cancels a transfer the payee has not confirmed, and cannot cancel a paid one', async () => {
    const fake = await gateway();
    const wechat = provider(fake);
    await wechat.transfer(request());

    const cancelled = await wechat.cancel!('W202611230001');
    expect(cancelled).toMatchObject({ outcome: 'failed', reason: 'CANCELLED' });
    const cancelRequest = fake.received.find((r) => r.kind === 'cancel')!;
    expect(cancelRequest).toMatchObject({ method: 'POST', contentType: 'application/json' });
    expect(cancelRequest.refusedWith).toBeUndefined();
    expect(fake.bills.get('W202611230001')!.state).toBe('CANCELLED');

    await wechat.transfer(request({ outBizNo: 'W202611230002' }));
    fake.setState('W202611230002', 'SUCCESS');
    expect(await wechat.cancel!('W202611230002')).toMatchObject({ outcome: 'paid' });
    expect(await wechat.cancel!('W202611230003')).toEqual({ outcome: 'notFound' });
  });

  it('fails a transfer WeChat Pay refuses when no bill exists, with its message', async () => {
    const fake = await gateway();

    const result = await provider(fake, { appId: 'wx9999999999999999' }).transfer(request());

    expect(fake.received[0]?.refusedWith).toBe('INVALID_REQUEST');
    expect(result).toMatchObject({ outcome: 'failed', reason: 'WeChat Pay INVALID_REQUEST: appid和mch_id不匹配，请检查后再试' });
  });

  it('says unknown on a system error and on its own rejected signature', async () => {
    const fake = await gateway();
    fake.respondWith(() => ({ status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } }));
    expect((await provider(fake).transfer(request())).outcome).toBe('unknown');

    fake.respondWith(() => undefined);
    const wrongKey = provider(fake, { privateKey: pem().privateKey });
    expect((await wrongKey.transfer(request())).outcome).toBe('unknown');
    expect(fake.received.at(-1)?.refusedWith).toBe('SIGN_ERROR');
    expect(fake.bills.size).toBe(0);
  });

  it('refuses from 2,000 yuan without a name, before calling WeChat Pay', async () => {
    const fake = await gateway();

    const result = await provider(fake).transfer(request({ amountFen: 200_000, payee: { account: OPENID, name: ' ' } }));

    expect(result.outcome).toBe('failed');
    if (result.outcome !== 'failed') return;
    expect(renderText(result.payeeReason!, 'en-US')).toContain('2,000 yuan');
    expect(fake.received).toHaveLength(0);
  });

  it('reports the recycling scene with its own fields', async () => {
    const fake = await gateway();

    await provider(fake, { transferSceneId: '1010' }).transfer(request());

    expect(fake.received[0]?.refusedWith).toBeUndefined();
    expect(fake.received[0]?.body).toMatchObject({
      transfer_scene_id: '1010',
      user_recv_perception: '二手回收货款',
      transfer_scene_report_infos: [{ info_type: '回收商品名称', info_content: '闲置卡券' }],
    });
  });
});

describe('WeChat Pay v3 signatures', () => {
  it('signs method, path, timestamp, nonce and body, one per line', () => {
    const header = authorizationHeader({
      mchId: MCH_ID,
      serialNo: SERIAL,
      privateKey: merchant.privateKey,
      method: 'GET',
      urlPath: '/v3/x?y=1',
      body: '',
      timestamp: 1554208460,
      nonce: 'n0',
    });
    const signature = /signature="([^"]+)"/.exec(header)![1]!;
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="n0",signature="[^"]+",timestamp="1554208460",serial_no="5157F09E/,
    );
    expect(rsaSha256Verify(merchant.publicKey, 'GET\n/v3/x?y=1\n1554208460\nn0\n\n', signature)).toBe(true);
  });

  it('accepts a fresh answer signed by WeChat Pay, and refuses a stale or foreign one', () => {
    const now = 1_800_000_000_000;
    const timestamp = String(now / 1000);
    const body = '{"state":"SUCCESS"}';
    const signed = (key: string, at: string) => ({
      timestamp: at,
      nonce: 'abc',
      signature: rsaSha256Sign(key, responseMessage(at, 'abc', body)),
      serial: PUBLIC_KEY_ID,
    });

    expect(verifyResponse(signed(wechatPay.privateKey, timestamp), body, wechatPay.publicKey, PUBLIC_KEY_ID, now)).toEqual({ ok: true });
    expect(
      verifyResponse(signed(wechatPay.privateKey, String(now / 1000 - 301)), body, wechatPay.publicKey, PUBLIC_KEY_ID, now),
    ).toMatchObject({ ok: false, why: expect.stringContaining('five minute') });
    expect(verifyResponse(signed(merchant.privateKey, timestamp), body, wechatPay.publicKey, PUBLIC_KEY_ID, now)).toMatchObject({
      ok: false,
    });
    expect(
      verifyResponse({ ...signed(wechatPay.privateKey, timestamp), signature: null }, body, wechatPay.publicKey, PUBLIC_KEY_ID, now),
    ).toMatchObject({ ok: false, why: 'answer is not signed' });
  });
});
