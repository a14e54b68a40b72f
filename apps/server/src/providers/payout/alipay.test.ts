import { renderText } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALIPAY_TEST_APP_ID,
  alipayBusinessError,
  alipayClientOptions,
  alipaySuccess,
  generateAlipayKeys,
  startAlipayGateway,
  type AlipayGateway,
  type AlipayKeys,
  type AlipayResponse,
  type AlipaySpecialReply,
} from '../../../test/fakes/alipayGateway';
import { closedAfterEach } from '../../../test/fakes/gateway';
import { createAlipayClient } from '../alipay/client';
import { createAlipayPayout } from './alipay';
import type { PayoutRequest } from './contract';

const TRANSFER = 'alipay.fund.trans.uni.transfer';
const QUERY = 'alipay.fund.trans.common.query';
let keys: AlipayKeys;

beforeAll(() => {
  keys = generateAlipayKeys();
});
const gateway = closedAfterEach(() => startAlipayGateway({ appId: ALIPAY_TEST_APP_ID, keys }));

interface Order {
  outBizNo: string;
  orderId: string;
  payFundOrderId: string;
  status: 'SUCCESS' | 'DEALING' | 'FAIL';
  transDate: string;
  biz: string;
  errorCode?: string;
  failReason?: string;
}

/** Alipay's transfer book, as far as these two methods show it: orders kept by out_biz_no. */
class TransferBook {
  orders = new Map<string, Order>();
  /** How Alipay decides a new transfer: an order status, or a business refusal. */
  decide: (biz: Record<string, any>) => Order['status'] | AlipayResponse = () => 'SUCCESS';
  /** Carry out the next transfer, but never answer it. */
  loseNext = false;
  /** Sign the next answer wrongly. */
  tamperNext = false;
  private sequence = 0;

  constructor(fake: AlipayGateway) {
    fake.handle(TRANSFER, (request) => this.reply(this.transfer(request.biz ?? {})));
    fake.handle(QUERY, (request) => this.reply(this.query(request.biz ?? {})));
  }

  private reply(response: AlipayResponse): AlipayResponse | AlipaySpecialReply {
    if (this.loseNext) return ((this.loseNext = false), { kind: 'hang' });
    if (this.tamperNext) return ((this.tamperNext = false), { kind: 'badSignature', response });
    return response;
  }

  private view(order: Order): AlipayResponse {
    const failure = order.status === 'FAIL' ? { error_code: order.errorCode, fail_reason: order.failReason } : {};
    return alipaySuccess({
      out_biz_no: order.outBizNo,
      order_id: order.orderId,
      pay_fund_order_id: order.payFundOrderId,
      status: order.status,
      trans_date: order.transDate,
      ...failure,
    });
  }

  private transfer(biz: Record<string, any>): AlipayResponse {
    const payee = biz.payee_info ?? {};
    if (
      !/^\d+\.\d{2}$/.test(String(biz.trans_amount)) ||
      biz.product_code !== 'TRANS_ACCOUNT_NO_PWD' ||
      biz.biz_scene !== 'DIRECT_TRANSFER' ||
      !biz.order_title ||
      !biz.out_biz_no
    ) {
      return alipayBusinessError('INVALID_PARAMETER', '参数有误。');
    }
    if (payee.identity_type !== 'ALIPAY_LOGON_ID' || !payee.identity || !payee.name)
      return alipayBusinessError('INVALID_PARAMETER', '参数有误。收款方信息不完整');
    const [yuan, cents] = String(biz.trans_amount).split('.');
    if (BigInt(yuan!) * 100n + BigInt(cents!) < 10n) return alipayBusinessError('EXCEED_LIMIT_SM_MIN_AMOUNT', '单笔最低转账金额0.1元');
    const existing = this.orders.get(biz.out_biz_no);
    if (existing)
      return existing.biz === JSON.stringify(biz)
        ? this.view(existing)
        : alipayBusinessError('PAYMENT_INFO_INCONSISTENCY', '两次请求商户单号一样，但是参数不一致');
    const decided = this.decide(biz);
    if (typeof decided !== 'string') return decided;
    const n = String(++this.sequence).padStart(6, '0');
    const order: Order = {
      outBizNo: biz.out_biz_no,
      orderId: `20261123110070000006${n}`,
      payFundOrderId: `20261123110070001506${n}`,
      status: decided,
      transDate: '2026-11-23 10:41:39',
      biz: JSON.stringify(biz),
    };
    this.orders.set(order.outBizNo, order);
    return this.view(order);
  }

  private query(biz: Record<string, any>): AlipayResponse {
    if (biz.product_code !== 'TRANS_ACCOUNT_NO_PWD' || biz.biz_scene !== 'DIRECT_TRANSFER')
      return alipayBusinessError('INVALID_PARAMETER', '参数有误。');
    const order = this.orders.get(biz.out_biz_no);
    return order ? this.view(order) : alipayBusinessError('ORDER_NOT_EXIST', '转账订单不存在');
  }
}

async function setup(timeoutMs = 2000) {
  const fake = await gateway();
  const book = new TransferBook(fake);
  const client = createAlipayClient({ ...alipayClientOptions(fake, keys), timeoutMs });
  return { fake, book, alipay: createAlipayPayout({ client }) };
}

const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  outBizNo: 'W202611230001',
  amountFen: 12_345,
  channel: 'alipay',
  payee: { account: 'payee@example.com', name: '张三' },
  remark: '卖卡提现 W202611230001',
  ...overrides,
});

describe('Alipay fund transfers', () => {
  it('pays with the amount in exact yuan and the payee checked by name', async () => {
    const { fake, book, alipay } = await setup();

    const result = await alipay.transfer(request());

    const order = book.orders.get('W202611230001')!;
    expect(result).toEqual({ outcome: 'paid', providerRef: order.payFundOrderId, paidAt: new Date('2026-11-23T02:41:39Z') });
    expect(fake.received[0]?.refusedWith).toBeUndefined();
    expect(fake.received[0]?.biz).toEqual({
      out_biz_no: 'W202611230001',
      trans_amount: '123.45',
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
      order_title: '卖卡提现',
      payee_info: { identity: 'payee@example.com', identity_type: 'ALIPAY_LOGON_ID', name: '张三' },
      remark: '卖卡提现 W202611230001',
    });
  });

  it('writes whole, small and large amounts without floats', async () => {
    const { fake, alipay } = await setup();
    for (const [amountFen, yuan] of [
      [10, '0.10'],
      [100_000_000, '1000000.00'],
      [900_719_925_474_099, '9007199254740.99'],
    ] as const) {
      await alipay.transfer(request({ outBizNo: `W${amountFen}`, amountFen }));
      expect(fake.received.at(-1)?.biz?.trans_amount).toBe(yuan);
    }
  });

  it.each([
    ['PAYEE_NOT_EXIST', '收款用户不存在', 'The Alipay account does not exist'],
    ['PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确', 'does not match your real name'],
    ['PAYER_BALANCE_NOT_ENOUGH', '付款方余额不足', 'paying account cannot pay'],
  ])('fails a transfer Alipay refuses with %s, saying why to the payee', async (subCode, subMsg, english) => {
    const { book, alipay } = await setup();
    book.decide = () => alipayBusinessError(subCode, subMsg);

    const result = await alipay.transfer(request());

    expect(result).toMatchObject({ outcome: 'failed', reason: `Alipay: ${subMsg} (${subCode})` });
    if (result.outcome !== 'failed') return;
    expect(renderText(result.payeeReason!, 'en-US')).toContain(english);
  });

  it('fails an amount under the Alipay minimum', async () => {
    const { alipay } = await setup();
    expect(await alipay.transfer(request({ amountFen: 9 }))).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('EXCEED_LIMIT_SM_MIN_AMOUNT'),
    });
  });

  it('is unknown, not failed, on a system error or a refusal it does not know', async () => {
    const { book, alipay } = await setup();
    book.decide = () => alipayBusinessError('SYSTEM_ERROR', '系统繁忙');
    expect(await alipay.transfer(request())).toEqual({ outcome: 'unknown', error: 'Alipay: 系统繁忙 (SYSTEM_ERROR)' });
    book.decide = () => alipayBusinessError('SOMETHING_NEW', '新的错误');
    expect((await alipay.transfer(request())).outcome).toBe('unknown');
  });

  it('says processing while Alipay deals with it, then paid', async () => {
    const { book, alipay } = await setup();
    book.decide = () => 'DEALING';

    expect(await alipay.transfer(request())).toMatchObject({
      outcome: 'processing',
      providerRef: book.orders.get('W202611230001')!.orderId,
    });
    book.orders.get('W202611230001')!.status = 'SUCCESS';
    expect(await alipay.query('W202611230001')).toMatchObject({ outcome: 'paid' });
  });

  it('says unknown when the answer is lost, and query then finds the transfer paid', async () => {
    const { book, alipay } = await setup(300);
    book.loseNext = true;

    const result = await alipay.transfer(request());

    expect(result.outcome).toBe('unknown');
    expect(book.orders.size).toBe(1);
    expect(await alipay.query('W202611230001')).toMatchObject({
      outcome: 'paid',
      providerRef: book.orders.get('W202611230001')!.payFundOrderId,
    });
  });

  it('keeps one transfer when the same out_biz_no is sent again, even with other details', async () => {
    const { book, alipay } = await setup();

    const first = await alipay.transfer(request());
    const again = await alipay.transfer(request());
    const altered = await alipay.transfer(request({ amountFen: 99_999 }));

    expect(book.orders.size).toBe(1);
    expect(again).toEqual(first);
    expect(altered).toEqual(first);
  });

  it('finds nothing for a transfer that never happened', async () => {
    const { alipay } = await setup();
    expect(await alipay.query('W404')).toEqual({ outcome: 'notFound' });
  });

  it('reports a transfer Alipay failed afterwards, with its reason', async () => {
    const { book, alipay } = await setup();
    book.decide = () => 'DEALING';
    await alipay.transfer(request());
    Object.assign(book.orders.get('W202611230001')!, {
      status: 'FAIL',
      errorCode: 'PAYEE_ACCOUNT_STATUS_ERROR',
      failReason: '收款方账户状态异常',
    });

    const result = await alipay.query('W202611230001');
    expect(result).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('PAYEE_ACCOUNT_STATUS_ERROR') });
    if (result.outcome !== 'failed') return;
    expect(renderText(result.payeeReason!, 'zh-CN')).toContain('状态异常');
  });

  it('does not trust an answer whose signature does not verify', async () => {
    const { book, alipay } = await setup();
    book.tamperNext = true;

    expect((await alipay.transfer(request())).outcome).toBe('unknown');
    expect(await alipay.query('W202611230001')).toMatchObject({ outcome: 'paid' });
  });

  it('is unknown on an HTTP error from the gateway', async () => {
    const { fake, alipay } = await setup();
    fake.handle(TRANSFER, () => ({ kind: 'http', status: 502, body: 'bad gateway' }));
    expect((await alipay.transfer(request())).outcome).toBe('unknown');
  });

  it('refuses a payee without a name before calling Alipay', async () => {
    const { fake, alipay } = await setup();
    expect(await alipay.transfer(request({ payee: { account: 'payee@example.com', name: '' } }))).toMatchObject({ outcome: 'failed' });
    expect(fake.received).toHaveLength(0);
  });
});
