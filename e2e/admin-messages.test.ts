import {
  CardStatus,
  DeliveryStatus,
  maskCardNumber,
  MessageChannel,
  messageTypeTable,
  PayeeChannel,
  SettlementStatus,
  type MessageTypeKey,
} from '@maika/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../apps/server/src/db/client';
import type { MessageFacts } from '../apps/server/src/modules/messages/facts';
import { connectBrowser } from './support/browser';
import { adminPicture, confirmPopup, desktopContext, signIn, startAdminServer, type AdminServer } from './support/adminConsole';
import { logInUser, type AppUser } from './support/consoleData';
import { eventually } from './support/mobileApp';

/**
 * Support opens a seller's messages on the user's page and sends a failed SMS again; an
 * administrator turns a message channel on, is refused while a type has no template id, fills it
 * in and saves. The messages are written as the module of each change writes them, each SMS
 * delivery with what the vendor answered (the delivery worker's part).
 */

let server: AdminServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let database: Database;
let seller: AppUser;
let failedSms: number;

const cardNo = '6222021234567890123';
const sent: Delivery = { status: DeliveryStatus.Sent, vendorAnswer: 'OK', attempts: 1 };
const allTemplates = Object.fromEntries(messageTypeTable.keys.map((key) => [key, `SMS_${key}`]));

interface Delivery {
  status: DeliveryStatus;
  vendorAnswer: string | null;
  attempts: number;
}

/**
 * A message as a module records it, with its SMS delivery as the delivery worker left it, in one
 * statement; answers the delivery's id. (The server's own tests record them with recordMessage.)
 */
async function record<T extends MessageTypeKey>(type: T, subject: string, facts: MessageFacts[T], sms?: Delivery) {
  const { rows } = await database.pool.query<{ id: number | null }>(
    `with message as (
       insert into messages (user_id, type, subject, params) values ($1, $2, $3, $4::jsonb) returning id
     ), delivery as (
       insert into message_deliveries (message_id, channel, status, attempts, vendor_answer, sent_at)
       select id, $5::smallint, $6::smallint, $7::int, $8::text, case when $6::smallint = ${DeliveryStatus.Sent} then now() end
       from message where $9::boolean
       returning id
     )
     select (select id from delivery) as id`,
    [
      seller.id,
      messageTypeTable.byKey(type)!.code,
      subject,
      JSON.stringify(facts),
      MessageChannel.Sms,
      sms?.status ?? 0,
      sms?.attempts ?? 0,
      sms?.vendorAnswer ?? null,
      sms !== undefined,
    ],
  );
  return rows[0]!.id;
}

const deliveryState = async (id: number) =>
  (
    await database.pool.query<{ status: number; jobs: number }>(
      `select status, (select count(*)::int from pgboss.job j where j.name = 'message-delivery' and (j.data->>'deliveryId')::bigint = d.id) as jobs
       from message_deliveries d where d.id = $1`,
      [id],
    )
  ).rows[0]!;

async function openAs(username: string, path: string, locale: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<void> {
  await context?.close();
  context = await desktopContext(browser);
  page = await context.newPage();
  await signIn(page, server, username);
  await page.evaluate((language) => localStorage.setItem('maika.admin.locale', language), locale);
  await page.goto('about:blank');
  await page.goto(`${server.url}/admin/#${path}`);
  await page.locator('.ant-layout-content').waitFor();
}

/** Scrolls the open tab's table, its pager included, into view for a picture. */
async function showWholeTable(): Promise<void> {
  await page.locator('.ant-tabs-tabpane-active .ant-table-wrapper').evaluate((table) => table.scrollIntoView({ block: 'end' }));
}

/** Closes the notices in the page's corner, which would cover the header in a picture. */
async function closeNotices(): Promise<void> {
  const close = page.locator('.ant-notification-notice-close');
  for (let i = await close.count(); i > 0; i--) await close.first().click();
  await eventually(() => page.locator('.ant-notification-notice').count()).toBe(0);
}

async function switchTo(locale: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((language) => localStorage.setItem('maika.admin.locale', language), locale);
  await page.reload();
  await page.locator('.ant-layout-content').waitFor();
}

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startAdminServer();
  await server.createOperator('sam', 'support');
  await server.createOperator('ada', 'admin');
  seller = await logInUser(server, '13912348801');
  const sms = await server.call('/api/admin/messageChannels/1', {
    admin: await server.rootToken(),
    body: { enabled: true, templates: allTemplates },
  });
  expect(sms.code, sms.msg).toBe(200);

  database = connect(server.databaseUrl, 2);
  const card = {
    cardId: 1,
    maskedNo: maskCardNumber(cardNo),
    status: CardStatus.Rejected,
    settlementStatus: SettlementStatus.NotCredited,
    amountFen: null,
    reason: '卡密错误',
    reasonKey: null,
    reasonParams: null,
    appealUntil: null,
  };
  const cardType = { 'zh-CN': '京东E卡', 'en-US': 'JD E-card' };
  await record('cardsNeedSeller', 'order:501', { orderId: 501, orderNo: 'MK20260501', cardType, cards: [card] }, sent);
  const paidAt = new Date().toISOString();
  failedSms = (await record(
    'withdrawalPaid',
    'withdrawal:502',
    { withdrawalId: 502, amountFen: 12_345, feeFen: 100, channel: PayeeChannel.Alipay, paidAt },
    { status: DeliveryStatus.Failed, vendorAnswer: 'isv.BUSINESS_LIMIT_CONTROL: 触发小时级流控Permits:5', attempts: 3 },
  ))!;
  await record('accountUnfrozen', 'unfreeze:503', {});
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await database?.close();
  await server?.stop();
});

describe("a seller's messages in the console", () => {
  it('support sees each message with its deliveries, masked card numbers only, and sends a failed SMS again (pictures)', async () => {
    await openAs('sam', `/users/show/${seller.id}`);
    await page.getByRole('tab', { name: '消息' }).click();
    const messages = page.locator('.ant-tabs-tabpane-active .ant-table-row');
    await messages.filter({ hasText: '提现已到账' }).waitFor();
    expect(await messages.count()).toBe(3);
    const failed = page.getByTestId(`delivery-${failedSms}`);
    await eventually(() => failed.innerText()).toContain('发送失败');
    expect(await failed.innerText()).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(await messages.filter({ hasText: '账户已解冻' }).innerText()).toContain('仅消息中心');
    const cardMessage = await messages.filter({ hasText: '有卡需要您处理' }).innerText();
    expect(cardMessage).toContain(maskCardNumber(cardNo));
    expect(await page.locator('.ant-tabs-tabpane-active').innerText()).not.toContain(cardNo);
    // Only the failed delivery offers a resend.
    expect(
      await page
        .locator('.ant-tabs-tabpane-active')
        .getByRole('button', { name: /重\s?发/ })
        .count(),
    ).toBe(1);
    await showWholeTable();
    await adminPicture(page, 'user-messages-zh-CN');

    await switchTo('en-US');
    await page.getByRole('tab', { name: 'Messages' }).click();
    await messages.filter({ hasText: 'Withdrawal paid' }).waitFor();
    await eventually(() => failed.innerText()).toContain('Failed');
    await showWholeTable();
    await adminPicture(page, 'user-messages-en-US');

    expect(await deliveryState(failedSms)).toMatchObject({ status: DeliveryStatus.Failed, jobs: 0 });
    await failed.getByRole('button', { name: 'Resend' }).click();
    await confirmPopup(page);
    // The demo's SMS simulator is on, so the delivery worker sends it again at once; the row, read
    // back while it waits or sends, is followed until it reads Sent, with no reload.
    await eventually(() => failed.locator('.ant-tag').nth(1).innerText()).toBe('Sent');
    expect(await failed.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    await eventually(async () => deliveryState(failedSms)).toMatchObject({ status: DeliveryStatus.Sent, jobs: 1 });
    const audit = await database.pool.query(`select action from audit_log where target_type = 'messageDelivery' and target_id = $1`, [
      String(failedSms),
    ]);
    expect(audit.rows).toEqual([{ action: 'message.resend' }]);
  });
});

describe('the message channels page', () => {
  it('refuses to turn a channel on while a type has no template id, then saves it with every one (pictures)', async () => {
    await openAs('ada', '/messageChannels');
    const alipay = page.getByTestId('message-channel-alipay');
    await alipay.getByLabel('订单处理完成').waitFor();
    const [last, ...others] = [...messageTypeTable.values].reverse();
    for (const type of others) await alipay.getByLabel(type.label['zh-CN']).fill(`2021_${type.key}`);
    await alipay.getByLabel(last!.label['zh-CN']).fill('');
    // The demo turns every channel on; an operator's first save may find it either way.
    if ((await alipay.getByRole('switch').getAttribute('aria-checked')) !== 'true') await alipay.getByRole('switch').click();
    await alipay.getByRole('button', { name: /保\s?存/ }).click();
    await alipay
      .getByRole('alert')
      .filter({ hasText: `开启支付宝订阅消息前，请填写“${last!.label['zh-CN']}”的模板 ID` })
      .waitFor();
    // The form debounces a field's errors, so the field's own message shows a moment after the alert.
    await eventually(() => alipay.innerText()).toContain('开启渠道前请填写此模板 ID');
    await closeNotices();
    await adminPicture(page, 'message-channels-refused-zh-CN');

    await alipay.getByLabel(last!.label['zh-CN']).fill(` 2021_${last!.key} `);
    await alipay.getByRole('button', { name: /保\s?存/ }).click();
    const alipayChannel = async () => (await server.call('/api/admin/messageChannels', { admin: await server.rootToken() })).data.list[2];
    await eventually(async () => (await alipayChannel()).enabled).toBe(true);
    expect(await alipay.getByRole('alert').count()).toBe(0);
    expect(await alipayChannel()).toEqual({
      channel: 3,
      enabled: true,
      templates: Object.fromEntries(messageTypeTable.keys.map((key) => [key, `2021_${key}`])),
    });
    const audit = await database.pool.query(`select action from audit_log where target_type = 'messageChannel' and target_id = '3'`);
    expect(audit.rows).toEqual([{ action: 'messageChannel.update' }]);
    await closeNotices();
    await page.evaluate(() => window.scrollTo(0, 0));
    await adminPicture(page, 'message-channels-zh-CN');

    await switchTo('en-US');
    const weapp = page.getByTestId('message-channel-weapp');
    await weapp.getByLabel('Order completed').fill('');
    if ((await weapp.getByRole('switch').getAttribute('aria-checked')) !== 'true') await weapp.getByRole('switch').click();
    await weapp.getByRole('button', { name: 'Save' }).click();
    await weapp
      .getByRole('alert')
      .filter({ hasText: 'Fill in the template id for "Order completed" before turning WeChat subscribe message on' })
      .waitFor();
    await closeNotices();
    await adminPicture(page, 'message-channels-refused-en-US');
  });
});
