import { DeliveryStatus, MessageChannel, MessageType } from '@maika/shared';
import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageDeliveries } from '../../db/schema';
import { createTestServer, type TestServer } from '../../../test/harness';
import { sampleFacts } from '../../../test/messageFacts';
import { channelsOn, miniProgramUser, record, sampleEvent } from '../../../test/messageFixtures';
import { recordMessage } from './service';
import { saveChannelSetting } from './settingsService';

let server: TestServer;
let phone = 13770000000;
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});
const query = async (sql: string, params: unknown[] = []) => (await server.deps.database.pool.query(sql, params)).rows;
const nextPhone = () => String((phone += 1));

async function phoneUser(): Promise<number> {
  const token = await server.login(nextPhone());
  return (await server.call('GET', '/api/user/getInfo', { token })).data.userinfo.id as number;
}
const messagesOf = (userId: number) =>
  query('select id, type, subject, params, read_at, created_at from messages where user_id = $1 order by id', [userId]);
const deliveriesOf = async (userId: number) =>
  (
    await query(
      `select d.id, d.channel, d.status from message_deliveries d join messages m on m.id = d.message_id where m.user_id = $1 order by d.id`,
      [userId],
    )
  ).map((d) => ({ id: Number(d.id), channel: d.channel as number, status: d.status as number }));
const jobsFor = async (deliveryIds: number[]) =>
  (
    await query(
      `select (data->>'deliveryId')::bigint as id from pgboss.job where name = 'message-delivery' and (data->>'deliveryId')::bigint = any($1)`,
      [deliveryIds],
    )
  ).map((r) => Number(r.id));
const consentsLeft = async (userId: number, templateId: string) =>
  (await query('select remaining from subscribe_consents where user_id = $1 and template_id = $2', [userId, templateId]))[0]?.remaining;
const subscribe = (token: string, platform: 'weapp' | 'alipay', accepted: string[]) =>
  server.call('POST', '/api/message/subscribe', { token, body: { platform, accepted } });

describe('recording a message', () => {
  it('sends by SMS only the types wanted by default, and only while the channel is on with a template', async () => {
    await channelsOn(server.deps);
    const userId = await phoneUser();
    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:1'));
    await record(server.deps, sampleEvent(userId, 'orderDecided', 'order:1'));
    const [paid] = await deliveriesOf(userId);
    expect(await deliveriesOf(userId)).toEqual([{ id: paid!.id, channel: MessageChannel.Sms, status: DeliveryStatus.Pending }]);
    expect(await jobsFor([paid!.id])).toEqual([paid!.id]);
    expect(await messagesOf(userId)).toHaveLength(2);

    // Channel off, then on without a template for the type: the message centre still gets it.
    await channelsOn(server.deps, ['weapp', 'alipay']);
    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:2'));
    await saveChannelSetting(server.deps.database.db, 'sms', { enabled: true, templates: { cardsNeedSeller: 'sms_cards' } });
    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:3'));
    expect(await deliveriesOf(userId)).toHaveLength(1);
    expect(await messagesOf(userId)).toHaveLength(4);
  });

  it("follows the user's choices: SMS turned on for credits, off for withdrawals", async () => {
    await channelsOn(server.deps);
    const token = await server.login(nextPhone());
    const userId = (await server.call('GET', '/api/user/getInfo', { token })).data.userinfo.id as number;
    await server.call('POST', '/api/message/settings', {
      token,
      body: {
        list: [
          { type: MessageType.OrderDecided, sms: true, miniProgram: true },
          { type: MessageType.WithdrawalPaid, sms: false, miniProgram: true },
        ],
      },
    });
    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:1'));
    await record(server.deps, sampleEvent(userId, 'orderDecided', 'order:1'));
    const types = await query(
      `select m.type from message_deliveries d join messages m on m.id = d.message_id where m.user_id = $1 and d.channel = 1`,
      [userId],
    );
    expect(types.map((r) => r.type)).toEqual([MessageType.OrderDecided]);
  });

  it('writes a mini-program delivery only while a consent for its template is left, leaving it for the send', async () => {
    await channelsOn(server.deps);
    const { token, userId } = await miniProgramUser(server, 'weapp', nextPhone());
    await record(server.deps, sampleEvent(userId, 'orderDecided', 'order:1'));
    expect(await deliveriesOf(userId)).toEqual([]);

    // A consent for another template, or on the other platform, is not this one's.
    await subscribe(token, 'alipay', ['alipay_orderDecided']);
    await subscribe(token, 'weapp', ['weapp_withdrawalPaid']);
    await record(server.deps, sampleEvent(userId, 'orderDecided', 'order:2'));
    expect(await deliveriesOf(userId)).toEqual([]);

    expect((await subscribe(token, 'weapp', ['weapp_orderDecided'])).data.stored).toBe(1);
    await record(server.deps, sampleEvent(userId, 'orderDecided', 'order:3'));
    const [weapp] = await deliveriesOf(userId);
    expect(weapp).toMatchObject({ channel: MessageChannel.Weapp, status: DeliveryStatus.Pending });
    expect(await jobsFor([weapp!.id])).toEqual([weapp!.id]);
    // The worker uses the consent when it sends (deliveryRepo.ts): a message never sent spends none.
    expect(await consentsLeft(userId, 'weapp_orderDecided')).toBe(1);
  });

  it('keeps the consent when the user turned mini-program messages off, and reaches no one without an openid', async () => {
    await channelsOn(server.deps);
    const linked = await miniProgramUser(server, 'alipay', nextPhone());
    await subscribe(linked.token, 'alipay', ['alipay_appealDecided']);
    await server.call('POST', '/api/message/settings', {
      token: linked.token,
      body: { list: [{ type: MessageType.AppealDecided, sms: false, miniProgram: false }] },
    });
    await record(server.deps, sampleEvent(linked.userId, 'appealDecided', 'appeal:1'));
    expect(await deliveriesOf(linked.userId)).toEqual([]);
    expect(await consentsLeft(linked.userId, 'alipay_appealDecided')).toBe(1);

    // Consent stored (the platform's template) but no Alipay account linked: nothing to send to.
    const token = await server.login(nextPhone());
    const userId = (await server.call('GET', '/api/user/getInfo', { token })).data.userinfo.id as number;
    await subscribe(token, 'alipay', ['alipay_appealDecided']);
    await record(server.deps, sampleEvent(userId, 'appealDecided', 'appeal:1'));
    expect(await deliveriesOf(userId)).toEqual([]);
    expect(await consentsLeft(userId, 'alipay_appealDecided')).toBe(1);
  });

  it('reports a subject once: a repeat adds no message, delivery or job', async () => {
    await channelsOn(server.deps);
    const userId = await phoneUser();
    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:9'));
    await record(server.deps, { ...sampleEvent(userId, 'withdrawalPaid', 'withdrawal:9'), onRepeat: 'once' });
    await record(server.deps, {
      userId,
      type: 'withdrawalPaid',
      subject: 'withdrawal:9',
      facts: { ...sampleFacts.withdrawalPaid, amountFen: 1 },
    });
    const messages = await messagesOf(userId);
    expect(messages).toHaveLength(1);
    expect(messages[0].params.amountFen).toBe(50000);
    const deliveries = await deliveriesOf(userId);
    expect(deliveries).toHaveLength(1);
    expect(await jobsFor([deliveries[0]!.id])).toHaveLength(1);
    // The same subject of another type, or for another user, is another message.
    await record(server.deps, sampleEvent(userId, 'withdrawalReturned', 'withdrawal:9'));
    expect(await messagesOf(userId)).toHaveLength(2);
  });

  it('renews a replaced message unread with its new facts, adding no second delivery', async () => {
    await channelsOn(server.deps);
    const { token, userId } = await miniProgramUser(server, 'weapp', nextPhone());
    await subscribe(token, 'weapp', ['weapp_cardsNeedSeller']);
    await record(server.deps, sampleEvent(userId, 'cardsNeedSeller', 'order:5', 'replace'));
    const [first] = await messagesOf(userId);
    const delivered = await deliveriesOf(userId);
    expect(delivered.map((d) => d.channel)).toEqual([MessageChannel.Sms, MessageChannel.Weapp]);
    await query('update messages set read_at = now(), created_at = created_at - interval $$1 hour$$ where id = $1', [first.id]);

    // The renewal writes no second delivery on a channel already written to, so it spends no consent.
    await subscribe(token, 'weapp', ['weapp_cardsNeedSeller']);
    const fewer = { ...sampleFacts.cardsNeedSeller, cards: sampleFacts.cardsNeedSeller.cards.slice(0, 1) };
    await record(server.deps, { userId, type: 'cardsNeedSeller', subject: 'order:5', facts: fewer, onRepeat: 'replace' });
    const [renewed, ...others] = await messagesOf(userId);
    expect(others).toEqual([]);
    expect(renewed).toMatchObject({ id: first.id, read_at: null });
    expect(renewed.params.cards).toHaveLength(1);
    expect(renewed.created_at.getTime()).toBeGreaterThan(first.created_at.getTime() - 1000);
    expect(await deliveriesOf(userId)).toEqual(delivered);
    expect(await jobsFor(delivered.map((d) => d.id))).toHaveLength(2);
    expect(await consentsLeft(userId, 'weapp_cardsNeedSeller')).toBe(2);
  });

  it('commits with the change it reports: rolled back, no message, no delivery and no job remain', async () => {
    await channelsOn(server.deps);
    const userId = await phoneUser();
    const crash = new Error('the change failed after recording its message');
    let deliveryId: number | undefined;
    await expect(
      server.deps.database.db.transaction(async (tx) => {
        await recordMessage(tx, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:11'));
        const [row] = await tx.select({ id: messageDeliveries.id }).from(messageDeliveries).orderBy(desc(messageDeliveries.id)).limit(1);
        deliveryId = row!.id;
        expect(await jobsFor([deliveryId])).toEqual([]); // not visible outside the transaction
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect(deliveryId).toBeDefined();
    expect(await messagesOf(userId)).toEqual([]);
    expect(await deliveriesOf(userId)).toEqual([]);
    expect(await query('select 1 from message_deliveries where id = $1', [deliveryId])).toEqual([]);
    expect(await jobsFor([deliveryId!])).toEqual([]);

    await record(server.deps, sampleEvent(userId, 'withdrawalPaid', 'withdrawal:11'));
    const [kept] = await deliveriesOf(userId);
    expect(await jobsFor([kept!.id])).toEqual([kept!.id]);
  });

  it('records nothing for a cancelled account', async () => {
    await channelsOn(server.deps);
    const userId = await phoneUser();
    await query(`update users set status = 'cancelled', phone = null where id = $1`, [userId]);
    await record(server.deps, sampleEvent(userId, 'balanceAdjusted', 'adjustment:1'));
    expect(await messagesOf(userId)).toEqual([]);
  });
});
