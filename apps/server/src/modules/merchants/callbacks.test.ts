import { CardStatus, Code, contract, MerchantCallbackStatus, pathOf, SettlementStatus } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createCardType, freshCard, type CardTypeFixture } from '../../../test/cardFixtures';
import { adminCall, auditActions, operator } from '../../../test/console';
import { startMerchantReceiver, type ReceivedCallback } from '../../../test/fakes/merchantReceiver';
import type { FakeGateway } from '../../../test/fakes/gateway';
import { captureLogs, createTestServer, eventually, type TestServer } from '../../../test/harness';
import { approvedMerchant, signedCall, type MerchantFixture } from '../../../test/merchantFixtures';

const logs = captureLogs();
let server: TestServer;
let finance: string;
let merchant: MerchantFixture;
let type: CardTypeFixture;
let receiver: FakeGateway<ReceivedCallback>;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const ordersPath = pathOf(contract.merchants.submitOrder);

beforeAll(async () => {
  // Two failed attempts are retried at once, a third waits an hour: no test waits on the clock.
  server = await createTestServer({
    env: { CHANNEL_SIM_DELAY_MS: '20', MERCHANT_CALLBACK_RETRY_SECONDS: '0,0,3600' },
    limitRules: { smsIpPerDay: 10_000 },
    cardWorker: true,
    merchantWorker: true,
    listen: true,
    logger: logs.logger,
  });
  finance = await operator(server, 'finance');
  merchant = await approvedMerchant(server, finance, '13500000001');
  type = await createCardType(server);
  await adminCall(server, finance, 'POST', pathOf(contract.merchants.saveRates, { id: merchant.merchantId }), {
    rates: [{ goodsId: type.id, faceValueFen: 10_000, rateBp: 9700 }],
  });
  receiver = await startMerchantReceiver(merchant);
});

afterAll(() => receiver.close());

type Card = { index: number; status: number; settlementStatus: number; amountFen: number | null; reason: string | null };
const settled = (r: ReceivedCallback) =>
  (r.body.cards as Card[] | undefined)?.every((c) => c.status === CardStatus.Rejected || c.settlementStatus === SettlementStatus.Credited);

describe('callbacks to the merchant', () => {
  it('follow an order credited through the simulated channel, signed, to a server that fails twice and then takes it', async () => {
    let refusals = 0;
    receiver.respondWith(() => (refusals++ < 2 ? { status: 500, body: { error: 'try later' } } : undefined));
    const saved = await callApi(server, contract.merchants.saveNotifyUrl, {
      token: merchant.token,
      body: { notifyUrl: `${receiver.url}/maika/notify?shop=7` },
    });
    expect(saved.code).toBe(Code.Ok);
    const cards = [freshCard('9876'), freshCard('0000')];
    const no = 'CB-1';
    const submitted = await signedCall(server, merchant, 'POST', ordersPath, {
      body: { merchantOrderNo: no, goodsId: type.id, faceValueFen: 10_000, cards },
    });
    expect(submitted.code).toBe(Code.Ok);

    const final = await eventually(async () => {
      const last = receiver.received.at(-1);
      const order = await signedCall(server, merchant, 'GET', pathOf(contract.merchants.order, { merchantOrderNo: no }));
      const delivered = order.data.callbacks.some((c: { status: number }) => c.status === MerchantCallbackStatus.Delivered);
      return last && settled(last) && delivered && !order.data.callbacks[0].nextAttemptAt && last;
    });
    expect(final.body).toEqual({
      merchantOrderNo: no,
      orderNo: submitted.data.orderNo,
      cards: [
        { index: 0, status: CardStatus.Passed, settlementStatus: SettlementStatus.Credited, amountFen: 9700, reason: null },
        { index: 1, status: CardStatus.Rejected, settlementStatus: SettlementStatus.NotCredited, amountFen: null, reason: '卡密已被使用' },
      ],
    });
    // Every attempt was signed with the merchant's key over the path and query it was posted to.
    expect(receiver.received.length).toBeGreaterThanOrEqual(3);
    for (const r of receiver.received) expect(r).toMatchObject({ signed: true, keyId: merchant.keyId, path: '/maika/notify?shop=7' });
    expect(new Set(receiver.received.map((r) => r.nonce)).size).toBe(receiver.received.length);

    const { rows } = await sql('select attempt, status, response_code, response_excerpt from merchant_callbacks order by id');
    expect(rows.slice(0, 2)).toEqual([
      { attempt: 1, status: MerchantCallbackStatus.Failed, response_code: 500, response_excerpt: '{"error":"try later"}' },
      { attempt: 2, status: MerchantCallbackStatus.Failed, response_code: 500, response_excerpt: '{"error":"try later"}' },
    ]);
    expect(rows[2]).toMatchObject({ attempt: 3, status: MerchantCallbackStatus.Delivered, response_code: 200 });

    const balance = await signedCall(server, merchant, 'GET', pathOf(contract.merchants.balance));
    expect(balance.data).toEqual({ availableFen: 9700, heldFen: 0 });
    const shown = await callApi(server, contract.merchants.callbacks, { token: merchant.token, query: { merchantOrderNo: no } });
    expect(shown.data.total).toBe(receiver.received.length);

    const seen = [...receiver.received.map((r) => r.raw), logs.text()].join('\n');
    for (const c of cards) {
      expect(seen).not.toContain(c.cardPwd);
      expect(seen).not.toContain(c.cardNo);
    }
  });

  it('are sent again when the merchant asks, and when support asks (audited), with the order as it stands', async () => {
    receiver.respondWith(() => undefined);
    const before = receiver.received.length;
    const asked = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.apiResendCallback), {
      body: { merchantOrderNo: 'CB-1' },
    });
    expect(asked).toMatchObject({ code: Code.Ok, data: { merchantOrderNo: 'CB-1', notifyUrl: `${receiver.url}/maika/notify?shop=7` } });
    await eventually(async () => receiver.received.length > before);
    expect(settled(receiver.received.at(-1)!)).toBe(true);

    const support = await operator(server, 'support');
    const resent = await adminCall(server, support, 'POST', pathOf(contract.merchants.adminResendCallback, { id: merchant.merchantId }), {
      merchantOrderNo: 'CB-1',
    });
    expect(resent.code).toBe(Code.Ok);
    await eventually(async () => receiver.received.length > before + 1);
    expect(await auditActions(server, 'merchant', merchant.merchantId)).toContain('merchant.resendCallback');
    const unknown = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.apiResendCallback), {
      body: { merchantOrderNo: 'NONE' },
    });
    expect(unknown.code).toBe(Code.NotFound);
  });

  it('do not follow a redirect: the attempt fails with the 3xx and the address it points to hears nothing', async () => {
    const target = await startMerchantReceiver(merchant);
    const redirecting = await startMerchantReceiver(merchant, { redirectTo: `${target.url}/elsewhere` });
    try {
      const no = 'CB-REDIRECT';
      const submitted = await signedCall(server, merchant, 'POST', ordersPath, {
        body: {
          merchantOrderNo: no,
          goodsId: type.id,
          faceValueFen: 10_000,
          cards: [freshCard('0000')],
          notifyUrl: `${redirecting.url}/cb`,
        },
      });
      expect(submitted.code).toBe(Code.Ok);
      const attempts = await eventually(async () => {
        const { rows } = await sql(
          `select c.status, c.response_code, c.next_attempt_at from merchant_callbacks c
             join merchant_orders o on o.id = c.merchant_order_id where o.merchant_order_no = $1 order by c.id`,
          [no],
        );
        return rows.length >= 3 && rows;
      });
      for (const a of attempts) expect(a).toMatchObject({ status: MerchantCallbackStatus.Failed, response_code: 302 });
      // After the quick retries the next one waits the hour of the settings.
      expect(attempts.at(-1)!.next_attempt_at).not.toBeNull();
      expect(redirecting.received.length).toBeGreaterThanOrEqual(3);
      expect(target.received).toEqual([]);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });
});
