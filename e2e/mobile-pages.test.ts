import { RichTextPoint } from '@maika/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInOverHttp, type AppUser } from './support/appUser';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import {
  dialog,
  enUS,
  eventually,
  hashPath,
  routeHref,
  routes,
  settle,
  shownPage,
  startMobileServer,
  toastText,
  zhCN,
  type MessageKey,
  type MobileServer,
} from './support/mobileApp';

/**
 * Every page of the app's route table, opened once in Chinese and once in English, so a new page is
 * covered without touching this file. Each visit is a fresh load of its page and runs every check
 * of it in turn:
 * - it opens at its own path;
 * - a picture for a person to look at (every page in Chinese, the tab pages in English), and what a
 *   reviewer would otherwise have to spot by eye: raw message keys, English left in the Chinese UI,
 *   a tab bar not in the device's language;
 * - its end can be scrolled into view: its lowest element comes fully into view above the tab bar
 *   (tab pages) or the bottom of the window, under Taro's nav bar (default pages) or the page's own
 *   header (custom ones); and the controls users complained they could not reach;
 * - it fills the window under the nav bar and the document itself never scrolls: a page scrolled to
 *   its end leaves the next page (the next of the route table, opened in the same tab) with its top
 *   under the bar and its end at the bottom of the window.
 */

type Locale = 'zh-CN' | 'en-US';
const locales = ['zh-CN', 'en-US'] as const;
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
/** One user per language, each with an order so the orders tab shows a list and its end line. */
const phones: Record<Locale, string> = { 'zh-CN': '13712340001', 'en-US': '13712340002' };

interface PageSetup {
  /** What the page needs in its URL to show real content rather than an empty state. */
  query?: Readonly<Record<string, string | number>>;
  /** Shown to a visitor: pages whose point is the logged-out state. */
  loggedOut?: boolean;
  /** A control users could not reach at the end of the page: it must come fully into view too. */
  endControl?: { what: string; locate: (page: Locator, t: Readonly<Record<MessageKey, string>>) => Locator };
}

const pageSetups: Readonly<Record<string, PageSetup>> = {
  login: { loggedOut: true },
  // The generic rich-text page shows whichever document `point` names; one no other page shows.
  jumpTemplate: { query: { point: RichTextPoint.CompanyInfo } },
  // The first card type of the demo catalogue.
  submitCard: {
    query: { id: 1 },
    endControl: {
      what: 'the submit button',
      locate: (page, t) => page.locator('.taro-button-core').filter({ hasText: t['submitCard.submit'] }),
    },
  },
  order: { endControl: { what: 'the end line of the list', locate: (page, t) => page.getByText(t['order.end'], { exact: true }) } },
  feedback: {
    endControl: { what: 'the link to the records', locate: (page, t) => page.getByText(t['title.feedbackRecord'], { exact: true }) },
  },
};

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
  .filter(([key, text]) => text !== zhCN[key as MessageKey] && text.length >= 8 && !text.includes('{'))
  .map(([, text]) => text);

function expectNoRawKeys(text: string, where: string) {
  const shown = messageKeys.filter((key) => text.includes(key));
  expect(shown, `${where} shows message keys instead of their text`).toEqual([]);
}

interface Bottom {
  /** Where the view of the page ends: the top of the tab bar, or the bottom of the window. */
  floor: number;
  /** The lowest element (without elements inside it) of the page once it is scrolled to its end. */
  lowest: { bottom: number; what: string } | null;
}

/** Scrolls the page on screen to its end and measures its lowest element against what can be seen. */
async function scrolledToEnd(page: Page): Promise<Bottom> {
  return shownPage(page).evaluate((pageEl: HTMLElement) => {
    pageEl.scrollTop = pageEl.scrollHeight;
    window.scrollTo(0, document.documentElement.scrollHeight);
    const tabBar = pageEl.querySelector('.tab-bar');
    const floor = tabBar ? tabBar.getBoundingClientRect().top : window.innerHeight;
    const fixedOrHidden = (el: Element) => {
      for (let at: Element | null = el; at && at !== pageEl; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.position === 'fixed' || style.visibility === 'hidden' || style.display === 'none') return true;
      }
      return false;
    };
    let lowest: { bottom: number; what: string } | null = null;
    // Leaves only: a frame may reach under the tab bar (its room), what it holds may not.
    for (const el of pageEl.querySelectorAll('*')) {
      if (el.childElementCount > 0 || el.closest('.tab-bar, .tab-page__tab-bar-room')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || fixedOrHidden(el)) continue;
      if (!lowest || box.bottom > lowest.bottom) {
        lowest = {
          bottom: box.bottom,
          what: `${el.tagName.toLowerCase()}.${String(el.className)} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        };
      }
    }
    return { floor, lowest };
  });
}

interface Frame {
  /** How much taller than the window the document is: 0 when nothing outside the page can scroll. */
  documentOverflow: number;
  documentScrolled: number;
  /** The page's top against the bottom of the nav bar (the top of the window when there is none). */
  top: number;
  /** The page's bottom against the bottom of the window. */
  bottom: number;
}
const fillsTheWindow: Frame = { documentOverflow: 0, documentScrolled: 0, top: 0, bottom: 0 };

/** Where the page on screen sits in the window, and whether the document around it can scroll or has. */
async function frameOf(page: Page): Promise<Frame> {
  return shownPage(page).evaluate((pageEl: HTMLElement) => {
    const bar = document.querySelector('#taro-navigation-bar.taro-navigation-bar-show');
    const under = bar ? bar.getBoundingClientRect().bottom : 0;
    const box = pageEl.getBoundingClientRect();
    return {
      documentOverflow: document.documentElement.scrollHeight - window.innerHeight,
      documentScrolled: Math.round(window.scrollY),
      top: Math.round(box.top - under),
      bottom: Math.round(box.bottom - window.innerHeight),
    };
  });
}

describe('every page of the app, once in each language', () => {
  let server: MobileServer;
  let browser: Browser;
  const contexts: Partial<Record<Locale, { user: BrowserContext; visitor: BrowserContext }>> = {};

  /** One order of a digital card type, so the orders tab shows a list and its end line. */
  async function submitAnOrder(user: AppUser, seed: string): Promise<void> {
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
        idempotencyKey: `e2e-pages-order-${seed}`,
        agree: true,
      },
    });
    expect(submitted.code, submitted.msg).toBe(200);
  }

  beforeAll(async () => {
    // The browser first: without Chromium the file fails at once, before a server is started.
    browser = await connectBrowser();
    server = await startMobileServer();
    for (const [locale, seed] of [
      ['zh-CN', '7'],
      ['en-US', '8'],
    ] as const) {
      // Logged in (over HTTP: the login page has journeys of its own), so pages behind the login
      // show the user's view rather than the login prompt.
      const user = await logInOverHttp(server, phones[locale]);
      await submitAnOrder(user, seed);
      const loggedIn = await phoneContext(browser, { locale });
      await loggedIn.addInitScript((token) => {
        if (localStorage.getItem('loginToken')) return;
        localStorage.setItem('loginToken', JSON.stringify({ data: token }));
        const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
        localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
      }, user.token);
      contexts[locale] = { user: loggedIn, visitor: await phoneContext(browser, { locale }) };
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const locale of locales) {
    describe(locale, () => {
      for (const [index, route] of routes.entries()) {
        const setup = pageSetups[route.name] ?? {};
        const next = routes[(index + 1) % routes.length]!;
        const suffix = locale === 'zh-CN' ? '' : '.en';

        describe(route.name, () => {
          let page: Page;

          // A fresh tab, so the page starts from a real load and not from another page.
          beforeAll(async () => {
            const context = contexts[locale]!;
            page = await (setup.loggedOut ? context.visitor : context.user).newPage();
            await page.goto(routeHref(server, route, setup.query));
            await settle(page);
          });
          afterAll(async () => {
            await page?.close();
          });

          it('opens at its own path', async () => {
            expect(hashPath(page)).toBe(route.path);
            expect(await shownPage(page).getAttribute('id')).toContain(`/${route.path}`);
          });

          it('fills the window under the nav bar, and the document is no taller than the window', async () => {
            expect(await frameOf(page)).toEqual(fillsTheWindow);
          });

          if (locale === 'zh-CN') {
            it('shows its text with no message key or English left in (picture)', async () => {
              const text = await visibleText(page);
              expect(text.trim().length, `${route.name} shows no text`).toBeGreaterThan(0);
              expectNoRawKeys(text, route.name);
              expect(
                englishOnlyTexts.filter((english) => text.includes(english)),
                `${route.name} shows English in the Chinese UI`,
              ).toEqual([]);
              await screenshot(page, `mobile/${route.name}`);
            });
          } else if (route.tab) {
            const labelKey = route.tab.labelKey;
            it('shows no message key, and the tab bar in English (picture)', async () => {
              expectNoRawKeys(await visibleText(page), `${route.name} (en-US)`);
              // The tab bar speaks the device language: the English labels, not the Chinese ones.
              expect(await shownPage(page).locator('.tab-bar').innerText()).toContain(enUS[labelKey]);
              await screenshot(page, `mobile/${route.name}.en`);
            });
          } else {
            it('shows no message key', async () => {
              expectNoRawKeys(await visibleText(page), `${route.name} (en-US)`);
            });
          }

          // After the picture: the checks below scroll the page to its end.
          it('the lowest element comes fully into view', async () => {
            const { floor, lowest } = await scrolledToEnd(page);
            expect(lowest, `${route.name} shows nothing`).not.toBeNull();
            expect(lowest!.bottom, `${route.name}: ${lowest!.what} ends below the view (${floor})`).toBeLessThanOrEqual(floor + 0.5);
          });

          const endControl = setup.endControl;
          if (endControl) {
            it(`${endControl.what}, named in the complaints, comes fully into view (picture)`, async () => {
              const { floor } = await scrolledToEnd(page);
              const control = endControl.locate(shownPage(page), texts[locale]);
              const box = await control.evaluate((el) => el.getBoundingClientRect());
              expect(box.bottom, `${endControl.what} ends below the view (${floor})`).toBeLessThanOrEqual(floor + 0.5);
              await screenshot(page, `mobile/frame-${route.name}-end${suffix}`);
            });
          }

          // Last: it leaves this tab on the next page.
          it(`scrolled to its end, it leaves the document still: the next page (${next.name}) opens with its top and end in view`, async () => {
            await scrolledToEnd(page);
            expect(await frameOf(page), `${route.name} scrolled to its end`).toEqual(fillsTheWindow);
            const shownId = await shownPage(page).getAttribute('id');
            // A hash change is routed inside the running app, as a tap on a link would be.
            await page.evaluate((path) => {
              window.location.hash = `#/${path}`;
            }, next.path);
            await eventually(async () => (await shownPage(page).getAttribute('id')) !== shownId).toBe(true);
            await settle(page);
            expect(await frameOf(page), `${next.name}, opened after ${route.name}`).toEqual(fillsTheWindow);
            if (index === 0) await screenshot(page, `mobile/frame-next-${next.name}${suffix}`);
          });
        });
      }
    });
  }
});
