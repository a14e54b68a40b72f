import { eq, sql } from 'drizzle-orm';
import { DeliveryStatus, maskCardNumber, MessageChannel, messageTypeTable, type CardStatus, type SettlementStatus } from '@maika/shared';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually, testClock, testConfig } from '../../../test/harness';
import { aliyunError, startAliyunSmsGateway } from '../../../test/fakes/aliyunSmsGateway';
import { ALIPAY_TEST_APP_ID, alipaySuccess, generateAlipayKeys, startAlipayGateway } from '../../../test/fakes/alipayGateway';
import { startWechatMessageGateway } from '../../../test/fakes/wechatMessageGateway';
import { connect, type Database } from '../../db/client';
import { messageDeliveries, messagePreferences, messages, smsOutbox, subscribeConsents, users, vendorTokens } from '../../db/schema';
import { createDeps, type Deps } from '../../deps';
import { MESSAGE_DELIVERY_QUEUE } from '../../jobs/queues';
import { newInviteCode } from '../../lib/crypto';
import type { Clock } from '../../lib/limits';
import { startMessageWorker } from '../../workers';
import { claimDelivery, settleDelivery } from './deliveryRepo';
import { backoffSeconds, processDelivery, sweepDeliveries } from './deliveryService';
import type { CardOutcome, MessageEvent } from './facts';
import { renderMessageText } from './render';
import { recordMessage } from './service';
import { saveChannelSetting } from './settingsService';

const { url, database } = await createTestDatabase();

// The vendors outside our walls, as local servers checking what they get.
const ALIYUN = { accessKeyId: 'LTAI5tMaikaTestKey', secret: 'maika-test-secret' };
const WECHAT = { appId: 'wx0123456789abcdef', appSecret: 'maika-test-wechat-secret' };
const alipayKeys = generateAlipayKeys();
const aliyun = await startAliyunSmsGateway(ALIYUN);
const wechat = await startWechatMessageGateway(WECHAT);
const alipay = await startAlipayGateway({ appId: ALIPAY_TEST_APP_ID, keys: alipayKeys });
const ALIPAY_SEND = 'alipay.open.app.mini.templatemessage.send';
alipay.handle(ALIPAY_SEND, () => alipaySuccess());
afterAll(async () => {
  await Promise.all([aliyun.close(), wechat.close(), alipay.close()]);
});

/** Every vendor real, at the fakes; the timings as a test gives them. */
const vendorEnv = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: ALIYUN.accessKeyId,
  ALIYUN_ACCESS_KEY_SECRET: ALIYUN.secret,
  ALIYUN_SMS_ENDPOINT: aliyun.url,
  SMS_TEMPLATE_LOGIN: 'SMS_100000001',
  SMS_TEMPLATE_MODIFY_PHONE: 'SMS_100000002',
  MINI_PROGRAM_PROVIDER: 'real',
  WECHAT_MINI_APP_ID: WECHAT.appId,
  WECHAT_MINI_APP_SECRET: WECHAT.appSecret,
  WECHAT_API_BASE: wechat.url,
  ALIPAY_APP_ID: ALIPAY_TEST_APP_ID,
  ALIPAY_PRIVATE_KEY: alipayKeys.appPrivateKey,
  ALIPAY_PUBLIC_KEY: alipayKeys.alipayPublicKey,
  ALIPAY_GATEWAY: alipay.gatewayUrl,
  ...env,
});

// Every instance of a test shares one data key, as a deployment's instances do.
const DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** One server instance's services and jobs (its own pool when `db` is given), stopped when the file ends. */
async function instance(env: NodeJS.ProcessEnv, options: { db?: Database; clock?: Clock; worker?: boolean } = {}): Promise<Deps> {
  const deps = createDeps(testConfig({ DATA_ENCRYPTION_KEY, ...env }), options.db ?? database, { clock: options.clock });
  await deps.jobs.start({ worker: options.worker ?? false });
  afterAll(() => deps.jobs.stop());
  return deps;
}

const SMS_TEMPLATES = Object.fromEntries(messageTypeTable.keys.map((key) => [key, `SMS_3000000${messageTypeTable.byKey(key)!.code}`]));
const WEAPP_TEMPLATES = Object.fromEntries(messageTypeTable.keys.map((key) => [key, `wx-tpl-${key}`]));
const ALIPAY_TEMPLATES = Object.fromEntries(messageTypeTable.keys.map((key) => [key, `ali-tpl-${key}`]));
await saveChannelSetting(database.db, 'sms', { enabled: true, templates: SMS_TEMPLATES });
await saveChannelSetting(database.db, 'weapp', { enabled: true, templates: WEAPP_TEMPLATES });
await saveChannelSetting(database.db, 'alipay', { enabled: true, templates: ALIPAY_TEMPLATES });

let people = 0;
/** A seller reachable on every channel, with `consents` one-time consents for every template. */
async function seller(options: { consents?: number; locale?: 'zh-CN' | 'en-US' } = {}) {
  people += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      phone: `139${String(people).padStart(8, '0')}`,
      inviteCode: newInviteCode(),
      wechatOpenid: `o-openid-${people}`,
      alipayUserId: `2088${String(people).padStart(12, '0')}`,
      locale: options.locale ?? null,
    })
    .returning();
  const consents = options.consents ?? 1;
  if (consents > 0) {
    await database.db.insert(subscribeConsents).values([
      ...Object.values(WEAPP_TEMPLATES).map((templateId) => ({
        userId: user!.id,
        channel: MessageChannel.Weapp,
        templateId,
        remaining: consents,
      })),
      ...Object.values(ALIPAY_TEMPLATES).map((templateId) => ({
        userId: user!.id,
        channel: MessageChannel.Alipay,
        templateId,
        remaining: consents,
      })),
    ]);
  }
  return user!;
}

async function record(deps: Deps, event: MessageEvent): Promise<void> {
  await database.db.transaction((tx) => recordMessage(tx, event));
}

const paid = (userId: number, withdrawalId: number): MessageEvent => ({
  userId,
  type: 'withdrawalPaid',
  subject: `withdrawal:${withdrawalId}`,
  facts: { withdrawalId, amountFen: 12_850, feeFen: 0, channel: 1, paidAt: '2026-11-28T09:05:00.000Z' },
});

/** Each card's full number and password, as the seller typed them: only the masked number may leave. */
const cardNo = (cardId: number) => `6288${String(cardId).padStart(12, '0')}`;
const cardPassword = (cardId: number) => `43218765${String(cardId).padStart(8, '0')}`;
const card = (cardId: number): CardOutcome => ({
  cardId,
  maskedNo: maskCardNumber(cardNo(cardId)),
  status: 2 as CardStatus,
  settlementStatus: 0 as SettlementStatus,
  amountFen: null,
  reason: '卡密错误',
  reasonKey: null,
  reasonParams: null,
  appealUntil: '2026-11-30T09:00:00.000Z',
});
const needSeller = (userId: number, orderId: number, cards: CardOutcome[]): MessageEvent => ({
  userId,
  type: 'cardsNeedSeller',
  subject: `order:${orderId}`,
  facts: { orderId, orderNo: `MK2026112800${orderId}`, cardType: { 'zh-CN': '京东E卡', 'en-US': 'JD E-card' }, cards },
  onRepeat: 'replace',
});

async function deliveriesOf(userId: number) {
  return database.db
    .select({
      id: messageDeliveries.id,
      channel: messageDeliveries.channel,
      status: messageDeliveries.status,
      attempts: messageDeliveries.attempts,
      vendorAnswer: messageDeliveries.vendorAnswer,
      nextAttemptAt: messageDeliveries.nextAttemptAt,
      updatedAt: messageDeliveries.updatedAt,
      subject: messages.subject,
    })
    .from(messageDeliveries)
    .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
    .where(eq(messages.userId, userId))
    .orderBy(messageDeliveries.id);
}

const delivery = async (userId: number, channel: MessageChannel) => (await deliveriesOf(userId)).find((d) => d.channel === channel)!;
const smsTo = (phone: string) => aliyun.received.filter((r) => r.params.PhoneNumbers === phone && !r.refusedWith);
const wechatTo = (openid: string) => wechat.sent().filter((r) => r.body.touser === openid);
const alipayTo = (userId: string) => alipay.received.filter((r) => r.method === ALIPAY_SEND && r.biz?.to_user_id === userId);
const waitingJobs = async () =>
  Number(
    (
      await database.pool.query<{ n: string }>(
        `select count(*) as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
        [MESSAGE_DELIVERY_QUEUE],
      )
    ).rows[0]!.n,
  );

beforeEach(() => {
  aliyun.respondWith(() => undefined);
  wechat.respondWith(() => undefined);
  alipay.handle(ALIPAY_SEND, () => alipaySuccess());
});

describe('a message committed when no worker ran', () => {
  it('is delivered by the sweep exactly once on each channel, its job lost or not; the sweep queues only the lost ones', async () => {
    const recorder = await instance(vendorEnv());
    const kept = await seller();
    const lost = await seller();
    // The process died after the commit: nothing ran. One message's jobs are there, the other's were lost.
    await record(recorder, paid(kept.id, 1));
    await record(recorder, paid(lost.id, 2));
    const gone = await database.pool.query(`delete from pgboss.job where name = $1 and (data->>'deliveryId')::bigint = any($2)`, [
      MESSAGE_DELIVERY_QUEUE,
      (await deliveriesOf(lost.id)).map((d) => d.id),
    ]);
    expect(gone.rowCount).toBe(3);
    const all = async () => [...(await deliveriesOf(kept.id)), ...(await deliveriesOf(lost.id))];
    expect((await all()).map((d) => d.status)).toEqual(Array(6).fill(DeliveryStatus.Pending));
    const { queued } = await sweepDeliveries(recorder, 0);
    expect(queued.sort()).toEqual((await deliveriesOf(lost.id)).map((d) => d.id).sort());
    expect((await sweepDeliveries(recorder, 0)).queued).toEqual([]); // a job waits for each now

    const worker = await instance(vendorEnv(), { worker: true });
    await startMessageWorker(worker); // sweeps once more at start
    await eventually(async () => (await all()).every((d) => d.status === DeliveryStatus.Sent) && (await waitingJobs()) === 0);
    await worker.jobs.stop();

    for (const user of [kept, lost]) {
      expect(smsTo(user.phone!)).toHaveLength(1);
      expect(wechatTo(user.wechatOpenid!)).toHaveLength(1);
      expect(alipayTo(user.alipayUserId!)).toHaveLength(1);
    }
    expect((await all()).map((d) => d.attempts)).toEqual(Array(6).fill(1));
  });
});

describe('a worker killed mid-send', () => {
  it('leaves the delivery sending; after the timeout the sweep marks it failed, outcome unknown, and nothing sends it again', async () => {
    const patient = await instance(vendorEnv());
    const impatient = await instance(vendorEnv({ MESSAGE_SENDING_TIMEOUT_SECONDS: '0' }));
    const user = await seller({ consents: 0 });
    await record(patient, paid(user.id, 2));
    const sms = await delivery(user.id, MessageChannel.Sms);
    // The worker claimed it and died before it could say what the vendor answered.
    expect(await claimDelivery(database.db, sms.id)).not.toBeNull();

    expect((await sweepDeliveries(patient, 0)).failed).not.toContain(sms.id); // not yet past the timeout
    expect((await delivery(user.id, MessageChannel.Sms)).status).toBe(DeliveryStatus.Sending);
    expect((await sweepDeliveries(impatient, 0)).failed).toContain(sms.id);
    expect(await delivery(user.id, MessageChannel.Sms)).toMatchObject({
      status: DeliveryStatus.Failed,
      vendorAnswer: 'delivery.outcomeUnknown',
      attempts: 1,
    });

    expect(await processDelivery(patient, sms.id)).toBeNull();
    expect((await sweepDeliveries(impatient, 0)).queued).not.toContain(sms.id);
    expect(smsTo(user.phone!)).toHaveLength(0);
  });

  it("keeps the vendor's answer when a slow worker answers after the sweep gave the delivery up", async () => {
    const deps = await instance(vendorEnv({ MESSAGE_SENDING_TIMEOUT_SECONDS: '0' }));
    const user = await seller({ consents: 0 });
    await record(deps, paid(user.id, 9));
    const sms = await delivery(user.id, MessageChannel.Sms);
    const claimed = (await claimDelivery(database.db, sms.id))!;
    await sweepDeliveries(deps, 0);

    expect(await settleDelivery(database.db, claimed, { status: DeliveryStatus.Sent, answer: 'OK (BizId 1)' })).toBe(true);
    expect(await delivery(user.id, MessageChannel.Sms)).toMatchObject({ status: DeliveryStatus.Sent, vendorAnswer: 'OK (BizId 1)' });
    // An older attempt's answer never settles a newer one.
    expect(await settleDelivery(database.db, { ...claimed, attempts: 0 }, { status: DeliveryStatus.Failed, answer: 'late' })).toBe(false);
  });
});

describe('two instances delivering the same outbox', () => {
  it('send each delivery once, whichever claims it', async () => {
    const second = connect(url, 10);
    afterAll(() => second.close());
    const a = await instance(vendorEnv());
    const b = await instance(vendorEnv(), { db: second });
    const sellers = await Promise.all(Array.from({ length: 8 }, () => seller()));
    for (const [i, user] of sellers.entries()) await record(i % 2 ? a : b, paid(user.id, 100 + i));
    const ids = (await Promise.all(sellers.map((user) => deliveriesOf(user.id)))).flat().map((d) => d.id);

    const results = await Promise.all(ids.flatMap((id) => [processDelivery(a, id), processDelivery(b, id), processDelivery(a, id)]));

    expect(results.filter((r) => r !== null)).toHaveLength(ids.length);
    for (const user of sellers) {
      expect(smsTo(user.phone!)).toHaveLength(1);
      expect(wechatTo(user.wechatOpenid!)).toHaveLength(1);
      expect(alipayTo(user.alipayUserId!)).toHaveLength(1);
      expect((await deliveriesOf(user.id)).every((d) => d.status === DeliveryStatus.Sent && d.attempts === 1)).toBe(true);
    }
  });
});

describe('a vendor refusing', () => {
  it('WeChat 43101 (no consent) ends refused, uses the consent and is never tried again', async () => {
    const deps = await instance(vendorEnv());
    const user = await seller();
    await record(deps, paid(user.id, 3));
    wechat.respondWith((request) =>
      request.path === '/cgi-bin/message/subscribe/send'
        ? { body: { errcode: 43101, errmsg: 'user refuse to accept the msg' } }
        : undefined,
    );
    const weapp = await delivery(user.id, MessageChannel.Weapp);

    expect(await processDelivery(deps, weapp.id)).toMatchObject({ status: 'refused' });
    expect(await delivery(user.id, MessageChannel.Weapp)).toMatchObject({
      status: DeliveryStatus.Refused,
      attempts: 1,
      vendorAnswer: 'WeChat subscribeMessage.send: errcode 43101: user refuse to accept the msg',
    });
    expect(await processDelivery(deps, weapp.id)).toBeNull();
    expect((await sweepDeliveries(deps, 0)).queued).not.toContain(weapp.id);
    const [consent] = await database.db
      .select({ remaining: subscribeConsents.remaining })
      .from(subscribeConsents)
      .where(sql`${subscribeConsents.userId} = ${user.id} and ${subscribeConsents.templateId} = ${WEAPP_TEMPLATES.withdrawalPaid}`);
    expect(consent!.remaining).toBe(0);
    expect(wechat.received.filter((r) => r.body.touser === user.wechatOpenid)).toHaveLength(1);
  });

  it('is not asked at all when no consent is left, the user turned the channel off since, or cancelled the account', async () => {
    const deps = await instance(vendorEnv());
    const user = await seller();
    await record(deps, paid(user.id, 4));
    await database.db.update(subscribeConsents).set({ remaining: 0 }).where(eq(subscribeConsents.userId, user.id));
    await database.db
      .insert(messagePreferences)
      .values({ userId: user.id, type: messageTypeTable.byKey('withdrawalPaid')!.code, sms: false, miniProgram: true });

    expect(await processDelivery(deps, (await delivery(user.id, MessageChannel.Weapp)).id)).toEqual({
      status: 'refused',
      answer: 'delivery.noConsent',
    });
    expect(await processDelivery(deps, (await delivery(user.id, MessageChannel.Sms)).id)).toEqual({
      status: 'refused',
      answer: 'delivery.turnedOff',
    });
    await database.db.update(users).set({ status: 'cancelled' }).where(eq(users.id, user.id));
    expect(await processDelivery(deps, (await delivery(user.id, MessageChannel.Alipay)).id)).toEqual({
      status: 'refused',
      answer: 'delivery.accountCancelled',
    });
    expect(smsTo(user.phone!)).toHaveLength(0);
    expect(wechatTo(user.wechatOpenid!)).toHaveLength(0);
    expect(alipayTo(user.alipayUserId!)).toHaveLength(0);
  });
});

describe('an expired WeChat token', () => {
  it('is fetched again once, kept encrypted for every instance, and the message sent', async () => {
    const deps = await instance(vendorEnv());
    const other = await instance(vendorEnv());
    const user = await seller({ consents: 2 });
    await record(deps, paid(user.id, 5));
    await record(deps, paid(user.id, 6));
    const [first, second] = (await deliveriesOf(user.id)).filter((d) => d.channel === MessageChannel.Weapp);
    await processDelivery(deps, first!.id);
    const tokensBefore = wechat.tokens.length;
    wechat.expireTokens();

    expect(await processDelivery(other, second!.id)).toMatchObject({ status: 'sent' });

    expect(wechat.tokens.length).toBe(tokensBefore + 1);
    const sends = wechat.received.filter((r) => r.body.touser === user.wechatOpenid);
    expect(sends.map((r) => r.refusedWith)).toEqual([undefined, 42001, undefined]);
    const [stored] = await database.db
      .select()
      .from(vendorTokens)
      .where(eq(vendorTokens.name, `wechat-stable-token:${WECHAT.appId}`));
    expect(stored!.tokenEnc.toString('latin1')).not.toContain(wechat.tokens.at(-1)!);
  });
});

describe('a stored WeChat token no key can read', () => {
  it('is fetched again, as after a key rotation retired the key it was written with', async () => {
    const deps = await instance(vendorEnv());
    const user = await seller();
    await record(deps, paid(user.id, 11));
    await database.db
      .insert(vendorTokens)
      .values({
        name: `wechat-stable-token:${WECHAT.appId}`,
        tokenEnc: Buffer.from('written under a retired key'),
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .onConflictDoUpdate({ target: vendorTokens.name, set: { tokenEnc: Buffer.from('written under a retired key') } });
    const tokensBefore = wechat.tokens.length;

    expect(await processDelivery(deps, (await delivery(user.id, MessageChannel.Weapp)).id)).toMatchObject({ status: 'sent' });
    expect(wechat.tokens.length).toBe(tokensBefore + 1);
  });
});

describe('a retryable answer', () => {
  it('puts the delivery back with a backoff, then sends it once due', async () => {
    const deps = await instance(vendorEnv({ MESSAGE_RETRY_SECONDS: '60' }));
    const user = await seller({ consents: 0 });
    await record(deps, paid(user.id, 7));
    const sms = await delivery(user.id, MessageChannel.Sms);
    aliyun.respondWith(() => ({ body: aliyunError('isp.SYSTEM_ERROR', 'System error.') }));

    expect(await processDelivery(deps, sms.id)).toMatchObject({ status: 'retryable' });
    const waiting = await delivery(user.id, MessageChannel.Sms);
    expect(waiting).toMatchObject({ status: DeliveryStatus.Pending, attempts: 1 });
    expect(waiting.vendorAnswer).toContain('isp.SYSTEM_ERROR');
    expect((waiting.nextAttemptAt.getTime() - waiting.updatedAt.getTime()) / 1000).toBeCloseTo(60, 0);
    // Not due yet: nothing claims it, and the sweep leaves it to its own job.
    aliyun.respondWith(() => undefined);
    expect(await processDelivery(deps, sms.id)).toBeNull();
    expect((await sweepDeliveries(deps, 0)).queued).not.toContain(sms.id);

    // A minute passes.
    await database.db.execute(sql`update message_deliveries set next_attempt_at = now() where id = ${sms.id}`);
    expect(await processDelivery(deps, sms.id)).toMatchObject({ status: 'sent' });
    expect(await delivery(user.id, MessageChannel.Sms)).toMatchObject({ status: DeliveryStatus.Sent, attempts: 2 });
    expect(smsTo(user.phone!)).toHaveLength(2); // the busy answer, then the one sent
    expect(backoffSeconds(60, 3)).toBe(240);
  });

  it('ends failed with the last answer after MESSAGE_MAX_ATTEMPTS, and gives back the consent WeChat did not use', async () => {
    const deps = await instance(vendorEnv({ MESSAGE_RETRY_SECONDS: '0', MESSAGE_MAX_ATTEMPTS: '2' }));
    const user = await seller();
    await record(deps, paid(user.id, 8));
    wechat.respondWith((request) =>
      request.path === '/cgi-bin/message/subscribe/send' ? { body: { errcode: -1, errmsg: 'system error' } } : undefined,
    );
    const weapp = await delivery(user.id, MessageChannel.Weapp);
    const remaining = async () =>
      (
        await database.db
          .select({ remaining: subscribeConsents.remaining })
          .from(subscribeConsents)
          .where(sql`${subscribeConsents.userId} = ${user.id} and ${subscribeConsents.templateId} = ${WEAPP_TEMPLATES.withdrawalPaid}`)
      )[0]!.remaining;

    expect(await processDelivery(deps, weapp.id)).toMatchObject({ status: 'retryable' });
    expect(await remaining()).toBe(1);
    expect(await processDelivery(deps, weapp.id)).toMatchObject({ status: 'failed' });
    expect(await delivery(user.id, MessageChannel.Weapp)).toMatchObject({
      status: DeliveryStatus.Failed,
      attempts: 2,
      vendorAnswer: 'WeChat subscribeMessage.send: errcode -1: system error',
    });
    expect(await processDelivery(deps, weapp.id)).toBeNull();
  });
});

describe('the SMS cap on a 1,000-card batch', () => {
  it('sends at most one SMS per order and at most MESSAGE_SMS_HOURLY_LIMIT an hour, across instances, apart from the login codes', async () => {
    const clock = testClock();
    const second = connect(url, 10);
    afterAll(() => second.close());
    // The simulator: its outbox shows each notice's text.
    const a = await instance({ MESSAGE_SMS_HOURLY_LIMIT: '5' }, { clock });
    const b = await instance({ MESSAGE_SMS_HOURLY_LIMIT: '5' }, { clock, db: second });
    const user = await seller({ consents: 0 });
    const batch = Array.from({ length: 1000 }, (_, i) => card(i + 1));
    // Each decided card of the order renews the order's message with the cards waiting so far (the last five shown).
    for (let i = 0; i < batch.length; i += 1) await record(i % 2 ? a : b, needSeller(user.id, 1, batch.slice(Math.max(0, i - 4), i + 1)));
    for (let order = 2; order <= 8; order += 1) await record(a, needSeller(user.id, order, [card(order * 1000)]));

    const sms = (await deliveriesOf(user.id)).filter((d) => d.channel === MessageChannel.Sms);
    expect(sms.map((d) => d.subject)).toEqual(Array.from({ length: 8 }, (_, i) => `order:${i + 1}`));
    const results = await Promise.all(sms.map((d, i) => processDelivery(i % 2 ? a : b, d.id)));

    expect(results.filter((r) => r?.status === 'sent')).toHaveLength(5);
    expect(results.filter((r) => r?.status === 'refused').map((r) => r!.answer)).toEqual(Array(3).fill('delivery.smsHourlyCap'));
    const outbox = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone!));
    expect(outbox).toHaveLength(5);
    expect(outbox.every((row) => row.purpose === 'notice' && row.code === null)).toBe(true);
    // Each text is its message's, rendered in the reader's language (zh-CN when the user never chose).
    const texts = (await database.db.select().from(messages).where(eq(messages.userId, user.id))).map(
      (m) => renderMessageText('cardsNeedSeller', m.params as never, 'zh-CN').content,
    );
    for (const row of outbox) expect(texts).toContain(row.content);
    // The login codes' budgets are untouched: only the notices' own counter moved.
    const { rows } = await database.pool.query<{ key: string; points: number }>(
      `select key, points from rate_limits where key like 'sms%'`,
    );
    expect(rows.every((r) => r.key.startsWith('sms-notice-hour:'))).toBe(true);
    expect(rows.find((r) => r.key === `sms-notice-hour:${user.id}`)?.points).toBe(8);

    // The next hour has room again.
    clock.advance(3600_000);
    await record(a, needSeller(user.id, 9, [card(9000)]));
    const ninth = (await deliveriesOf(user.id)).find((d) => d.subject === 'order:9' && d.channel === MessageChannel.Sms)!;
    expect(await processDelivery(b, ninth.id)).toMatchObject({ status: 'sent' });
  });
});

describe('what reaches the vendors', () => {
  it('never carries a card password or a full card number, on any channel', async () => {
    const deps = await instance(vendorEnv());
    const user = await seller({ locale: 'en-US' });
    await database.db
      .insert(messagePreferences)
      .values({ userId: user.id, type: messageTypeTable.byKey('appealDecided')!.code, sms: true, miniProgram: true });
    await record(deps, needSeller(user.id, 77, [card(1), card(2)]));
    await record(deps, {
      userId: user.id,
      type: 'appealDecided',
      subject: 'card:1',
      facts: {
        orderId: 77,
        orderNo: 'MK20261128077',
        cardType: { 'zh-CN': '京东E卡', 'en-US': 'JD E-card' },
        card: card(1),
        accepted: false,
        reply: null,
      },
    });
    const ids = (await deliveriesOf(user.id)).map((d) => d.id);
    expect(ids).toHaveLength(6);
    for (const id of ids) expect(await processDelivery(deps, id)).toMatchObject({ status: 'sent' });

    const bodies = [
      ...smsTo(user.phone!).map((r) => JSON.stringify(r.params)),
      ...wechatTo(user.wechatOpenid!).map((r) => r.raw),
      ...alipayTo(user.alipayUserId!).map((r) => JSON.stringify(r.params)),
    ];
    expect(bodies).toHaveLength(6);
    for (const body of bodies) {
      for (const cardId of [1, 2]) {
        expect(body).not.toContain(cardNo(cardId));
        expect(body).not.toContain(cardPassword(cardId));
      }
    }
    // The reader's language and the page the message opens.
    const appeal = wechatTo(user.wechatOpenid!).find((r) => r.body.template_id === WEAPP_TEMPLATES.appealDecided)!;
    expect(appeal.body).toMatchObject({ lang: 'en_US', page: 'pages/orderDetail/orderDetail?id=77' });
    expect(appeal.body.data).toEqual({
      character_string1: { value: 'MK20261128077' },
      character_string2: { value: card(1).maskedNo },
      thing3: { value: 'Not accepted' },
      thing4: { value: '卡密错误' },
    });
  });
});

describe('the simulators', () => {
  it('send nothing and keep what they would have sent: the SMS outbox (purpose notice), the subscribe message on its delivery', async () => {
    const deps = await instance({});
    const user = await seller({ locale: 'en-US' });
    await record(deps, paid(user.id, 10));
    for (const d of await deliveriesOf(user.id)) expect(await processDelivery(deps, d.id)).toMatchObject({ status: 'sent' });

    const [notice] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone!));
    expect(notice).toMatchObject({ purpose: 'notice', code: null, content: 'The ¥128.50 you withdrew has been paid (Alipay).' });
    const weapp = await delivery(user.id, MessageChannel.Weapp);
    expect(JSON.parse(weapp.vendorAnswer!.replace(/^simulated: /, ''))).toEqual({
      platform: 'weapp',
      toUser: user.wechatOpenid,
      templateId: WEAPP_TEMPLATES.withdrawalPaid,
      page: 'pages/withdrawRecord/withdrawRecord?id=10',
      fields: ['¥128.50', 'Alipay', '2026-11-28 17:05'],
    });
    expect(smsTo(user.phone!)).toHaveLength(0);
    expect(wechatTo(user.wechatOpenid!)).toHaveLength(0);
  });
});
