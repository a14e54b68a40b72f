import { RichTextPoint } from '@maika/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import {
  dialog,
  enUS,
  hashPath,
  logIn,
  routeHref,
  routes,
  settle,
  shownPage,
  startMobileServer,
  tabRoutes,
  toastText,
  zhCN,
  type MobileServer,
  type Route,
} from './support/mobileApp';

/**
 * A picture of every page in the route table, for a person to look at: the list comes from the
 * app's routes.ts, so a new page is captured without touching this file. Each page is also checked
 * for what a reviewer would otherwise have to spot by eye: raw message keys, and English left in
 * the Chinese UI.
 */

interface PageSetup {
  /** What the page needs in its URL to show real content rather than an empty state. */
  query?: Readonly<Record<string, string | number>>;
  /** Shown to a visitor: pages whose point is the logged-out state. */
  loggedOut?: boolean;
}

const pageSetups: Readonly<Record<string, PageSetup>> = {
  login: { loggedOut: true },
  // The generic rich-text page shows whichever document `point` names; one no other page shows.
  jumpTemplate: { query: { point: RichTextPoint.CompanyInfo } },
  // The first card type of the demo catalogue.
  submitCard: { query: { id: 1 } },
};

/** One phone per locale: a phone may only be sent a new code once a minute. */
const phones = { 'zh-CN': '13700001111', 'en-US': '13700002222' } as const;

/** Text a user would see: the shown page plus the nav bar, toasts and dialogs drawn outside it. */
async function visibleText(page: Page): Promise<string> {
  const [pageText, navBarText, toasts, dialogs] = await Promise.all([
    shownPage(page).innerText(),
    page.locator('#taro-navigation-bar').filter({ visible: true }).allInnerTexts(),
    toastText(page),
    dialog(page).allInnerTexts(),
  ]);
  return [pageText, ...navBarText, toasts, ...dialogs].join('\n');
}

const messageKeys = Object.keys(zhCN);
/** English that only the en-US resource has: long enough not to match inside brand or data text. */
const englishOnlyTexts = Object.entries(enUS)
  .filter(([key, text]) => text !== zhCN[key as keyof typeof zhCN] && text.length >= 8 && !text.includes('{'))
  .map(([, text]) => text);

function expectNoRawKeys(text: string, where: string) {
  const shown = messageKeys.filter((key) => text.includes(key));
  expect(shown, `${where} shows message keys instead of their text`).toEqual([]);
}

describe('a picture of every page', () => {
  let server: MobileServer;
  let browser: Browser;
  const contexts: Partial<Record<'zh-CN' | 'zh-CN-visitor' | 'en-US', BrowserContext>> = {};

  beforeAll(async () => {
    // The browser first: without Chromium the file fails at once, before a server is started.
    browser = await launchBrowser();
    server = await startMobileServer();
    contexts['zh-CN'] = await phoneContext(browser, { locale: 'zh-CN' });
    contexts['zh-CN-visitor'] = await phoneContext(browser, { locale: 'zh-CN' });
    contexts['en-US'] = await phoneContext(browser, { locale: 'en-US' });
    // Logged in, so pages behind the login show the user's view rather than the login prompt.
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const page = await contexts[locale]!.newPage();
      await logIn(page, server, phones[locale]);
      await page.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh tab in the context, so each page starts from a real load and not from another page. */
  async function openFresh(context: BrowserContext, route: Route): Promise<Page> {
    const page = await context.newPage();
    await page.goto(routeHref(server, route, pageSetups[route.name]?.query));
    await settle(page);
    expect(hashPath(page)).toBe(route.path);
    expect(await shownPage(page).getAttribute('id')).toContain(`/${route.path}`);
    return page;
  }

  it.each(routes.map((route) => [route.name, route] as const))('%s in Chinese', async (name, route) => {
    const context = pageSetups[name]?.loggedOut ? contexts['zh-CN-visitor']! : contexts['zh-CN']!;
    const page = await openFresh(context, route);
    try {
      const text = await visibleText(page);
      expect(text.trim().length, `${name} shows no text`).toBeGreaterThan(0);
      expectNoRawKeys(text, name);
      expect(
        englishOnlyTexts.filter((english) => text.includes(english)),
        `${name} shows English in the Chinese UI`,
      ).toEqual([]);
      await screenshot(page, `mobile/${name}`);
    } finally {
      await page.close();
    }
  });

  it.each(tabRoutes.map((route) => [route.name, route] as const))('%s tab in English', async (name, route) => {
    const page = await openFresh(contexts['en-US']!, route);
    try {
      const text = await visibleText(page);
      expectNoRawKeys(text, `${name} (en-US)`);
      // The tab bar speaks the device language: the English labels, not the Chinese ones.
      expect(await shownPage(page).locator('.tab-bar').innerText()).toContain(enUS[route.tab.labelKey]);
      await screenshot(page, `mobile/${name}.en`);
    } finally {
      await page.close();
    }
  });
});
