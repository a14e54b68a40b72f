import { CardStatus, Code, SettlementStatus, ShipmentStatus } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, settledOrder, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import { createTestServer, type Body, type TestServer } from '../../../test/harness';
import type { AdminRole } from '../../db/schema';
import type { ChannelCard } from '../../providers/channel';
import { adminCall, operators, type Method } from '../../../test/console';
import { pollCards, submitOrderCards } from './channelService';
import { receiveDelivered } from './shipmentService';

let server: TestServer;
let physical: CardTypeFixture;
let electronic: CardTypeFixture;
let user: string;
let tokens: Record<AdminRole, string>;
/** Every card handed to the simulator channel, by its reference. */
const handedOver: string[] = [];
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const admin = (role: AdminRole, method: Method, url: string, body?: unknown): Promise<Body> =>
  adminCall(server, tokens[role], method, url, body);

beforeAll(async () => {
  server = await createTestServer({ env: { CHANNEL_SIM_DELAY_MS: '20' }, cardWorker: true, listen: true });
  const sim = server.deps.cardChannels.byName('sim')!;
  const submitToSim = sim.submit.bind(sim);
  sim.submit = async (card: ChannelCard) => {
    handedOver.push(card.ref);
    await submitToSim(card);
  };
  tokens = await operators(server);
  user = await server.login('13800000061');
  physical = await createCardType(server, { physical: true });
  electronic = await createCardType(server);
});

const detailOf = (orderId: number) => server.call('GET', `/api/order/detail?id=${orderId}`, { token: user });
const ship = (orderId: number, trackingNo = 'SF1234567890') =>
  server.call('POST', '/api/order/logistics', { token: user, body: { orderId, carrier: 'SF', trackingNo } });
const cardIdsOf = async (orderId: number): Promise<string[]> =>
  (await sql('select id from cards where order_id = $1 order by line_no', [orderId])).rows.map((r) => String(r.id));
const submitJobs = async (orderId: number): Promise<number> =>
  (await sql(`select count(*)::int as n from pgboss.job where name = 'card-submit' and (data->>'orderId')::bigint = $1`, [orderId])).rows[0]
    .n;

async function physicalOrder(cards = [freshCard()]): Promise<number> {
  const { code, data } = await submit(server, user, physical.id, cards);
  expect(code).toBe(Code.Ok);
  return data.orderId;
}

describe('a physical order before its cards arrive', () => {
  it('waits as "awaiting shipment" with its cards unreviewed and nothing queued for the channel', async () => {
    const orderId = await physicalOrder();
    const { data } = await detailOf(orderId);
    expect(data.order).toMatchObject({
      physical: true,
      shipmentStatus: ShipmentStatus.AwaitingShipment,
      receivedAt: null,
      pendingCount: 1,
    });
    expect(data.order.cards[0]).toMatchObject({ status: CardStatus.Unreviewed, settlementStatus: SettlementStatus.NotCredited });
    expect(await submitJobs(orderId)).toBe(0);
  });

  it('is not handed to the channel before it is received, even by a delivered job or the status poll', async () => {
    const orderId = await physicalOrder();
    expect((await ship(orderId)).code).toBe(Code.Ok);
    // Long enough ago that the poll would re-queue a lost hand-off of an electronic order.
    await sql(`update cards set created_at = now() - interval '2 hours' where order_id = $1`, [orderId]);
    expect(await submitOrderCards(server.deps, orderId)).toBe(0);
    await pollCards(server.deps);
    expect(await submitJobs(orderId)).toBe(0);
    const cards = await cardIdsOf(orderId);
    expect(handedOver.filter((ref) => cards.includes(ref))).toEqual([]);
    expect((await sql('select channel_submitted_at from cards where order_id = $1', [orderId])).rows).toEqual([
      { channel_submitted_at: null },
    ]);
  });

  it('shows "in transit" once the user records the tracking number, and lets them correct it', async () => {
    const orderId = await physicalOrder();
    expect(await ship(orderId, 'sf0000000001')).toMatchObject({ code: Code.Ok });
    expect((await ship(orderId, 'SF0000000002')).code).toBe(Code.Ok);
    const { data } = await detailOf(orderId);
    expect(data.order.shipmentStatus).toBe(ShipmentStatus.InTransit);
    expect(data.logistics).toEqual({ carrier: 'SF', trackingNo: 'SF0000000002' });
    const info = await server.call('GET', `/api/order/logisticsInfo?orderId=${orderId}`, { token: user });
    expect(info.data).toMatchObject({ shipmentStatus: ShipmentStatus.InTransit, receivedAt: null, trackingNo: 'SF0000000002' });
  });

  it('refuses a reviewer deciding a card that has not arrived', async () => {
    const orderId = await physicalOrder();
    const [cardId] = await cardIdsOf(orderId);
    const refused = await admin('reviewer', 'POST', `/api/admin/cards/${cardId}/approve`, {});
    expect(refused.code).toBe(Code.CardNotReceived);
    expect(refused.msg).toContain('mark its order received');
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${cardId}/reject`, { reason: 'not here' })).code).toBe(Code.CardNotReceived);
  });
});

describe('marking it received', () => {
  it('hands the cards over exactly once when two operators mark it received at the same moment, then credits them', async () => {
    const cards = [freshCard(), freshCard('5050')];
    const orderId = await physicalOrder(cards);
    expect((await ship(orderId)).code).toBe(Code.Ok);
    const answers = await Promise.all([
      admin('reviewer', 'POST', `/api/admin/shipments/${orderId}/received`),
      admin('admin', 'POST', `/api/admin/shipments/${orderId}/received`),
    ]);
    expect(answers.map((a) => a.code).sort((a, b) => a - b)).toEqual([Code.Ok, Code.ShipmentAlreadyReceived]);
    const winner = answers.find((a) => a.code === Code.Ok)!;
    expect(winner.data).toMatchObject({ id: orderId, shipmentStatus: ShipmentStatus.Received, carrier: 'SF', trackingNo: 'SF1234567890' });
    expect(winner.data.receivedBy).toMatch(/^(reviewer|admin)\d+_/);
    expect(await submitJobs(orderId)).toBe(1);

    const settled = await settledOrder(server, user, orderId);
    expect(settled.data.order).toMatchObject({ shipmentStatus: ShipmentStatus.Received, passedCount: 2, settledFen: 9500 + 4500 });
    expect(settled.data.order.receivedAt).not.toBeNull();
    const ids = await cardIdsOf(orderId);
    expect(ids.map((id) => handedOver.filter((ref) => ref === id).length)).toEqual([1, 1]);
    // A late repeat changes nothing.
    expect((await admin('reviewer', 'POST', `/api/admin/shipments/${orderId}/received`)).code).toBe(Code.ShipmentAlreadyReceived);
    expect(await submitJobs(orderId)).toBe(1);
    const audit = await sql(`select count(*)::int as n from audit_log where action = 'shipment.received' and target_id = $1`, [
      String(orderId),
    ]);
    expect(audit.rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('can be done before the user entered the tracking number, and then the shipment is closed', async () => {
    const orderId = await physicalOrder();
    expect((await admin('reviewer', 'POST', `/api/admin/shipments/${orderId}/received`)).code).toBe(Code.Ok);
    const refused = await server.call('POST', '/api/order/logistics', {
      token: user,
      body: { orderId, carrier: 'SF', trackingNo: 'SF1234567890' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(refused.code).toBe(Code.ShipmentTrackingLocked);
    expect(refused.msg).toContain('已签收');
    await settledOrder(server, user, orderId);
  });

  it('refuses the seller correcting the tracking number once the platform received the cards, saying why', async () => {
    const orderId = await physicalOrder();
    expect((await ship(orderId, 'SF0000000011')).code).toBe(Code.Ok);
    expect((await ship(orderId, 'SF0000000012')).code).toBe(Code.Ok);
    expect((await admin('reviewer', 'POST', `/api/admin/shipments/${orderId}/received`)).code).toBe(Code.Ok);
    const correct = (lang: string) =>
      server.call('POST', '/api/order/logistics', {
        token: user,
        body: { orderId, carrier: 'YTO', trackingNo: 'YT0000000013' },
        headers: { 'accept-language': lang },
      });
    const zh = await correct('zh-CN');
    expect(zh).toMatchObject({
      code: Code.ShipmentTrackingLocked,
      msg: '平台已签收这笔订单的卡，快递单号不能再修改；如单号有误，请联系客服',
    });
    expect((await correct('en-US')).msg).toContain('the tracking number can no longer be changed');
    expect((await detailOf(orderId)).data.logistics).toEqual({ carrier: 'SF', trackingNo: 'SF0000000012' });
    await settledOrder(server, user, orderId);
  });

  it('is refused for electronic orders and unknown orders, and to finance and support', async () => {
    const { data } = await submit(server, user, electronic.id, [freshCard()]);
    expect((await admin('reviewer', 'POST', `/api/admin/shipments/${data.orderId}/received`)).code).toBe(Code.OrderNotPhysical);
    expect((await admin('reviewer', 'POST', '/api/admin/shipments/999999999/received')).code).toBe(Code.NotFound);
    const orderId = await physicalOrder();
    for (const role of ['finance', 'support'] as const) {
      expect((await admin(role, 'POST', `/api/admin/shipments/${orderId}/received`)).code).toBe(Code.AdminForbidden);
      expect((await admin(role, 'GET', '/api/admin/shipments')).code).toBe(Code.AdminForbidden);
    }
    expect((await detailOf(orderId)).data.order.shipmentStatus).toBe(ShipmentStatus.AwaitingShipment);
  });

  it('lists physical orders by shipment status, phone and tracking number for the console', async () => {
    const orderId = await physicalOrder();
    expect((await ship(orderId, 'YT5550001111')).code).toBe(Code.Ok);
    const byTracking = await admin('reviewer', 'GET', '/api/admin/shipments?search=yt5550001111');
    expect(byTracking.data.list.map((s: { id: number }) => s.id)).toEqual([orderId]);
    expect(byTracking.data.list[0]).toMatchObject({
      userPhone: '13800000061',
      shipmentStatus: ShipmentStatus.InTransit,
      cardCount: 1,
      receivedBy: null,
    });
    const inTransit = await admin('reviewer', 'GET', '/api/admin/shipments?shipmentStatus=1&phone=0061');
    expect(inTransit.data.list.every((s: { shipmentStatus: number }) => s.shipmentStatus === ShipmentStatus.InTransit)).toBe(true);
    expect(inTransit.data.list.some((s: { id: number }) => s.id === orderId)).toBe(true);
    const bad = await admin('reviewer', 'GET', '/api/admin/shipments?shipmentStatus=7');
    expect(bad.code).toBe(Code.InvalidInput);
  });
});

describe('the carrier reporting delivery', () => {
  it('marks a parcel received when the tracking service reports it delivered, and not before', async () => {
    const orderId = await physicalOrder();
    expect((await ship(orderId, 'ZT9990001234')).code).toBe(Code.Ok);
    await receiveDelivered(server.deps, new Date(Date.now() + 10 * 3_600_000));
    expect((await detailOf(orderId)).data.order.shipmentStatus).toBe(ShipmentStatus.InTransit);
    await receiveDelivered(server.deps, new Date(Date.now() + 30 * 3_600_000));
    const { data } = await settledOrder(server, user, orderId);
    expect(data.order).toMatchObject({ shipmentStatus: ShipmentStatus.Received, passedCount: 1 });
    const row = (await sql('select received_by from card_orders where id = $1', [orderId])).rows[0];
    expect(row.received_by).toBeNull();
  });
});
