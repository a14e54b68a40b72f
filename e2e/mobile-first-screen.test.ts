import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { phoneContext, screenshot } from './support/browser';
import {
  enUS,
  eventually,
  phoneJourney,
  routeHref,
  routeNamed,
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

  it('is gone once the app shows the tab page', async () => {
    await page.goto(routeHref(server, routeNamed('person')));
    await tabBar(page).waitFor();
    await shownPage(page).getByText(zhCN['person.menu.share']).waitFor();
    await eventually(() => firstScreen(page).count()).toBe(0);
  });
});
