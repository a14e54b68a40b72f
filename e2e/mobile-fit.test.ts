import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInOverHttp, openAs, verifyRealName, type AppUser } from './support/appUser';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import {
  enUS,
  eventually,
  field,
  routeHref,
  routeNamed,
  settle,
  shownPage,
  startMobileServer,
  zhCN,
  type MessageKey,
  type MobileServer,
} from './support/mobileApp';

/**
 * What fits a phone: what a finger has to hit is at least 44 px tall (the size Apple and WeChat ask
 * of a tap target), in both languages, for the controls users missed; a bottom sheet holds the
 * page behind it still; and a Chinese sentence never leaves one character alone on its last line.
 */

const FINGER_PX = 44;
const locales = ['zh-CN', 'en-US'] as const;
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;

let server: MobileServer;
let browser: Browser;
/** Verified, with an order: the payee forms and the order's card toggle show. */
let user: AppUser;
/** A card type of each kind, with the lengths its number and PIN take. */
let cardTypes: Record<'digital' | 'physical', { id: number; faceValueFen: number; cardNoLength: number; pwdLength: number }>;

async function heightsOf(targets: Locator): Promise<number[]> {
  await targets.first().waitFor();
  return targets.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height * 10) / 10));
}

/** How many characters the last line of an element's text holds. */
function charactersOnLastLine(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = 0; at < text.length; at++) {
        if (/\s/.test(text[at]!)) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const box = range.getClientRects()[0];
        if (box) tops.push(Math.round(box.top));
      }
    }
    return tops.filter((top) => top === tops[tops.length - 1]).length;
  });
}

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startMobileServer();
  user = await logInOverHttp(server, '13712340031');
  await verifyRealName(server, user);
  const catalogue = await server.api('/api/goods/getClassList');
  const types = (catalogue.data as { cardTypes: { id: number; physical: boolean }[] }[]).flatMap((category) => category.cardTypes);
  const kindOf = async (physical: boolean) => {
    const { id } = types.find((type) => type.physical === physical)!;
    const detail = await server.api(`/api/goods/getGoodsDetail?id=${id}`);
    return {
      id,
      faceValueFen: detail.data.faceValues[0].faceValueFen as number,
      cardNoLength: (detail.data.cardNoRule.length ?? 19) as number,
      pwdLength: (detail.data.pwdRule.length ?? 6) as number,
    };
  };
  cardTypes = { digital: await kindOf(false), physical: await kindOf(true) };
  const { digital } = cardTypes;
  const submitted = await server.api('/api/order/submit', {
    token: user.token,
    body: {
      goodsId: digital.id,
      faceValueFen: digital.faceValueFen,
      cards: [{ cardNo: '3'.repeat(digital.cardNoLength), cardPwd: '3'.repeat(digital.pwdLength) }],
      idempotencyKey: 'e2e-tap-targets-order',
      agree: true,
    },
  });
  expect(submitted.code, submitted.msg).toBe(200);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const locale of locales) {
  const t = texts[locale];
  const suffix = locale === 'zh-CN' ? '' : '.en';
  const button = (scope: Locator, key: MessageKey) => scope.locator('.taro-button-core').filter({ hasText: t[key] });

  describe(`tap targets (${locale})`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await phoneContext(browser, { locale });
    });
    afterAll(async () => {
      await context?.close();
    });

    it('the login button and the links to the terms are 44 px tall (picture)', async () => {
      page = await context.newPage();
      await page.goto(routeHref(server, routeNamed('login')));
      await settle(page);
      const login = shownPage(page);
      for (const height of await heightsOf(button(login, 'login.submit')))
        expect(height, 'the login button').toBeGreaterThanOrEqual(FINGER_PX);
      const links = await heightsOf(login.locator('.login__link'));
      expect(links).toHaveLength(2);
      for (const height of links) expect(height, 'an agreement link').toBeGreaterThanOrEqual(FINGER_PX);
      await screenshot(page, `mobile/tap-login${suffix}`);
      await page.close();
    });

    it('the order’s card toggle, the payee and feedback buttons are 44 px tall', async () => {
      page = await context.newPage();
      await openAs(page, server, user, 'order');
      const toggle = shownPage(page).locator('.orders__toggle');
      expect(await toggle.innerText()).toContain(t['order.cards.show'].split('{')[0]!.trim());
      for (const height of await heightsOf(toggle)) expect(height, 'the card toggle').toBeGreaterThanOrEqual(FINGER_PX);
      await screenshot(page, `mobile/tap-order${suffix}`);

      await page.goto(routeHref(server, routeNamed('withdrawInfo')));
      await settle(page);
      const saves = await heightsOf(button(shownPage(page), 'common.save'));
      expect(saves.length).toBeGreaterThan(0);
      for (const height of saves) expect(height, 'a payee save button').toBeGreaterThanOrEqual(FINGER_PX);
      await screenshot(page, `mobile/tap-withdrawInfo${suffix}`);

      await page.goto(routeHref(server, routeNamed('feedback')));
      await settle(page);
      for (const height of await heightsOf(button(shownPage(page), 'feedback.submit'))) {
        expect(height, 'the feedback button').toBeGreaterThanOrEqual(FINGER_PX);
      }
      await page.close();
    });

    it('a search with no hits offers the categories with a 44 px button', async () => {
      page = await context.newPage();
      await page.goto(routeHref(server, routeNamed('searchPage')));
      await settle(page);
      const search = shownPage(page);
      await field(search, t['search.placeholder']).fill('zzzz');
      for (const height of await heightsOf(button(search, 'search.empty.action'))) {
        expect(height, t['search.empty.action']).toBeGreaterThanOrEqual(FINGER_PX);
      }
      await settle(page);
      await screenshot(page, `mobile/tap-search-empty${suffix}`);
      await page.close();
    });

    it('the page behind the card price sheet stays still while the sheet is open (picture)', async () => {
      page = await context.newPage();
      await page.goto(routeHref(server, routeNamed('goodsClass')));
      await settle(page);
      await shownPage(page).locator('.goods-class__panel .card-type-row').first().tap();
      await page.locator('.card-sheet__row').filter({ visible: true }).first().waitFor();
      /** Where the page behind sits: scrolled in its box, and its box in the window. */
      const behind = () =>
        shownPage(page).evaluate((el) => ({
          scrollTop: el.scrollTop,
          top: Math.round(el.getBoundingClientRect().top),
          documentScrolled: Math.round(window.scrollY),
        }));
      const before = await behind();
      // Over the dimmed page above the sheet, as a thumb or a wheel would try to move it.
      await page.mouse.move(187, 120);
      await page.mouse.wheel(0, 600);
      await page.mouse.wheel(0, 600);
      // The wheel scrolls (or not) in the next frames: wait two of them before reading.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await behind(), 'the page behind the sheet moved').toEqual(before);
      // Neither the page's own box nor the document around it can scroll while the sheet is open.
      const scrollable = () =>
        shownPage(page).evaluate((el) => ({
          page: getComputedStyle(el).overflowY !== 'hidden',
          document: document.documentElement.scrollHeight > window.innerHeight,
        }));
      expect(await scrollable()).toEqual({ page: false, document: false });
      await settle(page);
      await screenshot(page, `mobile/tap-sheet${suffix}`);
      // Closed by a tap on the dimmed page, the page scrolls again.
      await page.touchscreen.tap(187, 120);
      await eventually(() => page.locator('.card-sheet__row').filter({ visible: true }).count()).toBe(0);
      await eventually(scrollable).toEqual({ page: true, document: false });
      await page.close();
    });
  });
}

describe('Chinese line ends', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await phoneContext(browser, { locale: 'zh-CN' });
    page = await context.newPage();
    await openAs(page, server, user, 'order');
  });
  afterAll(async () => {
    await context?.close();
  });

  /** Sells one card of a kind through the submit page and returns the result it shows. */
  async function sell(kind: 'digital' | 'physical', digit: string): Promise<Locator> {
    const type = cardTypes[kind];
    await page.goto(routeHref(server, routeNamed('submitCard'), { id: type.id, faceValueFen: type.faceValueFen }));
    await settle(page);
    const form = shownPage(page);
    await form.locator('input.submit-card__input--cardNo').fill(digit.repeat(type.cardNoLength));
    await form.locator('input.submit-card__input--cardPwd').fill(digit.repeat(type.pwdLength));
    await form.locator('.submit-card__check').tap();
    await form.locator('.submit-card__check[aria-checked="true"]').waitFor();
    await form.locator('.taro-button-core').filter({ hasText: zhCN['submitCard.submit'] }).tap();
    const result = shownPage(page).locator('.submit-result');
    await result.locator('.submit-result__order-no').waitFor();
    await settle(page);
    return result;
  }

  it('the submit results and the shipping page keep at least two characters on a last line (pictures)', async () => {
    const digital = await sell('digital', '4');
    expect(await charactersOnLastLine(digital.locator('.submit-result__body')), zhCN['submitCard.result.body']).toBeGreaterThan(1);
    await screenshot(page, 'mobile/lineEnds-submitResult');

    const physical = await sell('physical', '4');
    for (const part of ['.submit-result__body', '.submit-result__mail-body']) {
      expect(await charactersOnLastLine(physical.locator(part)), part).toBeGreaterThan(1);
    }
    await screenshot(page, 'mobile/lineEnds-submitResult-physical');
    const orderNo = await physical.locator('.submit-result__order-no').innerText();
    const orders = await server.api('/api/order/list?status=999&page=1&pageSize=10', { token: user.token });
    const orderId = (orders.data.list as { id: number; orderNo: string }[]).find((order) => order.orderNo === orderNo)!.id;

    await page.goto(routeHref(server, routeNamed('logisticsInfo'), { orderId }));
    await settle(page);
    const shipping = shownPage(page);
    await shipping.locator('.logistics-form').waitFor();
    for (const part of ['.logistics__hint', '.shipment-state__next']) {
      for (const text of await shipping.locator(part).all()) {
        expect(await charactersOnLastLine(text), await text.innerText()).toBeGreaterThan(1);
      }
    }
    await screenshot(page, 'mobile/lineEnds-logisticsInfo');
  });
});
