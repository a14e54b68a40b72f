import { RichTextPoint } from '@maika/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInOverHttp, type AppUser } from './support/appUser';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import {
  enUS,
  routeHref,
  routeNamed,
  routes,
  settle,
  shownPage,
  startMobileServer,
  zhCN,
  type MobileServer,
  type Route,
} from './support/mobileApp';

/**
 * Every page can be scrolled to its end: its lowest element comes fully into view above the tab
 * bar (tab pages) or the bottom of the window, under Taro's nav bar (default pages) or the page's
 * own header (custom ones). The list of pages is the app's route table.
 */

type Locale = 'zh-CN' | 'en-US';
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const phones: Record<Locale, string> = { 'zh-CN': '13712340001', 'en-US': '13712340002' };

/** What a page needs in its URL to show its content rather than an empty state. */
const queries: Readonly<Record<string, Readonly<Record<string, string | number>>>> = {
  jumpTemplate: { point: RichTextPoint.CompanyInfo },
  submitCard: { id: 1 },
};

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

/** The bottom of an element against the floor of the view, once the page is scrolled to its end. */
async function bottomOf(page: Page, element: Locator): Promise<{ bottom: number; floor: number }> {
  const { floor } = await scrolledToEnd(page);
  const box = await element.evaluate((el) => el.getBoundingClientRect());
  return { bottom: box.bottom, floor };
}

describe('the end of every page can be scrolled into view', () => {
  let server: MobileServer;
  let browser: Browser;
  const contexts: Partial<Record<Locale | 'visitor', BrowserContext>> = {};

  /** A context logged in as `user`: the token goes where the app keeps it. */
  async function loggedInContext(locale: Locale, user: AppUser): Promise<BrowserContext> {
    const context = await phoneContext(browser, { locale });
    await context.addInitScript((token) => {
      if (localStorage.getItem('loginToken')) return;
      localStorage.setItem('loginToken', JSON.stringify({ data: token }));
      const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
      localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
    }, user.token);
    return context;
  }

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
        idempotencyKey: `e2e-frame-order-${seed}`,
        agree: true,
      },
    });
    expect(submitted.code, submitted.msg).toBe(200);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startMobileServer();
    contexts.visitor = await phoneContext(browser, { locale: 'zh-CN' });
    for (const [locale, seed] of [
      ['zh-CN', '7'],
      ['en-US', '8'],
    ] as const) {
      const user = await logInOverHttp(server, phones[locale]);
      await submitAnOrder(user, seed);
      contexts[locale] = await loggedInContext(locale, user);
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openFresh(locale: Locale, route: Route): Promise<Page> {
    const context = route.name === 'login' ? contexts.visitor! : contexts[locale]!;
    const page = await context.newPage();
    await page.goto(routeHref(server, route, queries[route.name]));
    await settle(page);
    expect(await shownPage(page).getAttribute('id')).toContain(`/${route.path}`);
    return page;
  }

  const cases = (['zh-CN', 'en-US'] as const).flatMap((locale) => routes.map((route) => [route.name, locale, route] as const));

  it.each(cases)('%s (%s): the lowest element comes fully into view', async (name, locale, route) => {
    const page = await openFresh(locale, route);
    try {
      const { floor, lowest } = await scrolledToEnd(page);
      expect(lowest, `${name} shows nothing`).not.toBeNull();
      expect(lowest!.bottom, `${name}: ${lowest!.what} ends below the view (${floor})`).toBeLessThanOrEqual(floor + 0.5);
    } finally {
      await page.close();
    }
  });

  it.each(['zh-CN', 'en-US'] as const)('the controls named in the complaints are reachable (%s)', async (locale) => {
    const t = texts[locale];
    const suffix = locale === 'zh-CN' ? '' : '.en';

    const submit = await openFresh(locale, routeNamed('submitCard'));
    const button = shownPage(submit).locator('taro-button-core').filter({ hasText: t['submitCard.submit'] });
    const atSubmit = await bottomOf(submit, button);
    expect(atSubmit.bottom).toBeLessThanOrEqual(atSubmit.floor + 0.5);
    await screenshot(submit, `mobile/frame-submitCard-end${suffix}`);
    await submit.close();

    const orders = await openFresh(locale, routeNamed('order'));
    const end = shownPage(orders).getByText(t['order.end'], { exact: true });
    const atEnd = await bottomOf(orders, end);
    expect(atEnd.bottom).toBeLessThanOrEqual(atEnd.floor + 0.5);
    await screenshot(orders, `mobile/frame-order-end${suffix}`);
    await orders.close();

    const feedback = await openFresh(locale, routeNamed('feedback'));
    const records = shownPage(feedback).getByText(t['title.feedbackRecord'], { exact: true });
    const atRecords = await bottomOf(feedback, records);
    expect(atRecords.bottom).toBeLessThanOrEqual(atRecords.floor + 0.5);
    await screenshot(feedback, `mobile/frame-feedback-end${suffix}`);
    await feedback.close();
  });
});
