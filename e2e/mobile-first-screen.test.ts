import type { Locator, Page, Route as NetworkRoute } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logInOverHttp } from './support/appUser';
import { phoneContext, screenshot } from './support/browser';
import {
  enUS,
  eventually,
  phoneJourney,
  routeHref,
  routeNamed,
  settle,
  shownPage,
  tabBar,
  tabRoutes,
  zhCN,
  type MobileServer,
} from './support/mobileApp';

/**
 * index.html paints the tab page asked for before any script of the app has arrived (its header,
 * loading skeletons and tab bar, in the reader's language), and the app covers and then removes it.
 */
describe('the H5 first screen', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  /** Only index.html itself: the app's scripts never arrive. */
  const withoutAppScripts = (target: Page) => target.route('**/js/**', (route) => route.abort());
  const firstScreen = (target: Page) => target.locator('#first-screen');

  /** A page of a phone whose browser speaks the locale; closed with its context after `use`. */
  const inLocale = async (locale: string, use: (target: Page) => Promise<void>) => {
    const context = await phoneContext(page.context().browser()!, { locale });
    try {
      await use(await context.newPage());
    } finally {
      await context.close();
    }
  };

  it('paints each tab page from the first response, its own tab selected', async () => {
    await withoutAppScripts(page);
    for (const route of tabRoutes) {
      await page.goto('about:blank');
      await page.goto(routeHref(server, route));
      expect(await firstScreen(page).locator('.fs-title').innerText()).toBe(zhCN[route.titleKey]);
      expect(await firstScreen(page).locator('.fs-tab-on').innerText()).toBe(zhCN[route.tab.labelKey]);
      expect(await firstScreen(page).locator('.fs-tab').count()).toBe(tabRoutes.length);
      await screenshot(page, `first-screen/${route.name}-zh-CN`);
    }
  });

  it("speaks the language the app will start in, chosen before the app's scripts", async () => {
    await inLocale('en-US', async (english) => {
      await withoutAppScripts(english);
      await english.goto(routeHref(server, routeNamed('goodsClass')));
      expect(await firstScreen(english).locator('.fs-title').innerText()).toBe(enUS['title.goodsClass']);
      expect(await firstScreen(english).locator('.fs-tab').allInnerTexts()).toEqual(tabRoutes.map((route) => enUS[route.tab.labelKey]));
      expect(await english.evaluate(() => document.documentElement.lang)).toBe('en-US');
      await screenshot(english, 'first-screen/goodsClass-en-US');
    });
  });

  it("shows the home page's first banner from the first response, in the reader's language", async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      await inLocale(locale, async (target) => {
        await withoutAppScripts(target);
        await target.goto(routeHref(server, routeNamed('home')));
        const [first] = (await server.api<{ image: string }[]>('/api/Basis/getChart?position=1', { locale })).data;
        const banner = firstScreen(target).locator('.fs-banner img');
        expect(await banner.getAttribute('src')).toBe(first!.image);
        await eventually(() => banner.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
        await screenshot(target, `first-screen/home-banner-${locale}`);
      });
    }
  });

  it("is drawn, banner included, while the app's stylesheet is still on its way", async () => {
    await withoutAppScripts(page);
    // Never answered: a stylesheet before the first screen would hold its picker script, and so its drawing, for ever.
    await page.route('**/css/**', () => undefined);
    await page.goto(routeHref(server, routeNamed('home')), { waitUntil: 'commit' });
    const banner = firstScreen(page).locator('.fs-banner img');
    await eventually(() => banner.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(await firstScreen(page).locator('.fs-title').innerText()).toBe(zhCN['title.home']);
  });

  it('is not painted for a page that is not a tab', async () => {
    await withoutAppScripts(page);
    await page.goto(routeHref(server, routeNamed('login')));
    expect(await firstScreen(page).innerHTML()).toBe('');
  });

  interface GoodsClass {
    name: string;
    cardTypes: { name: string; bestRateBp: number }[];
  }
  const classList = async (locale: string) => (await server.api<GoodsClass[]>('/api/goods/getClassList', { locale })).data;

  it("shows the catalogue's categories and card types from the first response, in the reader's language", async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      const categories = await classList(locale);
      expect(categories.length).toBeGreaterThan(1);
      await inLocale(locale, async (target) => {
        await withoutAppScripts(target);
        await target.goto(routeHref(server, routeNamed('goodsClass')));
        const screen = firstScreen(target);
        expect(await screen.locator('.fs-gc-category').allInnerTexts()).toEqual(categories.map((category) => category.name));
        expect(await screen.locator('.fs-gc-selected').innerText()).toBe(categories[0]!.name);
        expect(await screen.locator('.fs-gc-title').innerText()).toBe(categories[0]!.name);
        expect(await screen.locator('.fs-ct-name').allInnerTexts()).toEqual(categories[0]!.cardTypes.slice(0, 6).map((type) => type.name));
        expect(await screen.locator('.fs-sk:visible').count()).toBe(0);
        await screenshot(target, `first-screen/goodsClass-catalogue-${locale}`);

        await target.goto('about:blank');
        await target.goto(routeHref(server, routeNamed('home')));
        expect(await screen.locator('.fs-home-category-name').allInnerTexts()).toEqual(categories.map((category) => category.name));
        expect(await screen.locator('.fs-home-card-title').innerText()).toBe((locale === 'zh-CN' ? zhCN : enUS)['home.popular.title']);
        await screenshot(target, `first-screen/home-catalogue-${locale}`);
      });
    }
  });

  /** Where each element is drawn (the first of each locator), to the pixel. */
  const boxes = (locators: readonly Locator[]) =>
    Promise.all(
      locators.map(async (locator) => {
        const box = (await locator.first().boundingBox())!;
        return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
      }),
    );

  it("is drawn where the app then draws the same page: the category tab, and a guest's order and profile pages", async () => {
    const pairs: [string, [string, string][]][] = [
      [
        'goodsClass',
        [
          ['.fs-gc-selected span', '.goods-class__category--selected .goods-class__category-name'],
          ['.fs-gc-title', '.goods-class__panel-title'],
          ['.fs-ct-name', '.goods-class__panel .card-type-row__name'],
          ['.fs-ct-rate-value', '.goods-class__panel .card-type-row__rate-value'],
        ],
      ],
      [
        'order',
        [
          ['.fs-empty-picture', '.orders__empty-picture'],
          ['.fs-empty-title', '.orders__empty-title'],
          ['.fs-empty-body', '.orders__empty-body'],
        ],
      ],
      [
        'person',
        [
          ['.fs-guest-name', '.person__name'],
          ['.fs-guest-hint', '.person__hint'],
          ['.fs-guest-login', '.person__login'],
        ],
      ],
    ];
    for (const locale of ['zh-CN', 'en-US']) {
      for (const [name, selectors] of pairs) {
        const href = routeHref(server, routeNamed(name));
        let drawn: Awaited<ReturnType<typeof boxes>> = [];
        await inLocale(locale, async (target) => {
          await withoutAppScripts(target);
          await target.goto(href);
          drawn = await boxes(selectors.map(([first]) => firstScreen(target).locator(first)));
        });
        await inLocale(locale, async (target) => {
          await target.goto(href);
          await eventually(() => firstScreen(target).count()).toBe(0);
          await settle(target);
          const app = await boxes(selectors.map(([, own]) => shownPage(target).locator(own)));
          expect(app, `${name} in ${locale}`).toEqual(drawn);
        });
      }
    }
  });

  it("draws a guest's order and profile pages, and a logged-in user's loading ones, in the reader's language", async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      const words = locale === 'zh-CN' ? zhCN : enUS;
      await inLocale(locale, async (target) => {
        await withoutAppScripts(target);
        await target.goto(routeHref(server, routeNamed('order')));
        expect(await firstScreen(target).locator('.fs-empty-title').innerText()).toBe(words['order.guest.title']);
        expect(await firstScreen(target).locator('.fs-empty-action').innerText()).toBe(words['person.login']);
        await screenshot(target, `first-screen/order-guest-${locale}`);
        await target.goto('about:blank');
        await target.goto(routeHref(server, routeNamed('person')));
        expect(await firstScreen(target).locator('.fs-guest-name').innerText()).toBe(words['person.guest.name']);
        expect(await firstScreen(target).locator('.fs-guest-hint').innerText()).toBe(words['person.guest.hint']);
        await screenshot(target, `first-screen/person-guest-${locale}`);

        // With a login stored the pages load the user's data: skeletons, no login prompt.
        await target.evaluate(() => localStorage.setItem('loginToken', JSON.stringify({ data: 'stored' })));
        for (const tab of ['order', 'person']) {
          await target.goto('about:blank');
          await target.goto(routeHref(server, routeNamed(tab)));
          expect(await firstScreen(target).locator('.fs-sk').count()).toBeGreaterThan(0);
          expect(await firstScreen(target).locator('.fs-empty, .fs-guest').count()).toBe(0);
        }
      });
    }
  });

  it("asks for a logged-in user's orders and profile while the page's scripts are still on their way, and once", async () => {
    const user = await logInOverHttp(server, '13900003401');
    const indexHtml = await (await fetch(`${server.url}/`)).text();
    // The entry: its script tags, and the start language's dictionary its inline script asks for beside them.
    const entryScripts = [
      ...[...indexHtml.matchAll(/<script defer="defer" src="([^"]+)"/g)].map((match) => match[1]!),
      ...[...indexHtml.matchAll(/"(\/js\/i18n-[^"]+\.js)"/g)].map((match) => match[1]!),
    ];
    expect(entryScripts.filter((file) => file.includes('/i18n-')).length).toBe(2);
    const cases: [string, string[], () => Promise<unknown>][] = [
      ['order', ['/api/order/list'], () => shownPage(page).getByText(zhCN['order.empty.title']).waitFor()],
      ['person', ['/api/user/getInfo', '/api/cash/getAccount'], () => shownPage(page).getByText(zhCN['person.menu.share']).waitFor()],
    ];
    await page.addInitScript((token) => {
      localStorage.setItem('loginToken', JSON.stringify({ data: token }));
      const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
      localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
    }, user.token);
    for (const [tab, calls, shown] of cases) {
      await page.goto('about:blank');
      // Every script but the entry's (and its dictionary) is held until the page's calls have left.
      const held: NetworkRoute[] = [];
      let holding = true;
      await page.route('**/js/**', (route) =>
        !holding || entryScripts.some((file) => route.request().url().endsWith(file)) ? route.continue() : void held.push(route),
      );
      const asked: string[] = [];
      const record = (request: { url: () => string }) => {
        const path = new URL(request.url()).pathname;
        if (calls.includes(path)) asked.push(path);
      };
      page.on('request', record);
      // Not to its load event: that waits for the held scripts.
      await page.goto(routeHref(server, routeNamed(tab)), { waitUntil: 'commit' });
      await eventually(() => [...new Set(asked)].sort(), `${tab}'s calls before its scripts`).toEqual([...calls].sort());
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.unroute('**/js/**');
      await shown();
      await settle(page);
      expect(asked.sort(), `${tab} asks each once`).toEqual([...calls].sort());
      page.off('request', record);
    }
  });

  it('is gone once the app shows the tab page', async () => {
    await page.goto(routeHref(server, routeNamed('person')));
    await tabBar(page).waitFor();
    await shownPage(page).getByText(zhCN['person.menu.share']).waitFor();
    await eventually(() => firstScreen(page).count()).toBe(0);
  });
});
