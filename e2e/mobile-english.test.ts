import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logInOverHttp, openAs, verifyRealName, type AppUser } from './support/appUser';
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
 * A phone set to English sees the shop in English: the operators' English names, banners and
 * ticker lines, counts that agree with their nouns ("1 card", "2 cards"), and text boxes that
 * fit their English words and use the app's font.
 */

interface Category {
  id: number;
  name: string;
  cardTypes: { id: number; name: string }[];
}

let server: MobileServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The catalogue as the API answers an English caller. */
let english: Category[];

/** The words of an element's text that the browser broke across two lines. */
function wordsBrokenAcrossLines(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

async function inEnglish<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { lang: 'en-US', uuid: 'e2e-english-runner' } });
  return ((await response.json()) as { data: T }).data;
}

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startMobileServer();
  english = await inEnglish<Category[]>('/api/goods/getClassList');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

describe('the app in English', () => {
  it('home shows the categories, banners and ticker in English', async () => {
    expect(english.map((c) => c.name)).toContain('Phone top-up cards');
    await page.goto(routeHref(server, routeNamed('home')));
    const home = shownPage(page);
    await eventually(() => home.locator('.home__category-name').allInnerTexts()).toEqual(english.map((c) => c.name));

    const banners = await inEnglish<{ image: string }[]>('/api/Basis/getChart?position=1');
    expect(banners.every((banner) => banner.image.endsWith('.en.svg'))).toBe(true);
    const images = home.locator('.home__banner img');
    await eventually(
      async () => new Set(await images.evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src).pathname))),
    ).toEqual(new Set(banners.map((banner) => banner.image)));
    await eventually(() => home.locator('.home__ticker-line').first().innerText()).toMatch(/^[\x20-\x7e¥’]+$/);
    await settle(page);
    await screenshot(page, 'english/home');
  });

  it('an English phone fetches the English messages only and a Chinese phone the Chinese ones only', async () => {
    const dictionaries = async (target: Page): Promise<string[]> => {
      const scripts: string[] = [];
      target.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await target.goto(routeHref(server, routeNamed('home')));
      await eventually(() => shownPage(target).locator('.tab-bar').count()).toBe(1);
      return scripts.flatMap((script) => /\/i18n-(zh-CN|en-US)\./.exec(script)?.[1] ?? []);
    };
    expect(await dictionaries(page)).toEqual(['en-US']);
    await eventually(() => shownPage(page).locator('.tab-bar').innerText()).toContain(enUS['tab.home']);

    const chinese = await phoneContext(browser, { locale: 'zh-CN' });
    try {
      const chinesePage = await chinese.newPage();
      expect(await dictionaries(chinesePage)).toEqual(['zh-CN']);
      await eventually(() => shownPage(chinesePage).locator('.tab-bar').innerText()).toContain(zhCN['tab.home']);
    } finally {
      await chinese.close();
    }
  });

  it('a phone in Chinese switched to English in Settings speaks English, fetching the English messages only then', async () => {
    const chinese = await phoneContext(browser, { locale: 'zh-CN' });
    try {
      const settingsPage = await chinese.newPage();
      const scripts: string[] = [];
      settingsPage.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const englishMessages = () => scripts.filter((script) => script.includes('i18n-en-US'));
      await settingsPage.goto(routeHref(server, routeNamed('personInfo')));
      const settings = shownPage(settingsPage);
      await settings.locator('.nut-cell').filter({ hasText: zhCN['person.settings.language'] }).tap();
      // A Chinese phone starts without the English messages: they come with the switch.
      expect(englishMessages()).toEqual([]);
      await settingsPage.locator('.nut-actionsheet-item').filter({ hasText: zhCN['language.en-US'] }).tap();

      await eventually(() => settings.getByText(enUS['person.settings.language'], { exact: true }).count()).toBe(1);
      expect(englishMessages()).toHaveLength(1);
      await settingsPage.goto(routeHref(server, routeNamed('home')));
      await eventually(() => shownPage(settingsPage).locator('.tab-bar').innerText()).toContain(enUS['tab.home']);
    } finally {
      await chinese.close();
    }
  });

  it('the category tab lists English card type names with a count that agrees with its noun', async () => {
    await page.goto(routeHref(server, routeNamed('goodsClass')));
    const goodsClass = shownPage(page);
    const first = english[0]!;
    await eventually(() => goodsClass.locator('.goods-class__panel-title').innerText()).toBe(first.name);
    await eventually(() => goodsClass.locator('.goods-class__panel .card-type-row').allInnerTexts()).toEqual(
      first.cardTypes.map((type) => expect.stringContaining(type.name)),
    );
    expect(await goodsClass.locator('.goods-class__panel-count').innerText()).toBe(`${first.cardTypes.length} card types`);
    await settle(page);
    await screenshot(page, 'english/goodsClass');
  });

  it('orders say "1 card" and "2 cards", under the card type’s English name', async () => {
    const user = await logInOverHttp(server, '13600001111');
    const jd = english.flatMap((c) => c.cardTypes).find((type) => type.name === 'JD E-card')!;
    for (const [count, seed] of [
      [1, 'A'],
      [2, 'B'],
    ] as const) {
      const cards = Array.from({ length: count }, (_, i) => ({
        cardNo: `${seed}${i}JDCARD000000000`.slice(0, 16),
        cardPwd: `${seed}${i}PASSWORD0000000`.slice(0, 16),
      }));
      const submitted = await server.api('/api/order/submit', {
        token: user.token,
        body: { goodsId: jd.id, faceValueFen: 10000, cards, idempotencyKey: `english-${seed}`, agree: true },
      });
      expect(submitted.code, submitted.msg).toBe(200);
    }
    await openAs(page, server, user, 'order');
    const orders = shownPage(page);
    await eventually(() => orders.locator('.orders__meta').allInnerTexts()).toEqual([
      'Face value ¥100.00 · 2 cards',
      'Face value ¥100.00 · 1 card',
    ]);
    expect(await orders.locator('.orders__name').allInnerTexts()).toEqual(['JD E-card', 'JD E-card']);
    await screenshot(page, 'english/order');
  });

  it('the withdraw amount placeholder fits its box, and the feedback box writes in the app font', async () => {
    const user: AppUser = await logInOverHttp(server, '13600002222');
    await verifyRealName(server, user);
    await openAs(page, server, user, 'withdraw');
    const input = shownPage(page).locator('input.withdraw__amount-input');
    await input.waitFor();
    const fit = await input.evaluate((element) => {
      const box = element as HTMLInputElement;
      const style = getComputedStyle(box, '::placeholder');
      const ruler = document.createElement('canvas').getContext('2d')!;
      ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // CSS pixel lengths, not money: Number() reads "12px" as NaN, so the unit is cut first.
      const own = getComputedStyle(box);
      const px = (length: string) => Number(length.replace('px', ''));
      return {
        placeholder: box.placeholder,
        text: ruler.measureText(box.placeholder).width,
        room: box.clientWidth - px(own.paddingLeft) - px(own.paddingRight),
      };
    });
    expect(fit.placeholder).toBe('Enter an amount');
    expect(fit.text).toBeLessThanOrEqual(fit.room);
    await screenshot(page, 'english/withdraw');

    await page.goto(routeHref(server, routeNamed('feedback')));
    const textarea = shownPage(page).locator('.feedback__content textarea');
    await textarea.waitFor();
    const font = await textarea.evaluate((element) => {
      const style = getComputedStyle(element);
      return { family: style.fontFamily, size: style.fontSize, body: getComputedStyle(document.body).fontFamily };
    });
    expect(font.family).not.toMatch(/monospace/);
    expect(font.family).toBe(font.body);
    expect(font.size).toBe('14px');
    await settle(page);
    await screenshot(page, 'english/feedback');
  });

  it('says why a card was refused and shows the default nickname in the reader’s language, and wraps card names between words (pictures)', async () => {
    const user = await logInOverHttp(server, '13600003333');
    const types = english.flatMap((c) => c.cardTypes);
    const jd = types.find((type) => type.name === 'JD E-card')!;
    const physical = types.find((type) => type.name === 'Sinopec fuel card (physical)')!;
    // The channel simulator refuses a PIN ending 0000 as used and one ending 1111 as not activated.
    const refused = await server.api('/api/order/submit', {
      token: user.token,
      body: {
        goodsId: jd.id,
        faceValueFen: 10000,
        cards: [
          { cardNo: 'R0JDCARD00000000', cardPwd: 'R0PASSWORD000000' },
          { cardNo: 'R1JDCARD00000000', cardPwd: 'R1PASSWORD001111' },
        ],
        idempotencyKey: 'english-refused',
        agree: true,
      },
    });
    expect(refused.code, refused.msg).toBe(200);
    const mailed = await server.api('/api/order/submit', {
      token: user.token,
      body: {
        goodsId: physical.id,
        faceValueFen: 50000,
        cards: [{ cardNo: '6'.repeat(19), cardPwd: '6'.repeat(6) }],
        idempotencyKey: 'english-physical',
        agree: true,
      },
    });
    expect(mailed.code, mailed.msg).toBe(200);

    const readerSees = async (reader: Page, t: typeof enUS, picture: string) => {
      await openAs(reader, server, user, 'order');
      const orders = shownPage(reader);
      const jdOrder = orders.locator('.orders__card').filter({ hasText: refused.data.orderNo });
      await jdOrder.locator('.orders__toggle').tap();
      const reasons = jdOrder.locator('.orders__reason');
      await eventually(() => reasons.count()).toBe(2);
      // English words must not break ("phy / sical"); Chinese breaks between any two characters.
      if (t === enUS) {
        const physicalName = orders.locator('.orders__card').filter({ hasText: mailed.data.orderNo }).locator('.orders__name');
        expect(await wordsBrokenAcrossLines(physicalName)).toEqual([]);
      }
      await reasons.last().scrollIntoViewIfNeeded();
      await settle(reader);
      await screenshot(reader, `${picture}-order-reasons`);
      const shown = (await reasons.allInnerTexts()).sort();
      await reader.goto(routeHref(server, routeNamed('person')));
      const name = shownPage(reader).locator('.person__name');
      await eventually(() => name.innerText()).not.toBe(t['person.guest.name']);
      await settle(reader);
      await screenshot(reader, `${picture}-person`);
      return { reasons: shown, nickname: await name.innerText() };
    };
    const reason = (t: typeof enUS, said: string) => t['order.card.rejectReason'].replace('{reason}', said);
    expect(await readerSees(page, enUS, 'english/reasons')).toEqual({
      reasons: [reason(enUS, 'This card has not been activated yet'), reason(enUS, 'This card PIN has already been used')].sort(),
      nickname: 'User 3333',
    });
    const chinese = await phoneContext(browser, { locale: 'zh-CN' });
    try {
      expect(await readerSees(await chinese.newPage(), zhCN, 'mobile/reasons')).toEqual({
        reasons: [reason(zhCN, '卡密已被使用'), reason(zhCN, '卡未激活')].sort(),
        nickname: '用户3333',
      });
    } finally {
      await chinese.close();
    }
  });

  it('wraps card type names between words in the category tab', async () => {
    await page.goto(routeHref(server, routeNamed('goodsClass')));
    const goodsClass = shownPage(page);
    const categories = goodsClass.locator('.goods-class__category').filter({ has: page.locator('.goods-class__category-name') });
    await eventually(() => categories.count()).toBe(english.length);
    for (const category of await categories.all()) {
      const categoryName = await category.locator('.goods-class__category-name').innerText();
      await category.tap();
      await eventually(() => goodsClass.locator('.goods-class__panel-title').innerText()).toBe(categoryName);
      const names = goodsClass.locator('.goods-class__panel .card-type-row__name');
      await names.first().waitFor();
      for (const name of await names.all()) expect(await wordsBrokenAcrossLines(name), await name.innerText()).toEqual([]);
    }
  });
});
