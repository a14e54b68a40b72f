import { contract, MessageType } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, type TestServer } from '../../../test/harness';
import { seedDemoData } from './demo';
import { DEMO_SELLER_PHONE } from './messages';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await seedDemoData(server.deps);
});
const calls = contract.messages;

describe('the demo messages', () => {
  it('turns every channel on with demo template ids, so the consent requests ask for them', async () => {
    const token = await server.login(DEMO_SELLER_PHONE);
    expect((await callApi(server, calls.settings, { token })).data.channels).toEqual({ sms: true, weapp: true, alipay: true });
    expect((await callApi(server, calls.subscribeTemplates, { token, query: { platform: 'weapp' } })).data).toEqual({
      submit: ['demo-weapp-orderDecided', 'demo-weapp-cardsNeedSeller', 'demo-weapp-appealDecided'],
      withdraw: ['demo-weapp-withdrawalPaid', 'demo-weapp-withdrawalReturned'],
    });
    expect((await callApi(server, calls.subscribeTemplates, { token, query: { platform: 'alipay' } })).data.withdraw).toEqual([
      'demo-alipay-withdrawalPaid',
      'demo-alipay-withdrawalReturned',
    ]);
  });

  it('gives the demo seller past messages of four types, the two newest unread, and sends none of them', async () => {
    const token = await server.login(DEMO_SELLER_PHONE);
    const { data } = await callApi(server, calls.list, { token, query: {} });
    expect(data).toMatchObject({ total: 4, unread: 2 });
    expect(data.list.map((m) => [m.type, m.read])).toEqual([
      [MessageType.ShipmentReceived, false],
      [MessageType.CardsNeedSeller, false],
      [MessageType.WithdrawalPaid, true],
      [MessageType.OrderDecided, true],
    ]);
    expect(data.list[2]).toMatchObject({ title: '提现已到账', content: '您提现的 ¥189.00 已到账支付宝。' });
    expect(data.list[3]!.content).toMatch(/^您的京东E卡订单 S\d{20} 已处理完成：3 张卡，到账 ¥189\.00。其中 1 张未到账，点开查看原因。\n/);
    expect(data.list[3]!.content).toMatch(/JD8\*\*\*\*5596 已驳回，卡密已被使用，可在 \d{4}-\d\d-\d\d \d\d:\d\d 前申诉$/);
    const english = await callApi(server, calls.list, { token, query: {}, headers: { lang: 'en-US' } });
    expect(english.data.list[1]!.content).toMatch(
      /^1 card of order S\d{20} needs you:\n\*\*\*\*6628: Not activated\. This card has not been activated yet$/,
    );
    const created = data.list.map((m) => Date.parse(m.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const { rows } = await server.deps.database.pool.query('select count(*)::int as n from message_deliveries');
    expect(rows[0].n).toBe(0);
  });
});
