import { CardStatus } from '@maika/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInOverHttp, openAs, type AppUser } from './support/appUser';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import { enUS, eventually, shownPage, startMobileServer, zhCN, type MobileServer } from './support/mobileApp';

/**
 * The orders tab's pull-down refresh on H5 (a page of its own touch handling, not NutUI's): an
 * order submitted elsewhere while the tab is on screen shows once the user pulls the list down
 * past the threshold and lets go, with the head's texts in the reader's language on the way. A pull
 * right after the list's first answer asks the server again, though the tab's first show did not,
 * and asks again for the cards of an order opened on the list.
 */

type Locale = 'zh-CN' | 'en-US';
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const phones: Record<Locale, string> = { 'zh-CN': '13912345501', 'en-US': '13912345502' };
/** Digits the cards are made of: a card number can be sold once only. */
const seeds: Record<Locale, [string, string]> = { 'zh-CN': ['3', '4'], 'en-US': ['5', '6'] };

let server: MobileServer;
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startMobileServer();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A one-card order of the first digital card type, as the submit page sends it; its order number. */
async function submitAnOrder(user: AppUser, seed: string): Promise<string> {
  const catalogue = await server.api('/api/goods/getClassList');
  const digital = (catalogue.data as { cardTypes: { id: number; physical: boolean }[] }[])
    .flatMap((category) => category.cardTypes)
    .find((type) => !type.physical)!;
  const detail = await server.api(`/api/goods/getGoodsDetail?id=${digital.id}`);
  const submitted = await server.api('/api/order/submit', {
    token: user.token,
    body: {
      goodsId: digital.id,
      faceValueFen: detail.data.faceValues[0].faceValueFen,
      cards: [{ cardNo: seed.repeat(detail.data.cardNoRule.length ?? 19), cardPwd: seed.repeat(detail.data.pwdRule.length ?? 6) }],
      idempotencyKey: `e2e-pull-${user.token.slice(-8)}-${seed}`,
      agree: true,
    },
  });
  expect(submitted.code, submitted.msg).toBe(200);
  return submitted.data.orderNo as string;
}

/** Until the channel has decided every card of the user's orders: a list showing a pending one asks again by itself every few seconds. */
async function allDecided(user: AppUser): Promise<void> {
  await eventually(async () => {
    const list = await server.api(`/api/order/list?status=${CardStatus.All}&page=1&pageSize=20`, { token: user.token });
    return (list.data.list as { pendingCount: number }[]).every((order) => order.pendingCount === 0);
  }, 'the cards are still being checked').toBe(true);
}

/** One finger on the list at `fromY`, moved down in steps to `toY`; the finger stays down. */
async function pullDown(page: Page, fromY: number, toY: number): Promise<void> {
  await page.evaluate(
    ({ fromY, toY }) => {
      const target = document.elementFromPoint(187, fromY)!;
      const touchAt = (y: number) => new Touch({ identifier: 1, target, clientX: 187, clientY: y, pageX: 187, pageY: y });
      const send = (type: string, y: number) => {
        const touch = touchAt(y);
        target.dispatchEvent(new TouchEvent(type, { touches: [touch], targetTouches: [touch], changedTouches: [touch], bubbles: true }));
      };
      send('touchstart', fromY);
      for (let y = fromY + 10; y <= toY; y += 10) send('touchmove', y);
    },
    { fromY, toY },
  );
}

async function letGo(page: Page, y: number): Promise<void> {
  await page.evaluate((y) => {
    const target = document.elementFromPoint(187, y)!;
    const touch = new Touch({ identifier: 1, target, clientX: 187, clientY: y, pageX: 187, pageY: y });
    target.dispatchEvent(new TouchEvent('touchend', { touches: [], targetTouches: [], changedTouches: [touch], bubbles: true }));
  }, y);
}

describe('pull-down refresh on the orders tab', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`shows an order submitted meanwhile once the list is pulled past the threshold and let go, a short pull not (${locale}, picture)`, async () => {
      const t = texts[locale];
      const user = await logInOverHttp(server, phones[locale]);
      const first = await submitAnOrder(user, seeds[locale][0]);
      const context = await phoneContext(browser, { locale });
      try {
        const page = await context.newPage();
        await openAs(page, server, user, 'order');
        const orders = shownPage(page);
        const card = (orderNo: string) => orders.locator(`.orders__card[data-order-no="${orderNo}"]`);
        await eventually(() => card(first).count()).toBe(1);
        const second = await submitAnOrder(user, seeds[locale][1]);
        const head = orders.locator('.pull-refresh__status');

        // A short pull opens the head with "pull to refresh" and closes it again without asking.
        await pullDown(page, 200, 260);
        await eventually(() => head.innerText()).toBe(t['notice.pull.pulling']);
        await letGo(page, 260);
        await eventually(() => orders.locator('.pull-refresh__head').evaluate((el) => el.getBoundingClientRect().height)).toBe(0);
        expect(await card(second).count()).toBe(0);

        // Past the threshold (45 px of head, about 110 px of finger): "release", then the refresh.
        await pullDown(page, 200, 360);
        await eventually(() => head.innerText()).toBe(t['notice.pull.release']);
        await screenshot(page, `mobile/order-pull${locale === 'zh-CN' ? '' : '.en'}`);
        await letGo(page, 360);
        await eventually(() => card(second).count()).toBe(1);
        await eventually(() => orders.locator('.pull-refresh__head').evaluate((el) => el.getBoundingClientRect().height)).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it("asks the server again for a pull right after the list's first answer, which the tab's first show did not ask twice", async () => {
    const user = await logInOverHttp(server, '13912345503');
    const first = await submitAnOrder(user, '7');
    await allDecided(user);
    const context = await phoneContext(browser, { locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      // The page's clock stands still: every answer stays one of this instant, the age at which the
      // first show does not ask again (it was asked by the entry's early request) and a pull still must.
      await page.clock.setFixedTime(new Date());
      let asked = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/order/list') asked += 1;
      });
      await openAs(page, server, user, 'order');
      const orders = shownPage(page);
      const card = (orderNo: string) => orders.locator(`.orders__card[data-order-no="${orderNo}"]`);
      await eventually(() => card(first).count()).toBe(1);
      expect(asked, 'the first show asks once').toBe(1);

      const second = await submitAnOrder(user, '8');
      await pullDown(page, 200, 360);
      await letGo(page, 360);
      await eventually(() => card(second).count()).toBe(1);
      expect(asked, 'the pull asks again').toBe(2);
    } finally {
      await context.close();
    }
  });

  it('asks again for the cards of an order opened on the list, which come with its detail', async () => {
    const user = await logInOverHttp(server, '13912345504');
    const orderNo = await submitAnOrder(user, '9');
    await allDecided(user);
    const context = await phoneContext(browser, { locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      let details = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/order/detail') details += 1;
      });
      await openAs(page, server, user, 'order');
      const card = shownPage(page).locator(`.orders__card[data-order-no="${orderNo}"]`);
      await card.waitFor();
      expect(details, 'the list alone asks for no detail').toBe(0);
      await card.locator('.orders__toggle').tap();
      await eventually(() => card.locator('.orders__line').count()).toBe(1);
      expect(details, 'opening the order asks for its cards').toBe(1);

      await pullDown(page, 200, 360);
      await letGo(page, 360);
      await eventually(() => details, 'the pull asks for the opened order again').toBe(2);
      expect(await card.locator('.orders__line').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
