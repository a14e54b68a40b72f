import {
  CardStatus,
  Code,
  contract,
  DeliveryStatus,
  maskCardNumber,
  MessageChannel,
  messageTypeTable,
  PayeeChannel,
  SettlementStatus,
  type BodyOf,
  type MessageTypeKey,
} from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { auditActions, consoleServer, expectRoleMatrix } from '../../../test/console';
import type { TestServer } from '../../../test/harness';
import type { AdminRole } from '../../db/schema';
import { recordMessage } from './service';
import { saveChannelSetting } from './settingsService';
import type { MessageEvent } from './facts';

let server: TestServer;
let ops: Record<AdminRole, string>;
beforeAll(async () => {
  ({ server, ops } = await consoleServer());
});

const calls = contract.messages;
const en = { 'accept-language': 'en-US' };
const zh = { 'accept-language': 'zh-CN' };
const sql = async (text: string, values: unknown[] = []) => (await server.deps.database.pool.query(text, values)).rows;

/** A template id for every type, as an operator types them from the vendor's console. */
const allTemplates = Object.fromEntries(messageTypeTable.keys.map((key) => [key, `SMS_${key}`])) as Record<MessageTypeKey, string>;

const saveChannel = (channel: MessageChannel, body: BodyOf<typeof calls.saveChannel>, token = ops.admin, headers = en) =>
  callApi(server, calls.saveChannel, { token, params: { channel }, body, headers });

const userMessages = (userId: number, token = ops.support, headers = en) =>
  callApi(server, calls.adminUserMessages, { token, params: { id: userId }, query: { page: 1, pageSize: 20 }, headers });

const resend = (deliveryId: number, token = ops.support, headers = en) =>
  callApi(server, calls.resend, { token, params: { id: deliveryId }, headers });

let phoneSerial = 0;
async function seller(): Promise<number> {
  const phone = `1390000${String((phoneSerial += 1)).padStart(4, '0')}`;
  await server.login(phone);
  return (await sql('select id from users where phone = $1', [phone]))[0].id as number;
}

/** Records a message as the module of its change does, and answers its deliveries' ids by channel. */
async function record(event: MessageEvent): Promise<Partial<Record<MessageChannel, number>>> {
  await server.deps.database.db.transaction((tx) => recordMessage(tx, event));
  const rows = await sql(
    `select d.id, d.channel from message_deliveries d join messages m on m.id = d.message_id
     where m.user_id = $1 and m.subject = $2`,
    [event.userId, event.subject],
  );
  return Object.fromEntries(rows.map((r) => [r.channel, r.id]));
}

const setDelivery = (id: number, status: DeliveryStatus, vendorAnswer: string | null, attempts = 1) =>
  sql(
    `update message_deliveries set status = $2::smallint, vendor_answer = $3, attempts = $4, next_attempt_at = now() + interval '1 day',
       sent_at = case when $2::smallint = ${DeliveryStatus.Sent} then now() end where id = $1`,
    [id, status, vendorAnswer, attempts],
  );

const deliveryJobs = async (deliveryId: number) =>
  (
    await sql(`select count(*)::int as n from pgboss.job where name = 'message-delivery' and (data->>'deliveryId')::bigint = $1`, [
      deliveryId,
    ])
  )[0].n as number;

const withdrawalPaid = (userId: number, withdrawalId: number): MessageEvent => ({
  userId,
  type: 'withdrawalPaid',
  subject: `withdrawal:${withdrawalId}`,
  facts: { withdrawalId, amountFen: 12_345, feeFen: 0, channel: PayeeChannel.Alipay, paidAt: new Date().toISOString() },
});

/** The messages below reach SMS: the channel on with a template for every type. */
const smsOn = () => saveChannelSetting(server.deps.database.db, 'sms', { enabled: true, templates: allTemplates });

describe('admin message channels', () => {
  it('and messages are read and resent by support and administrators; channels are edited by administrators only', async () => {
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'support'],
      [
        ['GET', '/api/admin/users/999999/messages'],
        ['POST', '/api/admin/messageDeliveries/999999/resend', {}],
        ['GET', '/api/admin/messageChannels'],
      ],
    );
    await expectRoleMatrix(server, ops, ['admin'], [['POST', '/api/admin/messageChannels/1', { enabled: 'yes', templates: {} }]]);
  });

  it('refuse to turn a channel on while a type has no template id, naming the channel and the type in the reader language', async () => {
    const { withdrawalPaid: _left, ...allButOne } = allTemplates;
    const refused = await saveChannel(MessageChannel.Sms, { enabled: true, templates: allButOne });
    expect(refused).toMatchObject({
      code: Code.MessageTemplateMissing,
      msg: 'Fill in the template id for "Withdrawal paid" before turning SMS on',
    });
    const emptied = await saveChannel(
      MessageChannel.Weapp,
      { enabled: true, templates: { ...allTemplates, orderDecided: '' } },
      ops.admin,
      zh,
    );
    expect(emptied).toMatchObject({ code: Code.MessageTemplateMissing, msg: '开启微信订阅消息前，请填写“订单处理完成”的模板 ID' });
    expect(await auditActions(server, 'messageChannel', MessageChannel.Sms)).toEqual([]);
    const channels = await callApi(server, calls.adminChannels, { token: ops.support, headers: en });
    expect(channels.data.list.map((c) => c.enabled)).toEqual([false, false, false]);
  });

  it('save a channel with its template ids, audited with before and after, and read it back in channel order', async () => {
    const off = await saveChannel(MessageChannel.Weapp, { enabled: false, templates: { withdrawalPaid: 'wx-tpl_1', orderDecided: '' } });
    expect(off).toMatchObject({
      code: 200,
      data: { channel: MessageChannel.Weapp, enabled: false, templates: { withdrawalPaid: 'wx-tpl_1' } },
    });
    const on = await saveChannel(MessageChannel.Sms, { enabled: true, templates: allTemplates });
    expect(on).toMatchObject({ code: 200, data: { channel: MessageChannel.Sms, enabled: true, templates: allTemplates } });

    const { data } = await callApi(server, calls.adminChannels, { token: ops.support, headers: en });
    expect(data.list).toEqual([
      { channel: MessageChannel.Sms, enabled: true, templates: allTemplates },
      { channel: MessageChannel.Weapp, enabled: false, templates: { withdrawalPaid: 'wx-tpl_1' } },
      { channel: MessageChannel.Alipay, enabled: false, templates: {} },
    ]);
    expect(await auditActions(server, 'messageChannel', MessageChannel.Sms)).toEqual(['messageChannel.update']);
    const [entry] = await sql(`select detail from audit_log where action = 'messageChannel.update' and target_id = '1'`);
    expect(entry.detail.change).toEqual({
      before: { enabled: false, templates: {} },
      after: { enabled: true, templates: allTemplates },
    });
  });
});

describe("a user's messages in the console", () => {
  beforeAll(smsOn);

  it("list a user's messages newest first in the operator's language, each with its deliveries", async () => {
    const userId = await seller();
    const sms = (await record(withdrawalPaid(userId, 71)))[MessageChannel.Sms]!;
    await setDelivery(sms, DeliveryStatus.Failed, 'isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控', 3);
    await record({ userId, type: 'accountFrozen', subject: 'freeze:1', facts: { reason: 'risk review' } });

    const english = await userMessages(userId);
    expect(english.code).toBe(200);
    expect(english.data.total).toBe(2);
    expect(english.data.list.map((m) => m.title)).toEqual(['Your account is frozen', 'Withdrawal paid']);
    const [frozen, paid] = english.data.list;
    expect(frozen!.deliveries).toEqual([]);
    expect(paid).toMatchObject({
      type: messageTypeTable.byKey('withdrawalPaid')!.code,
      content: 'The ¥123.45 you withdrew has been paid (Alipay).',
      read: false,
      link: '/pages/withdrawRecord/withdrawRecord?id=71',
      deliveries: [
        {
          id: sms,
          channel: MessageChannel.Sms,
          status: DeliveryStatus.Failed,
          attempts: 3,
          vendorAnswer: 'isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控',
          sentAt: null,
        },
      ],
    });
    const chinese = await userMessages(userId, ops.admin, zh);
    expect(chinese.data.list.map((m) => m.title)).toEqual(['账户已冻结', '提现已到账']);
  });

  it('answer 1002 for a user that does not exist', async () => {
    expect(await userMessages(999_999)).toMatchObject({ code: Code.NotFound, msg: 'User was not found or has been removed' });
  });

  it('show support masked card numbers only, never a card number or password in full', async () => {
    const userId = await seller();
    const cardNo = '6222021234567890123';
    const cardPwd = '918273645546372819';
    const card = {
      cardId: 1,
      maskedNo: maskCardNumber(cardNo),
      status: CardStatus.Rejected,
      settlementStatus: SettlementStatus.NotCredited,
      amountFen: null,
      reason: 'wrong password',
      reasonKey: null,
      reasonParams: null,
      appealUntil: null,
    };
    await record({
      userId,
      type: 'cardsNeedSeller',
      subject: 'order:9',
      facts: { orderId: 9, orderNo: 'MK9', cardType: { 'zh-CN': '京东E卡', 'en-US': 'JD E-card' }, cards: [card] },
      onRepeat: 'replace',
    });
    const answer = await userMessages(userId);
    const text = JSON.stringify(answer.data);
    expect(answer.data.list[0]!.content).toContain(maskCardNumber(cardNo));
    expect(text).not.toContain(cardNo);
    expect(text).not.toContain(cardPwd);
    expect(answer.data.list[0]).not.toHaveProperty('params');
  });
});

describe('resending a delivery', () => {
  beforeAll(smsOn);

  it('puts a failed one back to waiting, due now, its tries counted afresh, queues its job with it and audits it', async () => {
    const userId = await seller();
    const sms = (await record(withdrawalPaid(userId, 81)))[MessageChannel.Sms]!;
    await setDelivery(sms, DeliveryStatus.Failed, 'isv.AMOUNT_NOT_ENOUGH', 2);
    const jobsBefore = await deliveryJobs(sms);

    const resent = await resend(sms);
    expect(resent).toMatchObject({ code: 200, data: { id: sms, status: DeliveryStatus.Pending, attempts: 0 } });
    const [row] = await sql('select status, next_attempt_at <= now() as due from message_deliveries where id = $1', [sms]);
    expect(row).toEqual({ status: DeliveryStatus.Pending, due: true });
    expect(await deliveryJobs(sms)).toBe(jobsBefore + 1);
    expect(await auditActions(server, 'messageDelivery', sms)).toEqual(['message.resend']);
  });

  it('refuses any delivery that is not failed with 2001 naming its status, and an unknown one with 1002', async () => {
    const userId = await seller();
    const sms = (await record(withdrawalPaid(userId, 91)))[MessageChannel.Sms]!;
    expect(await resend(sms)).toMatchObject({
      code: Code.DeliveryNotResendable,
      msg: 'Only a failed delivery can be sent again; this one is "Waiting". Reload to see it',
      data: { status: DeliveryStatus.Pending },
    });
    await setDelivery(sms, DeliveryStatus.Sent, null);
    expect(await resend(sms, ops.admin, zh)).toMatchObject({
      code: Code.DeliveryNotResendable,
      msg: '只能重发发送失败的消息，这条消息当前为“已发送”；请刷新后查看',
    });
    await setDelivery(sms, DeliveryStatus.Refused, '43101: user refuse to accept the msg');
    expect((await resend(sms)).msg).toContain('"Refused"');
    expect(await resend(999_999)).toMatchObject({ code: Code.NotFound, msg: 'This message delivery was not found or has been removed' });
    expect(await auditActions(server, 'messageDelivery', sms)).toEqual([]);
  });

  it('clicked twice at once, sends it again once: one job, one audit entry, the other click refused', async () => {
    const userId = await seller();
    const sms = (await record(withdrawalPaid(userId, 101)))[MessageChannel.Sms]!;
    await setDelivery(sms, DeliveryStatus.Failed, 'isv.BUSINESS_LIMIT_CONTROL', 1);
    const jobsBefore = await deliveryJobs(sms);

    const answers = await Promise.all([resend(sms), resend(sms, ops.admin)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, Code.DeliveryNotResendable]);
    expect(await deliveryJobs(sms)).toBe(jobsBefore + 1);
    expect(await auditActions(server, 'messageDelivery', sms)).toEqual(['message.resend']);
  });
});
