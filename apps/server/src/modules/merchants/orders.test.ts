import { CardStatus, Code, contract, pathOf } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, supplierCallback, type CardTypeFixture } from '../../../test/cardFixtures';
import { adminCall, operator } from '../../../test/console';
import { createTwoTestServers, type TestServer } from '../../../test/harness';
import { approvedMerchant, signedCall, type MerchantFixture } from '../../../test/merchantFixtures';

let one: TestServer;
let two: TestServer;
let finance: string;
let merchant: MerchantFixture;
let type: CardTypeFixture;
const ordersPath = pathOf(contract.merchants.submitOrder);
const orderPath = (merchantOrderNo: string) => pathOf(contract.merchants.order, { merchantOrderNo });
const sql = (text: string, params: unknown[] = []) => one.deps.database.pool.query(text, params);
let orderSeq = 0;
const newOrderNo = () => `M-${process.pid}-${(orderSeq += 1)}`;

beforeAll(async () => {
  // Two processes of one deployment share its key: each reads the secrets the other encrypted.
  const env = { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  [one, two] = await createTwoTestServers({ env, limitRules: { smsIpPerDay: 10_000 } });
  finance = await operator(one, 'finance');
  merchant = await approvedMerchant(one, finance, '13600000001');
  type = await createCardType(one);
  // 100 yuan at this merchant's own 97 %; 50 yuan stays at the public 90 %.
  const saved = await adminCall(one, finance, 'POST', pathOf(contract.merchants.saveRates, { id: merchant.merchantId }), {
    rates: [{ goodsId: type.id, faceValueFen: 10_000, rateBp: 9700 }],
  });
  expect(saved.code).toBe(Code.Ok);
});

const order = (merchantOrderNo: string, cards: { cardNo: string; cardPwd: string }[], extra: object = {}) => ({
  merchantOrderNo,
  goodsId: type.id,
  faceValueFen: 10_000,
  cards,
  ...extra,
});

describe('the catalogue', () => {
  it("lists the electronic card types with this merchant's rate where set, the public rate elsewhere", async () => {
    const physical = await createCardType(one, { physical: true });
    const answer = await signedCall(one, merchant, 'GET', pathOf(contract.merchants.catalogue));
    expect(answer.code).toBe(Code.Ok);
    const item = answer.data.list.find((t: { goodsId: number }) => t.goodsId === type.id);
    expect(item).toMatchObject({ needsCardNo: true, cardNoRule: { ruleType: 1, length: 16 }, maintenance: false });
    expect(item.faceValues).toEqual([
      { faceValueFen: 5_000, rateBp: 9000, publicRateBp: 9000 },
      { faceValueFen: 10_000, rateBp: 9700, publicRateBp: 9500 },
      { faceValueFen: 20_000, rateBp: 9600, publicRateBp: 9600 },
    ]);
    expect(answer.data.list.some((t: { goodsId: number }) => t.goodsId === physical.id)).toBe(false);
  });
});

describe('an order', () => {
  it("is accepted at the merchant's rate, answering each card masked, never its secrets", async () => {
    const cards = [freshCard(), freshCard()];
    const no = newOrderNo();
    const answer = await signedCall(one, merchant, 'POST', ordersPath, { body: order(no, cards) });
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data).toMatchObject({ merchantOrderNo: no, orderNo: expect.stringMatching(/^S\d{20}$/) });
    expect(answer.data.cards).toEqual([
      { index: 0, status: CardStatus.Unreviewed, cardNo: `${cards[0]!.cardNo.slice(0, 3)}****${cards[0]!.cardNo.slice(-4)}` },
      { index: 1, status: CardStatus.Unreviewed, cardNo: `${cards[1]!.cardNo.slice(0, 3)}****${cards[1]!.cardNo.slice(-4)}` },
    ]);
    const text = JSON.stringify(answer);
    for (const c of cards) expect(text).not.toContain(c.cardPwd);
    const { rows } = await sql('select rate_bp from card_orders where order_no = $1', [answer.data.orderNo]);
    expect(rows[0].rate_bp).toBe(9700);
    const read = await signedCall(one, merchant, 'GET', orderPath(no));
    expect(read.data).toMatchObject({ merchantOrderNo: no, rateBp: 9700, cards: [{ index: 0, status: 0, amountFen: null }, { index: 1 }] });
  });

  it('answers the first order again for the same body, and refuses another body under the same number', async () => {
    const cards = [freshCard()];
    const no = newOrderNo();
    const first = await signedCall(one, merchant, 'POST', ordersPath, { body: order(no, cards) });
    const again = await signedCall(one, merchant, 'POST', ordersPath, { body: order(no, cards) });
    expect(again).toEqual(first);
    const otherCards = await signedCall(one, merchant, 'POST', ordersPath, { body: order(no, [freshCard()]) });
    expect(otherCards).toMatchObject({ code: Code.MerchantOrderNoReused, msg: expect.stringContaining(no) });
    const otherAddress = await signedCall(one, merchant, 'POST', ordersPath, {
      body: order(no, cards, { notifyUrl: 'http://127.0.0.1:9/other' }),
    });
    expect(otherAddress.code).toBe(Code.MerchantOrderNoReused);
    const { rows } = await sql(
      `select count(*)::int as n from merchant_orders o join cards c on c.order_id = o.card_order_id where o.merchant_order_no = $1`,
      [no],
    );
    expect(rows[0].n).toBe(1);
  });

  it('is made once when two instances race with one number: the same body answers the same order to both', async () => {
    const cards = Array.from({ length: 20 }, () => freshCard());
    const no = newOrderNo();
    const [a, b] = await Promise.all([
      signedCall(one, merchant, 'POST', ordersPath, { body: order(no, cards) }),
      signedCall(two, merchant, 'POST', ordersPath, { body: order(no, cards) }),
    ]);
    expect(a.code).toBe(Code.Ok);
    expect(b).toEqual(a);
    const { rows } = await sql(
      `select count(distinct o.id)::int as orders, count(c.id)::int as cards
         from merchant_orders o join cards c on c.order_id = o.card_order_id where o.merchant_order_no = $1`,
      [no],
    );
    expect(rows[0]).toEqual({ orders: 1, cards: 20 });
  });

  it('is made once when two instances race with one number and different bodies: the other is refused', async () => {
    const no = newOrderNo();
    const answers = await Promise.all([
      signedCall(one, merchant, 'POST', ordersPath, { body: order(no, [freshCard()]) }),
      signedCall(two, merchant, 'POST', ordersPath, { body: order(no, [freshCard()]) }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([Code.Ok, Code.MerchantOrderNoReused]);
    const { rows } = await sql('select count(*)::int as n from merchant_orders where merchant_order_no = $1', [no]);
    expect(rows[0].n).toBe(1);
  });

  it('goes through the app’s rules: a card already sold in the app is refused, and bad lines are listed', async () => {
    const sold = freshCard();
    expect((await submit(one, merchant.token, type.id, [sold])).code).toBe(Code.Ok);
    const duplicate = await signedCall(one, merchant, 'POST', ordersPath, { body: order(newOrderNo(), [freshCard(), sold]) });
    expect(duplicate).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 1, field: 'cardNo' }] } });
    const badLine = await signedCall(one, merchant, 'POST', ordersPath, { body: order(newOrderNo(), [{ cardNo: '123', cardPwd: '1' }]) });
    expect(badLine).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 0, field: 'cardNo' }] } });
  });

  it('refuses a physical card type, and a callback address that is not https to a public address', async () => {
    const physical = await createCardType(one, { physical: true });
    const mailed = await signedCall(one, merchant, 'POST', ordersPath, {
      body: { ...order(newOrderNo(), [freshCard()]), goodsId: physical.id },
    });
    expect(mailed.code).toBe(Code.MerchantPhysicalNotOffered);
    const privateAddress = await signedCall(one, merchant, 'POST', ordersPath, {
      body: order(newOrderNo(), [freshCard()], { notifyUrl: 'https://10.1.2.3/callback' }),
    });
    expect(privateAddress).toMatchObject({ code: Code.MerchantNotifyUrlRefused, msg: expect.stringContaining('10.1.2.3') });
  });

  it("settles a card worth another face value at the merchant's rate for that value, else the public one", async () => {
    await adminCall(one, finance, 'POST', pathOf(contract.merchants.saveRates, { id: merchant.merchantId }), {
      rates: [{ goodsId: type.id, faceValueFen: 5_000, rateBp: 9200 }],
    });
    const no = newOrderNo();
    expect((await signedCall(one, merchant, 'POST', ordersPath, { body: order(no, [freshCard(), freshCard()]) })).code).toBe(Code.Ok);
    const { rows: cards } = await sql(
      'select c.id from cards c join merchant_orders o on o.card_order_id = c.order_id where o.merchant_order_no = $1 order by c.line_no',
      [no],
    );
    const worth = async (cardId: number, actualFaceValueFen: number) => {
      const body = JSON.stringify({ ref: String(cardId), outcome: 'passed', actualFaceValueFen });
      expect((await supplierCallback(one, { body })).code).toBe(Code.Ok);
      return (await sql('select settlement_rate_bp, settlement_fen from cards where id = $1', [cardId])).rows[0];
    };
    expect(await worth(cards[0].id, 5_000)).toEqual({ settlement_rate_bp: 9200, settlement_fen: 4600 });
    await adminCall(one, finance, 'POST', pathOf(contract.merchants.saveRates, { id: merchant.merchantId }), {
      rates: [{ goodsId: type.id, faceValueFen: 5_000, rateBp: null }],
    });
    expect(await worth(cards[1].id, 5_000)).toEqual({ settlement_rate_bp: 9000, settlement_fen: 4500 });
  });

  it("is found by the merchant's number only for its own merchant", async () => {
    const no = newOrderNo();
    expect((await signedCall(one, merchant, 'POST', ordersPath, { body: order(no, [freshCard()]) })).code).toBe(Code.Ok);
    const other = await approvedMerchant(one, finance, '13600000002');
    expect((await signedCall(one, other, 'GET', orderPath(no))).code).toBe(Code.NotFound);
    expect((await signedCall(one, merchant, 'GET', orderPath(no))).code).toBe(Code.Ok);
  });
});
