import { CardStatus } from '@maika/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logInOverHttp, openAs, settleOnScreen, type AppUser } from './support/appUser';
import { connectBrowser, phoneContext } from './support/browser';
import { eventually, routeHref, routeNamed, settle, shownPage, startMobileServer, tabRoutes, type MobileServer } from './support/mobileApp';
import { waitBounds } from './support/waits';

// The card channel simulator answers after this long, so the rejected card is decided within seconds.
process.env.CHANNEL_SIM_DELAY_MS = '300';

/**
 * The H5 tab pages draw with plain elements: Taro's web components (Stencil) cost a phone a second
 * or more of script before the first paint, so no tab page, nor the sheet and dialog they open,
 * defines a custom element or fetches a script holding one.
 */

const locales = ['zh-CN', 'en-US'] as const;
/** China Mobile top-up cards, ¥100: a password ending in 0000 is rejected by the channel simulator. */
const rejectedCard = { cardNo: '13800000000000088', cardPwd: '123456789012340000' };
/**
 * What only a web-component script holds: Stencil's runtime and its component definitions. Tag names
 * such as `taro-view-core` are no sign: Taro's runtime and APIs name them too, and Taro's plain
 * Button and Input use theirs as class names.
 */
const webComponentCode = /registerHost|proxyCustomElement|customElements\.define\(/;

interface Watched {
  page: Page;
  /** The app's scripts the page fetched, by URL, with their text. */
  scripts: Map<string, Promise<string>>;
}

/** A page that records every custom element defined and every script of the app it fetches. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const defined: string[] = [];
    (window as unknown as { __defined: string[] }).__defined = defined;
    const define = customElements.define.bind(customElements);
    customElements.define = (name, ...rest) => {
      defined.push(name);
      define(name, ...rest);
    };
  });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/js/') || !url.pathname.endsWith('.js')) return;
    const text = response.text();
    text.catch(() => undefined);
    scripts.set(url.pathname, text);
  });
  return { page, scripts };
}

async function expectNoWebComponents({ page, scripts }: Watched, where: string): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __defined: string[] }).__defined), `${where}: custom elements defined`).toEqual(
    [],
  );
  expect(await page.evaluate(() => customElements.get('taro-view-core') === undefined), where).toBe(true);
  expect(await page.evaluate(() => document.querySelectorAll(':not(:defined)').length), `${where}: undefined custom elements`).toBe(0);
  expect(scripts.size, `${where}: no app script was seen`).toBeGreaterThan(0);
  const holding: string[] = [];
  for (const [path, text] of scripts) if (webComponentCode.test(await text)) holding.push(path);
  expect(holding, `${where}: scripts holding web components`).toEqual([]);
}

describe('H5 tab pages without web components', () => {
  let server: MobileServer;
  let browser: Browser;
  /** Has one order whose only card was rejected, so the order tab offers an appeal. */
  let seller: AppUser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await connectBrowser();
    server = await startMobileServer();
    seller = await logInOverHttp(server, '13712350091');
    const catalogue = await server.api('/api/goods/getClassList');
    const types = (catalogue.data as { cardTypes: { id: number; name: string }[] }[]).flatMap((category) => category.cardTypes);
    const mobile = types.find((type) => type.name === '中国移动充值卡')!;
    const order = await server.api('/api/order/submit', {
      token: seller.token,
      body: { goodsId: mobile.id, faceValueFen: 10_000, cards: [rejectedCard], idempotencyKey: 'e2e-no-web-components-1', agree: true },
    });
    expect(order.code, order.msg).toBe(200);
    // vi.waitFor: expect.poll runs only inside a test.
    await vi.waitFor(
      async () => {
        const detail = await server.api(`/api/order/detail?id=${order.data.orderId}`, { token: seller.token });
        const statuses = ((detail.data?.order.cards ?? []) as { status: number }[]).map((card) => card.status);
        if (statuses.join() !== String(CardStatus.Rejected)) throw new Error(`the channel has decided ${statuses.join()}`);
      },
      { timeout: waitBounds.outcome, interval: 200 },
    );
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  const phone = async (locale: string): Promise<Watched> => {
    const context = await phoneContext(browser, { locale });
    contexts.push(context);
    return watchedPage(context);
  };

  it.each(locales)('no tab page defines a custom element or fetches a web-component script (%s)', async (locale) => {
    for (const route of tabRoutes) {
      const watched = await phone(locale);
      await watched.page.goto(routeHref(server, route));
      await eventually(() => watched.page.locator('#first-screen').count()).toBe(0);
      await settle(watched.page);
      await expectNoWebComponents(watched, `${route.name} (${locale})`);
    }
  });

  it.each(locales)("neither home's card-type sheet nor the order tab's appeal dialog brings web components (%s)", async (locale) => {
    const watched = await phone(locale);
    const { page } = watched;
    await openAs(page, server, seller, 'home');
    await shownPage(page).locator('.card-type-row').first().tap();
    await page.locator('.card-sheet__row').filter({ visible: true }).first().waitFor();
    await expectNoWebComponents(watched, `home card-type sheet (${locale})`);

    await page.goto(routeHref(server, routeNamed('order')));
    await settleOnScreen(page);
    // The order's card lines show once it is opened.
    await shownPage(page).locator('.orders__card').first().locator('.orders__toggle').tap();
    await shownPage(page).locator(`.orders__line[data-card-status="${CardStatus.Rejected}"] .orders__appeal`).first().tap();
    await page.locator('.appeal__body textarea').filter({ visible: true }).waitFor();
    await expectNoWebComponents(watched, `order appeal dialog (${locale})`);
  });
});
