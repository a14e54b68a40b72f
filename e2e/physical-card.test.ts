import { Code, type MailingAddress } from '@maika/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminPicture, confirmPopup, desktopContext, signIn, startAdminServer, type AdminServer } from './support/adminConsole';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import { enUS, eventually, routeHref, routeNamed, routeUrlPattern, settle, shownPage, zhCN } from './support/mobileApp';

/**
 * Selling a physical (mailed) card, against the real server process: the user submits it in the
 * H5 app and sees it awaiting shipment, records the tracking number and sees it in transit; no
 * checking happens meanwhile. A reviewer marks the parcel received in the console, and only then
 * does the card simulator check the card, which the user sees passed and credited.
 */

let server: AdminServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startAdminServer({ CHANNEL_SIM_DELAY_MS: '500' });
  await server.createOperator('rosa', 'reviewer');
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

const button = (scope: Locator, text: string) => scope.locator('.taro-button-core').filter({ hasText: text });

async function logInUser(phone: string): Promise<string> {
  expect((await server.call('/api/Authentication/getLoginSms', { body: { phone } })).code).toBe(200);
  const outbox = await server.call(`/api/dev/smsOutbox?phone=${phone}`);
  const login = await server.call('/api/Authentication/smsLogin', { body: { phone, code: outbox.data[0].code } });
  expect(login.code, login.msg).toBe(200);
  return login.data.token as string;
}

/** A phone-sized page of the H5 app, logged in with `token` (kept where the app keeps it). */
async function phonePage(token: string, locale = 'zh-CN'): Promise<Page> {
  const context = await phoneContext(browser, { locale });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript((saved) => {
    if (localStorage.getItem('loginToken')) return;
    localStorage.setItem('loginToken', JSON.stringify({ data: saved }));
    const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
    localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
  }, token);
  return page;
}

/** The mailing address block inside `scope` shows these three lines. */
async function expectMailingAddress(scope: Locator, recipient: string, phone: string, address: string): Promise<void> {
  const block = scope.locator('.mailing-address');
  await eventually(() => block.count()).toBe(1);
  expect(await block.locator('.mailing-address__value--recipient').innerText()).toBe(recipient);
  expect(await block.locator('.mailing-address__value--phone').innerText()).toBe(phone);
  expect(await block.locator('.mailing-address__value--address').innerText()).toBe(address);
}

async function open(page: Page, routeName: string, query: Record<string, string | number> = {}): Promise<void> {
  const route = routeNamed(routeName);
  await page.goto('about:blank');
  await page.goto(routeHref(server, route, query));
  await page.waitForURL(routeUrlPattern(route));
  await settle(page);
}

describe('selling a physical card', () => {
  it('waits for the card: awaiting shipment, in transit, received in the console, then checked and credited', async () => {
    const token = await logInUser('13912347751');
    const catalogue = await server.call('/api/goods/getClassList');
    const type = (catalogue.data as { cardTypes: { id: number; name: string; physical: boolean }[] }[])
      .flatMap((category) => category.cardTypes)
      .find((candidate) => candidate.physical && candidate.name.includes('中石化'))!;
    const detail = await server.call(`/api/goods/getGoodsDetail?id=${type.id}`);
    const faceValue = detail.data.faceValues[0] as { faceValueFen: number; rateBp: number };
    const expectedFen = Math.floor((faceValue.faceValueFen * faceValue.rateBp) / 10_000);

    // Submit in the app: the result says the card waits to be mailed.
    const page = await phonePage(token);
    await open(page, 'submitCard', { id: type.id, faceValueFen: faceValue.faceValueFen });
    const form = shownPage(page);
    await form.locator('input.submit-card__input--cardNo').fill('9'.repeat(detail.data.cardNoRule.length ?? 19));
    await form.locator('input.submit-card__input--cardPwd').fill('135791');
    await form.locator('.submit-card__check').tap();
    await form.locator('.submit-card__check[aria-checked="true"]').waitFor();
    await button(form, zhCN['submitCard.submit']).tap();
    const result = shownPage(page).locator('.submit-result');
    await result.locator('.submit-result__order-no').waitFor();
    const orderNo = await result.locator('.submit-result__order-no').innerText();
    expect(await result.locator('.submit-result__body').innerText()).toBe(zhCN['submitCard.result.bodyPhysical'].replace('{count}', '1'));

    // Beside the tracking-number form: where to mail the card, from the site settings, copied whole in one tap.
    const mailTo = (await server.call('/api/Basis/getFoundation')).data.mailingAddress as MailingAddress;
    expect(mailTo.address).not.toBe('');
    await expectMailingAddress(result, mailTo.recipient, mailTo.phone, mailTo.address);
    await settle(page);
    await screenshot(page, 'mobile/submitCard-result-physical');
    await result.locator('.mailing-address__copy').tap();
    await eventually(() => page.evaluate(() => localStorage.getItem('taro_clipboard'))).toContain(
      JSON.stringify(`${mailTo.recipient} ${mailTo.phone} ${mailTo.address}`).slice(1, -1),
    );
    await result.locator('.submit-result__later').tap();

    // The orders tab: awaiting shipment, with what to do next, and the card unreviewed.
    await open(page, 'order');
    const order = shownPage(page).locator('.orders__card').filter({ hasText: orderNo });
    await eventually(() => order.locator('.shipment-state').getAttribute('data-shipment-status')).toBe('0');
    expect(await order.locator('.shipment-state__status').innerText()).toBe('待寄出');
    expect(await order.locator('.shipment-state__next').innerText()).toBe(zhCN['shipment.next.awaitingShipment']);
    expect(await order.locator('.orders__logistics').innerText()).toBe(zhCN['order.shipment.enter']);
    await expectMailingAddress(order, mailTo.recipient, mailTo.phone, mailTo.address);
    await settle(page);
    await screenshot(page, 'mobile/order-physical-awaitingShipment');

    // The shipping page asks for the tracking number.
    await order.locator('.orders__logistics').tap();
    await page.waitForURL(routeUrlPattern(routeNamed('logisticsInfo')));
    const info = shownPage(page);
    await eventually(() => info.locator('.logistics-form').count()).toBe(1);
    expect(await info.locator('.shipment-state__status').innerText()).toBe('待寄出');
    await expectMailingAddress(info, mailTo.recipient, mailTo.phone, mailTo.address);
    await settle(page);
    await screenshot(page, 'mobile/logisticsInfo-physical-awaitingShipment');
    const orders = await server.call('/api/order/list?status=999&page=1&pageSize=10', { token });
    const orderId = (orders.data.list as { id: number; orderNo: string }[]).find((o) => o.orderNo === orderNo)!.id;

    // The carrier picker is the platform's own widget: the shipment goes over HTTP, as a second device would.
    const saved = await server.call('/api/order/logistics', { token, body: { orderId, carrier: 'SF', trackingNo: 'SF246813579024' } });
    expect(saved.code, saved.msg).toBe(200);
    await page.reload();
    await eventually(() => shownPage(page).locator('.shipment-state').getAttribute('data-shipment-status')).toBe('1');
    expect(await shownPage(page).locator('.shipment-state__next').innerText()).toBe(zhCN['shipment.next.inTransit']);
    await eventually(() => shownPage(page).locator('.logistics__tracking-no').innerText()).toBe('SF246813579024');
    await expectMailingAddress(shownPage(page), mailTo.recipient, mailTo.phone, mailTo.address);
    await settle(page);
    await screenshot(page, 'mobile/logisticsInfo-physical-inTransit');

    // A mistyped number is corrected in place until the parcel is received.
    await shownPage(page).locator('.logistics__correct-open').tap();
    const correcting = shownPage(page).locator('.logistics__correct');
    const numberField = correcting.locator('input.logistics-form__input');
    await eventually(() => numberField.inputValue()).toBe('SF246813579024');
    expect(await correcting.locator('.logistics-form__choice').innerText()).toBe('顺丰速运');
    await numberField.fill('SF246813579025');
    await settle(page);
    await screenshot(page, 'mobile/logisticsInfo-physical-correcting');
    await button(correcting, zhCN['logistics.save']).tap();
    await eventually(() => shownPage(page).locator('.logistics__tracking-no').innerText()).toBe('SF246813579025');
    // The form closes once the saved number is read back, a render after the number shows.
    await eventually(() => shownPage(page).locator('.logistics__correct').count()).toBe(0);

    // Nothing was checked while the card travelled.
    const waiting = await server.call(`/api/order/detail?id=${orderId}`, { token });
    expect(waiting.data.order).toMatchObject({ shipmentStatus: 1, pendingCount: 1, settledFen: 0 });
    expect(waiting.data.order.cards[0]).toMatchObject({ status: 0, settlementStatus: 0 });

    // A reviewer opens the parcel and marks it received in the console.
    const desk = await desktopContext(browser);
    contexts.push(desk);
    const desktop = await desk.newPage();
    await signIn(desktop, server, 'rosa');
    await desktop.goto(`${server.url}/admin/#/shipments`);
    const row = desktop.locator('.ant-table-row').filter({ hasText: orderNo });
    await row.waitFor();
    expect(await row.innerText()).toContain('运输中');
    expect(await row.innerText()).toContain('SF246813579025');
    await adminPicture(desktop, 'shipments-inTransit');
    await row.getByRole('button', { name: '标记已签收' }).click();
    await confirmPopup(desktop);
    await eventually(() => row.locator('.ant-tag').innerText()).toBe('已签收');
    expect(await row.innerText()).toContain('rosa');
    await adminPicture(desktop, 'shipments-received');

    // The card is checked now: passed and credited, and the app shows it received.
    await eventually(async () => (await server.call(`/api/order/detail?id=${orderId}`, { token })).data.order.settledFen).toBe(expectedFen);
    await open(page, 'order');
    const received = shownPage(page).locator('.orders__card').filter({ hasText: orderNo });
    await eventually(() => received.locator('.shipment-state').getAttribute('data-shipment-status')).toBe('2');
    expect(await received.locator('.shipment-state__status').innerText()).toBe('已签收');
    await received.locator('.orders__toggle').tap();
    await eventually(() => received.locator('.orders__line[data-card-status="1"]').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'mobile/order-physical-received');

    // Received: nowhere to mail it any more, and the number stays as it is, with a message saying why.
    await open(page, 'logisticsInfo', { orderId });
    await eventually(() => shownPage(page).locator('.shipment-state').getAttribute('data-shipment-status')).toBe('2');
    await eventually(() => shownPage(page).locator('.logistics__tracking-no').innerText()).toBe('SF246813579025');
    expect(await shownPage(page).locator('.logistics__correct-open').count()).toBe(0);
    expect(await shownPage(page).locator('.mailing-address').count()).toBe(0);
    const late = await server.call('/api/order/logistics', { token, body: { orderId, carrier: 'SF', trackingNo: 'SF246813579026' } });
    expect(late.code).toBe(Code.ShipmentTrackingLocked);
    expect(late.msg).toContain('快递单号不能再修改');
    const account = await server.call('/api/cash/getAccount', { token });
    expect(account.data.availableFen).toBe(expectedFen);
  }, 300_000);
  it('shows English readers where to mail the cards, in English, and lets them correct the number (en-US, picture)', async () => {
    const token = await logInUser('13912347752');
    const catalogue = await server.call('/api/goods/getClassList');
    const type = (catalogue.data as { cardTypes: { id: number; name: string; physical: boolean }[] }[])
      .flatMap((category) => category.cardTypes)
      .find((candidate) => candidate.physical)!;
    const detail = await server.call(`/api/goods/getGoodsDetail?id=${type.id}`);
    const faceValue = detail.data.faceValues[0] as { faceValueFen: number };
    const mailTo = (await server.call('/api/Basis/getFoundation')).data.mailingAddress as MailingAddress;
    expect(mailTo.addressEn).not.toBe('');

    const page = await phonePage(token, 'en-US');
    await open(page, 'submitCard', { id: type.id, faceValueFen: faceValue.faceValueFen });
    const form = shownPage(page);
    await form.locator('input.submit-card__input--cardNo').fill('8'.repeat(detail.data.cardNoRule.length ?? 19));
    await form.locator('input.submit-card__input--cardPwd').fill('246802');
    await form.locator('.submit-card__check').tap();
    await form.locator('.submit-card__check[aria-checked="true"]').waitFor();
    await button(form, enUS['submitCard.submit']).tap();
    const result = shownPage(page).locator('.submit-result');
    await result.locator('.submit-result__order-no').waitFor();
    const orderNo = await result.locator('.submit-result__order-no').innerText();
    await expectMailingAddress(result, mailTo.recipientEn, mailTo.phone, mailTo.addressEn);
    expect(await result.locator('.mailing-address').innerText()).toContain(enUS['mailing.title']);
    await settle(page);
    await screenshot(page, 'mobile/submitCard-result-physical.en');
    await result.locator('.submit-result__later').tap();

    await open(page, 'order');
    const order = shownPage(page).locator('.orders__card').filter({ hasText: orderNo });
    await expectMailingAddress(order, mailTo.recipientEn, mailTo.phone, mailTo.addressEn);
    await settle(page);
    await screenshot(page, 'mobile/order-physical-awaitingShipment.en');

    const orders = await server.call('/api/order/list?status=999&page=1&pageSize=10', { token });
    const orderId = (orders.data.list as { id: number; orderNo: string }[]).find((o) => o.orderNo === orderNo)!.id;
    expect((await server.call('/api/order/logistics', { token, body: { orderId, carrier: 'YTO', trackingNo: 'YT1234567890' } })).code).toBe(
      200,
    );
    await open(page, 'logisticsInfo', { orderId });
    await eventually(() => shownPage(page).locator('.logistics__tracking-no').innerText()).toBe('YT1234567890');
    await expectMailingAddress(shownPage(page), mailTo.recipientEn, mailTo.phone, mailTo.addressEn);
    await shownPage(page).locator('.logistics__correct-open').tap();
    const correcting = shownPage(page).locator('.logistics__correct');
    await eventually(() => correcting.locator('input.logistics-form__input').inputValue()).toBe('YT1234567890');
    expect(await correcting.innerText()).toContain(enUS['logistics.correct.body']);
    await settle(page);
    await screenshot(page, 'mobile/logisticsInfo-physical-correcting.en');
  }, 300_000);
});
