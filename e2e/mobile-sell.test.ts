import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logInKeepingToken } from './support/appUser';
import { screenshot } from './support/browser';
import {
  eventually,
  logIn,
  phoneJourney,
  routeHref,
  routeNamed,
  routeUrlPattern,
  settle,
  shownPage,
  tabBar,
  toastText,
  zhCN,
  type MobileServer,
} from './support/mobileApp';

// The card channel simulator answers after this long, so a journey sees cards decided within seconds.
process.env.CHANNEL_SIM_DELAY_MS = '500';

/**
 * Selling cards through the H5 app against the real server process: a user picks a card type in
 * the catalogue, submits two cards in one batch, watches the orders tab turn one card "passed" and
 * the other "rejected" (the channel simulator decides by the password), finds the credit on the
 * person tab and appeals the rejected card.
 */

/** China Mobile top-up cards (first category of the demo catalogue): 17-digit numbers, 18-digit passwords. */
const cardType = { category: '话费卡', name: '中国移动充值卡', faceValue: '¥100.00', faceValueFen: 10_000, rateBp: 9780 };
const goodCard = { cardNo: '13800000000000001', cardPwd: '123456789012345678' };
// A password ending in 0000 is rejected by the channel simulator.
const badCard = { cardNo: '13800000000000002', cardPwd: '123456789012340000' };

const button = (scope: Locator, text: string) => scope.locator('.taro-button-core').filter({ hasText: text });
const cardLines = (page: Page, status: number) => shownPage(page).locator(`.orders__line[data-card-status="${status}"]`);

/**
 * Logs in, then opens `routeName` once the app has finished its own move after the login (it
 * relaunches the home page when the login page was the first of the visit).
 */
async function logInAndOpen(page: Page, server: MobileServer, phone: string, routeName: string): Promise<void> {
  await logIn(page, server, phone);
  await settle(page);
  const route = routeNamed(routeName);
  await page.goto(routeHref(server, route));
  await page.waitForURL(routeUrlPattern(route));
  await settle(page);
}

describe('selling cards', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  it('submits a batch of two, sees one pass and one rejected, finds the credit and appeals the rejection', async () => {
    // Catalogue → card type sheet → a face value opens the submit page at that value.
    await logInAndOpen(page, server, '13912347701', 'goodsClass');
    await shownPage(page).locator('.goods-class__category').filter({ hasText: cardType.category }).tap();
    await shownPage(page).locator('.card-type-row').filter({ hasText: cardType.name }).tap();
    const faceValueRow = page.locator('.card-sheet__row').filter({ hasText: cardType.faceValue }).filter({ visible: true });
    await faceValueRow.waitFor();
    await settle(page);
    await screenshot(page, 'mobile/goodsClass-sheet-sell');
    await faceValueRow.tap();
    await page.waitForURL(routeUrlPattern(routeNamed('submitCard')));
    const form = shownPage(page);
    await eventually(() => form.locator('.submit-card__goods-name').innerText()).toBe(cardType.name);
    expect(await form.locator('.submit-card__face--chosen .submit-card__face-value').innerText()).toBe(cardType.faceValue);

    // Single entry strips what the digits-only rule does not allow, as typed.
    const cardNo = form.locator('input.submit-card__input--cardNo');
    await cardNo.fill('1380 0000-abc');
    await eventually(() => cardNo.inputValue()).toBe('13800000');
    await settle(page);
    await screenshot(page, 'mobile/submitCard-single');

    // Batch: a bad line is named by its number before anything is sent.
    await form.locator('.submit-card__mode').filter({ hasText: zhCN['submitCard.mode.batch'] }).tap();
    const box = form.locator('.submit-card__textarea textarea');
    await box.fill(`${goodCard.cardNo} ${goodCard.cardPwd}\n1380000 12345`);
    await eventually(() => form.locator('.submit-card__problem').first().getAttribute('data-line')).toBe('2');
    expect(await form.locator('.submit-card__problem').first().innerText()).toContain(zhCN['submitCard.batch.line'].replace('{line}', '2'));
    expect(await form.locator('.submit-card__batch-count').innerText()).toContain('1');
    await screenshot(page, 'mobile/submitCard-batch-error');

    await box.fill(`${goodCard.cardNo} ${goodCard.cardPwd}\n${badCard.cardNo},${badCard.cardPwd}`);
    await eventually(() => form.locator('.submit-card__problem').count()).toBe(0);
    const perCard = (cardType.faceValueFen * cardType.rateBp) / 10_000;
    const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
    await eventually(() => form.locator('.submit-card__expected-total').innerText()).toBe(yuan(perCard * 2));
    await form.locator('.submit-card__check').tap();
    await form.locator('.submit-card__check[aria-checked="true"]').waitFor();
    await button(form, zhCN['submitCard.submit']).tap();

    // The result names the order; the orders tab shows it, and the simulator decides both cards.
    await eventually(() => form.locator('.submit-result__order-no').count()).toBe(1);
    const shownOrderNo = await form.locator('.submit-result__order-no').innerText();
    await settle(page);
    await screenshot(page, 'mobile/submitCard-result');
    await button(form, zhCN['submitCard.result.orders']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('order')));
    const order = shownPage(page).locator('.orders__card').filter({ hasText: shownOrderNo });
    await eventually(() => order.count()).toBe(1);
    // The counts follow the simulator's decisions without a reload: the list asks again while cards are pending.
    // In the words of the filter chips and the card lines: one passed, one rejected.
    await eventually(() => order.locator('.orders__count-value').allInnerTexts()).toEqual(['1', '1']);
    expect(await order.locator('.orders__count-label').allInnerTexts()).toEqual(['已通过', '已驳回']);
    await settle(page);
    // The tab keeps the scroll of the page it was switched from; the picture shows the list from its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'mobile/order-list');
    await order.locator('.orders__toggle').tap();
    await eventually(() => cardLines(page, 1).count()).toBe(1);
    await eventually(() => cardLines(page, 2).count()).toBe(1);
    expect(await cardLines(page, 1).locator('.orders__status').innerText()).toBe('已通过');
    expect(await cardLines(page, 2).locator('.orders__status').innerText()).toBe('已驳回');
    await eventually(() => order.locator('.orders__settled').innerText()).toBe(yuan(perCard));
    await settle(page);
    await screenshot(page, 'mobile/order-expanded');

    // The passed card is credited to the balance on the person tab.
    await tabBar(page).getByText(zhCN['tab.person'], { exact: true }).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('person')));
    await eventually(() => shownPage(page).locator('.person__balance-amount').innerText()).toBe((perCard / 100).toFixed(2));

    // Appeal the rejected card: the reason is asked for, then the card is under appeal.
    await tabBar(page).getByText(zhCN['tab.order'], { exact: true }).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('order')));
    await cardLines(page, 2).locator('.orders__appeal').tap();
    const dialog = page.locator('.appeal__body').filter({ visible: true });
    await dialog.locator('textarea').fill('短');
    await button(dialog, zhCN['order.appeal.submit']).tap();
    await eventually(() => dialog.locator('.appeal__problem').innerText()).toBe(
      zhCN['order.appeal.length'].replace('{min}', '5').replace('{max}', '200'),
    );
    await dialog.locator('textarea').fill('这张卡是在营业厅买的，从未充值使用过');
    await eventually(() => dialog.locator('.appeal__counter').innerText()).toBe('18/200');
    await screenshot(page, 'mobile/order-appeal');
    await button(dialog, zhCN['order.appeal.submit']).tap();
    await eventually(() => cardLines(page, 4).count()).toBe(1);
    expect(await cardLines(page, 4).locator('.orders__status').innerText()).toBe('申诉中');
    expect(await cardLines(page, 4).innerText()).toContain('从未充值使用过');
    await eventually(() => page.locator('.appeal__body').filter({ visible: true }).count()).toBe(0);
    await eventually(() => toastText(page)).toBe('');
    await settle(page);
    await screenshot(page, 'mobile/order-appealed');
  });

  it('takes the tracking number of mailed physical cards and shows where they are', async () => {
    const token = await logInKeepingToken(page, server, '13912347702');
    await settle(page);
    const catalogue = await server.api('/api/goods/getClassList');
    const physical = (catalogue.data as { cardTypes: { id: number; name: string; physical: boolean }[] }[])
      .flatMap((category) => category.cardTypes)
      .find((type) => type.physical && !type.name.includes('沃尔玛'))!;
    const detail = await server.api(`/api/goods/getGoodsDetail?id=${physical.id}`);
    const submitted = await server.api('/api/order/submit', {
      token,
      body: {
        goodsId: physical.id,
        faceValueFen: detail.data.faceValues[0].faceValueFen,
        cards: [{ cardNo: '9'.repeat(detail.data.cardNoRule.length ?? 19), cardPwd: '1'.repeat(detail.data.pwdRule.length ?? 6) }],
        idempotencyKey: 'e2e-sell-physical-0001',
        agree: true,
      },
    });
    expect(submitted.code, submitted.msg).toBe(200);

    // From the order on the orders tab to the logistics page, which asks for the tracking number first.
    await page.goto(routeHref(server, routeNamed('order')));
    await page.waitForURL(routeUrlPattern(routeNamed('order')));
    const order = shownPage(page).locator('.orders__card').filter({ hasText: submitted.data.orderNo });
    await order.locator('.orders__logistics').tap();
    await page.waitForURL(routeUrlPattern(routeNamed('logisticsInfo')));
    const info = shownPage(page);
    await eventually(() => info.locator('.logistics-form').count()).toBe(1);
    await info.locator('input.logistics-form__input').fill('SF 1234-5678-9012');
    await eventually(() => info.locator('input.logistics-form__input').inputValue()).toBe('SF123456789012');
    await button(info, zhCN['logistics.save']).tap();
    await eventually(() => info.locator('.logistics-form__problem').innerText()).toBe(zhCN['logistics.error.carrier']);
    await settle(page);
    // Typing scrolled the field into view; the picture shows the page from its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'mobile/logisticsInfo-form');

    // The carrier picker is the platform's own widget: the carrier goes over HTTP, as a second device would.
    const saved = await server.api('/api/order/logistics', {
      token,
      body: { orderId: submitted.data.orderId, carrier: 'SF', trackingNo: 'SF123456789012' },
    });
    expect(saved.code, saved.msg).toBe(200);
    await page.reload();
    await eventually(() => shownPage(page).locator('.logistics__tracking-no').innerText()).toBe('SF123456789012');
    expect(await shownPage(page).locator('.logistics__head').innerText()).toContain('顺丰速运');
    await settle(page);
    await screenshot(page, 'mobile/logisticsInfo-tracking');
  });
});
