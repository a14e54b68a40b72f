import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, logInOverHttp, openAs, settleOnScreen, type AppUser } from './support/appUser';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import {
  enUS,
  eventually,
  routeHref,
  routeNamed,
  settle,
  shownPage,
  startMobileServer,
  zhCN,
  type MobileServer,
} from './support/mobileApp';

/**
 * What the site settings put in front of users, in both languages, against the real server with
 * the demo settings: the customer-service entry (the phone and its hours on H5; an unset service
 * shows no entry), the app's own version in Settings, and the share page in plain "invited
 * friends" words with a poster that ends under its text.
 */

type Locale = 'zh-CN' | 'en-US';
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const suffix = (locale: Locale) => (locale === 'zh-CN' ? '' : '.en');
const mobileVersion = (JSON.parse(readFileSync(new URL('../apps/mobile/package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

let server: MobileServer;
let browser: Browser;
let user: AppUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startMobileServer();
  user = await logInOverHttp(server, '13912347801');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function phonePage(locale: Locale): Promise<Page> {
  const context = await phoneContext(browser, { locale });
  contexts.push(context);
  return context.newPage();
}

/** The demo's site settings, as the app reads them. */
async function foundation() {
  return (await server.api('/api/Basis/getFoundation')).data as {
    servicePhone: string;
    serviceHours: string;
    customerServiceUrl: Record<string, string>;
  };
}

describe('customer service from the site settings', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`shows the service phone and hours on the My page and the FAQ, never the feedback form as "online service" (${locale}, picture)`, async () => {
      const t = texts[locale];
      const site = await foundation();
      expect(site.servicePhone).not.toBe('400-000-0000');
      const page = await phonePage(locale);
      await openAs(page, server, user, 'person');
      const menu = shownPage(page).locator('.person__section').first();
      const entry = menu.locator('.person__service-phone');
      await eventually(() => entry.count()).toBe(1);
      const shown = await entry.innerText();
      expect(shown).toContain(t['person.menu.servicePhone']);
      expect(shown).toContain(site.servicePhone);
      expect(shown).toContain(t['person.menu.servicePhone.hours'].replace('{hours}', site.serviceHours));
      // No chat link is set in the demo: no "online customer service" row that opens something else.
      expect(await menu.innerText()).not.toContain(t['person.menu.customerService']);
      await settleOnScreen(page);
      await screenshot(page, `mobile/person-service${suffix(locale)}`);

      await page.goto(routeHref(server, routeNamed('commonProblem')));
      await settle(page);
      const line = shownPage(page).locator('.faq__service');
      await eventually(() => line.count()).toBe(1);
      expect(await line.innerText()).toContain(site.servicePhone);
      expect(await shownPage(page).innerText()).not.toContain('400-000-0000');
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `mobile/commonProblem-service${suffix(locale)}`);
    });
  }

  it('hides the entry and the FAQ line when the operators set no customer service', async () => {
    const admin = await adminToken(server);
    const stored = (await server.api('/api/admin/content/foundation', { admin })).data;
    const { versionStamp: _stamp, versionCode: _code, ...settings } = stored;
    const save = async (values: object) => {
      const response = await fetch(`${server.url}/api/admin/content/foundation`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', uuid: 'e2e-service-runner' },
        body: JSON.stringify({ ...settings, ...values }),
      });
      return (await response.json()) as { code: number; msg: string };
    };
    const cleared = await save({ servicePhone: '', serviceHours: '', weappContact: false });
    expect(cleared.code, cleared.msg).toBe(200);
    try {
      const page = await phonePage('zh-CN');
      await openAs(page, server, user, 'person');
      await eventually(() => shownPage(page).locator('.person__section [role="button"]').count()).toBeGreaterThan(5);
      expect(await shownPage(page).locator('.person__service-phone').count()).toBe(0);
      expect(await shownPage(page).locator('.person__section').first().innerText()).not.toContain(zhCN['person.menu.customerService']);
      await page.goto(routeHref(server, routeNamed('commonProblem')));
      await settle(page);
      await eventually(() => shownPage(page).locator('.faq__item').count()).toBeGreaterThan(0);
      expect(await shownPage(page).locator('.faq__service').count()).toBe(0);
    } finally {
      expect((await save({})).code).toBe(200);
    }
  });
});

describe('Settings', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`shows the app version from the mobile package and its build, not a date stamp (${locale}, picture)`, async () => {
      const page = await phonePage(locale);
      await openAs(page, server, user, 'personInfo');
      const row = shownPage(page).locator('.person-info__version');
      await eventually(() => row.count()).toBe(1);
      const shown = await row.innerText();
      expect(shown).toContain(texts[locale]['person.settings.version']);
      expect(shown).toContain(mobileVersion);
      expect(shown).not.toContain('2024-12-02');
      await settleOnScreen(page);
      await screenshot(page, `mobile/personInfo-version${suffix(locale)}`);
    });
  }
});

describe('the share page', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`speaks of invited friends, has no unexplained old-platform row, and a poster with no empty bottom (${locale}, picture)`, async () => {
      const t = texts[locale];
      const page = await phonePage(locale);
      await openAs(page, server, user, 'share');
      const share = shownPage(page);
      await eventually(() => share.locator('.share__code').innerText()).not.toBe('');
      const entries = await share.locator('.share__entries').innerText();
      expect(entries).toContain(t['title.levelUsers']);
      expect(entries).not.toContain(t['title.oldPlatform']);
      const all = await share.innerText();
      for (const multiLevel of ['下级', '旧平台', 'referrals', 'Old platform']) expect(all).not.toContain(multiLevel);
      expect(all).toContain(t['share.qr.hint']);
      await settleOnScreen(page);
      await screenshot(page, `mobile/share-friends${suffix(locale)}`);

      await share.locator('.share__action').filter({ hasText: t['share.poster.save'] }).tap();
      const posterImage = page.locator('.share__poster-image img');
      await eventually(() => posterImage.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const size = await posterImage.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
      expect(size.width).toBe(750);
      expect(size.height).toBeLessThan(1150);
      await eventually(() => page.evaluate(() => document.querySelectorAll('[class*="enter-active"]').length)).toBe(0);
      await settle(page);
      await screenshot(page, `mobile/share-poster-cropped${suffix(locale)}`);

      await page.goto(routeHref(server, routeNamed('levelUsers')));
      await settle(page);
      await eventually(() => page.title()).toBe(t['title.levelUsers']);
      await settleOnScreen(page);
      await screenshot(page, `mobile/levelUsers-friends${suffix(locale)}`);
    });
  }
});
