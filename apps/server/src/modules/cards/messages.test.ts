import { CardStatus, Code, messageTypeTable, SettlementStatus, ShipmentStatus, type MessageTypeKey } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, supplierCallback, type CardTypeFixture } from '../../../test/cardFixtures';
import { adminCall, operator, operators, type Method } from '../../../test/console';
import { createTestServer, eventually, type Body, type TestServer } from '../../../test/harness';
import type { Tx } from '../../db/client';
import type { AdminRole } from '../../db/schema';
import { renderMessageText, saveChannelSetting, type MessageFacts } from '../messages';
import { reviewMany } from './adminService';
import { findCardForUpdate } from './repo';
import { markReceived, receiveDelivered } from './shipmentService';
import type { AdminAction } from '../audit';
import { applyVerdict, creditCard } from './settleService';
import { APPEAL_WINDOW_DAYS } from './stateMachine';

let server: TestServer;
let user: string;
let userId: number;
let type: CardTypeFixture;
let tokens: Record<AdminRole, string>;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const admin = (method: Method, url: string, body?: unknown): Promise<Body> => adminCall(server, tokens.reviewer, method, url, body);
const PHONE = '13800000071';

beforeAll(async () => {
  // Many cards are passed here by one reviewer: none waits for a second one (gateService.ts has its own tests).
  server = await createTestServer({ env: { CARD_SECOND_REVIEW_FEN: '100000000' } });
  tokens = await operators(server);
  user = await server.login(PHONE);
  userId = (await sql('select id from users where phone = $1', [PHONE])).rows[0].id;
  type = await createCardType(server);
  // SMS on for every type, so the deliveries a message gets can be counted.
  const templates = Object.fromEntries(messageTypeTable.keys.map((key) => [key, `SMS_${key}`]));
  await saveChannelSetting(server.deps.database.db, 'sms', { enabled: true, templates });
});

interface Order {
  orderId: number;
  orderNo: string;
  ids: number[];
  masked: string[];
  numbers: string[];
}

async function order(n: number): Promise<Order> {
  const cards = Array.from({ length: n }, () => freshCard());
  const { data } = await submit(server, user, type.id, cards);
  const { rows } = await sql('select id, masked_no from cards where order_id = $1 order by line_no', [data.orderId]);
  return {
    orderId: data.orderId,
    orderNo: data.orderNo,
    ids: rows.map((r) => Number(r.id)),
    masked: rows.map((r) => r.masked_no),
    numbers: cards.flatMap((c) => [c.cardNo, c.cardPwd]),
  };
}

interface MessageRow<T extends MessageTypeKey> {
  id: number;
  subject: string;
  params: MessageFacts[T];
  read_at: Date | null;
  deliveries: number;
}

async function messages<T extends MessageTypeKey>(key: T, subject: string): Promise<MessageRow<T>[]> {
  const { rows } = await sql(
    `select m.id, m.subject, m.params, m.read_at, (select count(*)::int from message_deliveries d where d.message_id = m.id) as deliveries
       from messages m where m.user_id = $1 and m.type = $2 and m.subject = $3 order by m.id`,
    [userId, messageTypeTable.byKey(key)!.code, subject],
  );
  return rows as MessageRow<T>[];
}

const cardTypeName = () => ({ 'zh-CN': expect.stringMatching(/^Test card \d+$/), 'en-US': expect.stringMatching(/^Test card \d+$/) });

describe('an order decided', () => {
  it('reports once when its last card is credited, with the total and every card, in both languages', async () => {
    const o = await order(2);
    for (const id of o.ids) expect((await admin('POST', `/api/admin/cards/${id}/approve`, {})).code).toBe(Code.Ok);
    expect(await creditCard(server.deps, o.ids[0]!)).toBe('credited');
    expect(await messages('orderDecided', `order:${o.orderId}`)).toEqual([]);
    expect(await creditCard(server.deps, o.ids[1]!)).toBe('credited');
    const [message, ...more] = await messages('orderDecided', `order:${o.orderId}`);
    expect(more).toEqual([]);
    const credited = (i: number) => ({
      cardId: o.ids[i],
      maskedNo: o.masked[i],
      status: CardStatus.Passed,
      settlementStatus: SettlementStatus.Credited,
      amountFen: 9_500,
      reason: null,
      reasonKey: null,
      reasonParams: null,
      appealUntil: null,
    });
    expect(message!.params).toEqual({
      orderId: o.orderId,
      orderNo: o.orderNo,
      cardType: cardTypeName(),
      creditedFen: 19_000,
      cards: [credited(0), credited(1)],
    });
    // Credits are not texted by default; the message centre has it.
    expect(message!.deliveries).toBe(0);
    const name = message!.params.cardType['en-US'];
    expect(renderMessageText('orderDecided', message!.params, 'en-US')).toEqual({
      title: 'Order completed',
      content: [
        `Your ${name} order ${o.orderNo} is complete: 2 cards, ¥190.00 credited.`,
        `${o.masked[0]}: ¥95.00 credited`,
        `${o.masked[1]}: ¥95.00 credited`,
      ].join('\n'),
    });
    expect(renderMessageText('orderDecided', message!.params, 'zh-CN')).toEqual({
      title: '订单已处理完成',
      content: [
        `您的${name}订单 ${o.orderNo} 已处理完成：2 张卡，到账 ¥190.00。`,
        `${o.masked[0]} 到账 ¥95.00`,
        `${o.masked[1]} 到账 ¥95.00`,
      ].join('\n'),
    });
  });

  it('counts a rejected card as decided and a passed one as undecided until its money is credited', async () => {
    const o = await order(2);
    await admin('POST', `/api/admin/cards/${o.ids[0]}/approve`, {});
    await admin('POST', `/api/admin/cards/${o.ids[1]}/reject`, { reason: 'card already used' });
    expect(await messages('orderDecided', `order:${o.orderId}`)).toEqual([]);
    await creditCard(server.deps, o.ids[0]!);
    const [message] = await messages('orderDecided', `order:${o.orderId}`);
    expect(message!.params).toMatchObject({
      creditedFen: 9_500,
      cards: [
        { cardId: o.ids[0], amountFen: 9_500 },
        { cardId: o.ids[1], status: CardStatus.Rejected, amountFen: null, reason: 'card already used', appealUntil: expect.any(String) },
      ],
    });
    expect(renderMessageText('orderDecided', message!.params, 'en-US').content.split('\n')[0]).toMatch(
      /is complete: 2 cards, ¥95\.00 credited\. 1 of them was not credited: open it to see why\.$/,
    );
    expect(renderMessageText('orderDecided', message!.params, 'zh-CN').content.split('\n')[0]).toMatch(
      /到账 ¥95\.00。其中 1 张未到账，点开查看原因。$/,
    );
  });

  it('reports exactly once when two cards of one order are credited at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const o = await order(2);
      for (const id of o.ids) await admin('POST', `/api/admin/cards/${id}/approve`, {});
      expect(await Promise.all(o.ids.map((id) => creditCard(server.deps, id)))).toEqual(['credited', 'credited']);
      const decided = await messages('orderDecided', `order:${o.orderId}`);
      expect(decided).toHaveLength(1);
      expect(decided[0]!.params.creditedFen).toBe(19_000);
    }
  });

  it('reports exactly once when the second card of an order is decided while the change to the first is not committed yet', async () => {
    const o = await order(2);
    const db = server.deps.database.db;
    const reject = async (tx: Tx, id: number) => {
      const card = await findCardForUpdate(tx, id);
      await applyVerdict(server.deps, tx, card!, { status: CardStatus.Rejected, reason: 'card already used' });
    };
    let applied!: () => void;
    let release!: () => void;
    const firstApplied = new Promise<void>((resolve) => (applied = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await reject(tx, o.ids[0]!);
      applied();
      await released;
    });
    await firstApplied;
    const second = db.transaction((tx) => reject(tx, o.ids[1]!));
    // The second waits for the order's lock the first holds (without it, it would count the first card undecided and finish).
    const waiting = async () =>
      (await sql(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0]
        .n > 0;
    await Promise.race([second, eventually(waiting)]);
    release();
    await Promise.all([first, second]);
    expect(await messages('orderDecided', `order:${o.orderId}`)).toHaveLength(1);
    expect((await messages('cardsNeedSeller', `order:${o.orderId}`))[0]!.params.cards).toHaveLength(2);
  });

  it('reports exactly once when one card is rejected while the other is credited', async () => {
    for (let round = 0; round < 3; round += 1) {
      const o = await order(2);
      await admin('POST', `/api/admin/cards/${o.ids[0]}/approve`, {});
      await Promise.all([
        creditCard(server.deps, o.ids[0]!),
        admin('POST', `/api/admin/cards/${o.ids[1]}/reject`, { reason: 'card already used' }),
      ]);
      expect(await messages('orderDecided', `order:${o.orderId}`)).toHaveLength(1);
    }
  });

  it('leaves no message when the change that decided the order is rolled back', async () => {
    const o = await order(1);
    const failed = server.deps.database.db.transaction(async (tx) => {
      const card = await findCardForUpdate(tx, o.ids[0]!);
      expect(await applyVerdict(server.deps, tx, card!, { status: CardStatus.Rejected, reason: 'card already used' })).not.toBeNull();
      throw new Error('the change fails after its message was recorded');
    });
    await expect(failed).rejects.toThrow('the change fails');
    expect(await messages('orderDecided', `order:${o.orderId}`)).toEqual([]);
    expect(await messages('cardsNeedSeller', `order:${o.orderId}`)).toEqual([]);
    const { rows } = await sql('select status from cards where id = $1', [o.ids[0]]);
    expect(rows[0].status).toBe(CardStatus.Unreviewed);
  });
});

describe('cards that need the seller', () => {
  it('keeps one message per order, renewed unread with every card waiting for the seller, and texts it once', async () => {
    const o = await order(3);
    await admin('POST', `/api/admin/cards/${o.ids[0]}/reject`, { reason: 'card already used' });
    const [first] = await messages('cardsNeedSeller', `order:${o.orderId}`);
    expect(first!.params).toEqual({
      orderId: o.orderId,
      orderNo: o.orderNo,
      cardType: cardTypeName(),
      cards: [
        {
          cardId: o.ids[0],
          maskedNo: o.masked[0],
          status: CardStatus.Rejected,
          settlementStatus: SettlementStatus.NotCredited,
          amountFen: null,
          reason: 'card already used',
          reasonKey: null,
          reasonParams: null,
          appealUntil: expect.any(String),
        },
      ],
    });
    const rejectedAt = (await sql('select reviewed_at from cards where id = $1', [o.ids[0]])).rows[0].reviewed_at as Date;
    expect(new Date(first!.params.cards[0]!.appealUntil!).getTime()).toBe(rejectedAt.getTime() + APPEAL_WINDOW_DAYS * 86_400_000);
    expect(first!.deliveries).toBe(1);
    await sql('update messages set read_at = now() where id = $1', [first!.id]);

    await admin('POST', `/api/admin/cards/${o.ids[1]}/notActivated`, { reason: 'not activated yet' });
    await admin('POST', `/api/admin/cards/${o.ids[2]}/abnormal`, { reason: 'balance differs' });
    const [renewed, ...more] = await messages('cardsNeedSeller', `order:${o.orderId}`);
    expect(more).toEqual([]);
    expect(renewed).toMatchObject({ id: first!.id, read_at: null, deliveries: 1 });
    expect(renewed!.params.cards.map((c) => [c.cardId, c.status, c.reason, c.appealUntil === null])).toEqual([
      [o.ids[0], CardStatus.Rejected, 'card already used', false],
      [o.ids[1], CardStatus.NotActivated, 'not activated yet', true],
      [o.ids[2], CardStatus.Abnormal, 'balance differs', true],
    ]);
    const en = renderMessageText('cardsNeedSeller', renewed!.params, 'en-US');
    expect(en.title).toBe('Cards need your attention');
    expect(en.content.split('\n')).toEqual([
      `3 cards of order ${o.orderNo} need you:`,
      expect.stringMatching(
        new RegExp(
          `^${o.masked[0]!.replace(/\*/g, '\\*')}: Rejected\\. card already used\\. Appeal before \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`,
        ),
      ),
      `${o.masked[1]}: Not activated. not activated yet`,
      `${o.masked[2]}: In manual review. balance differs`,
    ]);
    const zh = renderMessageText('cardsNeedSeller', renewed!.params, 'zh-CN');
    expect(zh.title).toBe('有卡需要您处理');
    expect(zh.content.split('\n').slice(0, 2)).toEqual([
      `订单 ${o.orderNo} 有 3 张卡需要您处理：`,
      expect.stringMatching(/^\d{3}\*{4}\d{4} 已驳回，card already used，可在 \d{4}-\d\d-\d\d \d\d:\d\d 前申诉$/),
    ]);
    // Nothing in it is a card's number or password.
    const stored = JSON.stringify(renewed!.params);
    for (const secret of o.numbers) expect(stored).not.toContain(secret);
  });

  it('reports a channel verdict given by its callback', async () => {
    const o = await order(1);
    const res = await supplierCallback(server, { body: JSON.stringify({ ref: String(o.ids[0]), outcome: 'rejected', reason: 'used' }) });
    expect(res.code).toBe(Code.Ok);
    const [message] = await messages('cardsNeedSeller', `order:${o.orderId}`);
    expect(message!.params.cards).toMatchObject([{ cardId: o.ids[0], status: CardStatus.Rejected }]);
    expect(await messages('orderDecided', `order:${o.orderId}`)).toHaveLength(1);
  });

  it('sends one message, and one SMS, for a 1,000-card batch rejected card by card', async () => {
    const o = await order(1000);
    const adminId = (await sql('select id from admins order by id limit 1')).rows[0].id as number;
    const { done } = await reviewMany(
      server.deps,
      o.ids,
      { status: CardStatus.Rejected, reason: 'batch of used cards' },
      'reject',
      adminId,
    );
    expect(done).toHaveLength(1000);
    const needs = await messages('cardsNeedSeller', `order:${o.orderId}`);
    expect(needs).toHaveLength(1);
    expect(needs[0]!.params.cards).toHaveLength(1000);
    expect(needs[0]!.deliveries).toBe(1);
    expect(renderMessageText('cardsNeedSeller', needs[0]!.params, 'en-US').content.split('\n')).toHaveLength(1 + 5 + 1);
    const decided = await messages('orderDecided', `order:${o.orderId}`);
    expect(decided).toHaveLength(1);
    expect(decided[0]!.params).toMatchObject({ creditedFen: 0 });
    const { rows } = await sql(
      `select count(*)::int as n from message_deliveries d join messages m on m.id = d.message_id
        where m.user_id = $1 and m.subject = $2 and d.channel = 1`,
      [userId, `order:${o.orderId}`],
    );
    expect(rows[0].n).toBe(1);
  }, 120_000);
});

describe('appeals', () => {
  async function appealed(): Promise<{ orderId: number; id: number }> {
    const o = await order(1);
    await admin('POST', `/api/admin/cards/${o.ids[0]}/reject`, { reason: 'first verdict' });
    const res = await server.call('POST', '/api/order/appeal', { token: user, body: { cardId: o.ids[0], reason: 'please check again' } });
    expect(res.code).toBe(Code.Ok);
    return { orderId: o.orderId, id: o.ids[0]! };
  }

  const appealSubject = async (id: number) => {
    const { rows } = await sql('select appealed_at from cards where id = $1', [id]);
    return `appeal:${id}:${(rows[0].appealed_at as Date).getTime()}`;
  };

  it('reports an upheld appeal with the reply, and the credit after it sends no second order message', async () => {
    const { orderId, id } = await appealed();
    expect(await messages('orderDecided', `order:${orderId}`)).toHaveLength(1);
    const decided = await admin('POST', `/api/admin/appeals/${id}/decide`, { uphold: true, reply: 'verified with the issuer' });
    expect(decided.code).toBe(Code.Ok);
    const [message] = await messages('appealDecided', await appealSubject(id));
    expect(message!.params).toMatchObject({
      orderId,
      accepted: true,
      reply: 'verified with the issuer',
      card: { cardId: id, status: CardStatus.Passed, appealUntil: null },
    });
    const masked = message!.params.card.maskedNo;
    expect(renderMessageText('appealDecided', message!.params, 'en-US')).toEqual({
      title: 'Your appeal was decided',
      content: `Your appeal for card ${masked} (order ${message!.params.orderNo}) was accepted.\nReply: verified with the issuer`,
    });
    expect(renderMessageText('appealDecided', message!.params, 'zh-CN')).toEqual({
      title: '申诉有结果了',
      content: `卡号 ${masked}（订单 ${message!.params.orderNo}）的申诉已通过。\n回复：verified with the issuer`,
    });
    await creditCard(server.deps, id);
    expect(await messages('orderDecided', `order:${orderId}`)).toHaveLength(1);
    // The appeal's result is its own message, not the order's cards needing the seller again.
    const needs = await messages('cardsNeedSeller', `order:${orderId}`);
    expect(needs[0]!.params.cards.map((c) => c.status)).toEqual([CardStatus.Rejected]);
  });

  it('reports an appeal a second reviewer upheld when the pass is carried out, not when it is asked', async () => {
    const { orderId, id } = await appealed();
    const asked = await admin('POST', `/api/admin/appeals/${id}/decide`, { uphold: true, reply: 'worth more', actualFaceValueFen: 20_000 });
    expect(asked.data).toMatchObject({ status: CardStatus.UnderAppeal, pendingApproval: { actualFaceValueFen: 20_000 } });
    const subject = await appealSubject(id);
    expect(await messages('appealDecided', subject)).toEqual([]);
    const second = await operator(server, 'reviewer');
    const approved = await adminCall(server, second, 'POST', `/api/admin/approvals/${asked.data.pendingApproval.id}/approve`);
    expect(approved.code).toBe(Code.Ok);
    const [message] = await messages('appealDecided', subject);
    expect(message!.params).toMatchObject({
      orderId,
      accepted: true,
      reply: 'worth more',
      card: { cardId: id, status: CardStatus.Passed },
    });
  });

  it('reports a dismissed appeal', async () => {
    const { id } = await appealed();
    await admin('POST', `/api/admin/appeals/${id}/decide`, { uphold: false, reply: 'the issuer confirms' });
    const [message] = await messages('appealDecided', await appealSubject(id));
    expect(message!.params).toMatchObject({
      accepted: false,
      reply: 'the issuer confirms',
      card: { status: CardStatus.Rejected, appealUntil: null },
    });
    expect(renderMessageText('appealDecided', message!.params, 'en-US').content).toMatch(/was not accepted\.\nReply: the issuer confirms$/);
    expect(renderMessageText('appealDecided', message!.params, 'zh-CN').content).toMatch(/的申诉未通过。\n回复：the issuer confirms$/);
  });

  it('refuses an appeal once its window has closed, saying until when it was open', async () => {
    const o = await order(1);
    await admin('POST', `/api/admin/cards/${o.ids[0]}/reject`, { reason: 'first verdict' });
    await sql(`update cards set reviewed_at = now() - make_interval(days => $2) where id = $1`, [o.ids[0], APPEAL_WINDOW_DAYS + 1]);
    const detail = await server.call('GET', `/api/order/detail?id=${o.orderId}`, { token: user });
    expect(detail.data.order.cards[0]).toMatchObject({ status: CardStatus.Rejected, canAppeal: false });
    const res = await server.call('POST', '/api/order/appeal', {
      token: user,
      body: { cardId: o.ids[0], reason: 'please check again' },
      headers: { 'accept-language': 'en' },
    });
    expect(res).toMatchObject({
      code: Code.CardAppealWindowClosed,
      msg: expect.stringMatching(
        /^The time to appeal this card ended on \d{4}-\d\d-\d\d \d\d:\d\d; a card can be appealed within 7 days of its rejection$/,
      ),
    });
  });
});

describe('mailed cards received', () => {
  it('tells the seller once, whether a reviewer marked the parcel received or the carrier reported it delivered', async () => {
    const physical = await createCardType(server, { physical: true });
    const mailed = async (trackingNo: string) => {
      const { data } = await submit(server, user, physical.id, [freshCard(), freshCard()]);
      const shipped = await server.call('POST', '/api/order/logistics', {
        token: user,
        body: { orderId: data.orderId, carrier: 'SF', trackingNo },
      });
      expect(shipped.code).toBe(Code.Ok);
      return data as { orderId: number; orderNo: string };
    };
    const byReviewer = await mailed('SF1234567890');
    expect((await admin('POST', `/api/admin/shipments/${byReviewer.orderId}/received`)).code).toBe(Code.Ok);
    expect((await admin('POST', `/api/admin/shipments/${byReviewer.orderId}/received`)).code).toBe(Code.ShipmentAlreadyReceived);
    const [message, ...more] = await messages('shipmentReceived', `order:${byReviewer.orderId}`);
    expect(more).toEqual([]);
    const receivedAt = (await sql('select received_at from card_orders where id = $1', [byReviewer.orderId])).rows[0].received_at as Date;
    expect(message!.params).toEqual({
      orderId: byReviewer.orderId,
      orderNo: byReviewer.orderNo,
      cardType: cardTypeName(),
      cardCount: 2,
      receivedAt: receivedAt.toISOString(),
    });
    const name = message!.params.cardType['en-US'];
    expect(renderMessageText('shipmentReceived', message!.params, 'en-US')).toEqual({
      title: 'Your mailed cards arrived',
      content: expect.stringMatching(
        new RegExp(
          `^The 2 cards you mailed \\(order ${byReviewer.orderNo}, ${name}\\) arrived on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d; we will review them soon\\.$`,
        ),
      ),
    });
    expect(renderMessageText('shipmentReceived', message!.params, 'zh-CN')).toEqual({
      title: '邮寄的卡已签收',
      content: expect.stringMatching(
        new RegExp(`^您邮寄的 2 张${name}（订单 ${byReviewer.orderNo}）已于 \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d 签收，我们会尽快审核。$`),
      ),
    });

    const byCarrier = await mailed('ZT9990001234');
    await receiveDelivered(server.deps, new Date(Date.now() + 30 * 3_600_000));
    expect((await messages('shipmentReceived', `order:${byCarrier.orderId}`)).map((m) => m.params.cardCount)).toEqual([2]);
  });

  it('leaves no message when marking the parcel received is rolled back', async () => {
    const physical = await createCardType(server, { physical: true });
    const { data } = await submit(server, user, physical.id, [freshCard()]);
    // An entry for an operator who does not exist cannot be written: the change fails after its message was recorded.
    const unwritable: AdminAction = {
      adminId: 999_999_999,
      action: 'shipment.received',
      ip: null,
      userAgent: null,
      input: { params: { id: data.orderId }, body: {} },
      recorded: false,
    };
    await expect(markReceived(server.deps, data.orderId, null, unwritable)).rejects.toThrow();
    expect(await messages('shipmentReceived', `order:${data.orderId}`)).toEqual([]);
    const { rows } = await sql('select shipment_status from card_orders where id = $1', [data.orderId]);
    expect(rows[0].shipment_status).toBe(ShipmentStatus.AwaitingShipment);
  });
});
