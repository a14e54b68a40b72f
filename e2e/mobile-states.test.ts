import { CardStatus, cardStatusTable, labelOf, renderText, WithdrawalStatus, withdrawalStatusTable } from '@maika/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken, logInOverHttp, settleOnScreen, verifyRealName, type AppUser } from './support/appUser';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import {
  enUS,
  eventually,
  routeHref,
  routeNamed,
  routeUrlPattern,
  shownPage,
  startMobileServer,
  zhCN,
  type MobileServer,
} from './support/mobileApp';
import { waitBounds } from './support/waits';

/**
 * What a page says when there is nothing to show must be true: an empty filter, a visitor, an
 * order that does not exist, a settled order, a verification still open. And the smaller things a
 * newcomer trips over: the poster's close button, the picker's colour, long card names, the old
 * platform and customer-service links, the site icon. In Chinese and in English.
 */

type Locale = 'zh-CN' | 'en-US';
const locales = ['zh-CN', 'en-US'] as const;
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const suffix = (locale: Locale) => (locale === 'zh-CN' ? '' : '.en');
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** China Mobile top-up cards, ¥100 at 97.80 %: a password ending in 0000 is rejected by the channel simulator. */
const rejectedCard = { cardNo: '13800000000000077', cardPwd: '123456789012340000' };
const button = (scope: Locator, text: string) => scope.locator('.taro-button-core').filter({ hasText: text });

describe('page states that tell the truth, in both languages', () => {
  let server: MobileServer;
  let browser: Browser;
  let admin: string;
  /** Verified, with one withdrawal waiting for payment and one order whose only card was rejected. */
  let seller: AppUser;
  let rejectedOrderNo: string;
  /** One order of five cards: two passed, two rejected, one in manual review. */
  let mixedSeller: AppUser;
  let mixedOrderNo: string;
  let physicalOrderId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await connectBrowser();
    server = await startMobileServer();
    admin = await adminToken(server);
    seller = await logInOverHttp(server, '13712350001');
    await verifyRealName(server, seller);
    const credit = await server.api(`/api/admin/users/${seller.id}/adjust`, {
      admin,
      body: { amountFen: 50_000, reason: 'e2e opening balance', idempotencyKey: 'e2e-states-credit-1' },
    });
    expect(credit.code, credit.msg).toBe(200);
    const payee = await server.api('/api/user/savePayee', {
      token: seller.token,
      body: { channel: 3, account: '6222021234567890128', bankCode: 'ICBC', branch: '北京中关村支行' },
    });
    expect(payee.code, payee.msg).toBe(200);
    const bank = payee.data.payee as { id: number };
    const withdrawn = await server.api('/api/cash/extract', {
      token: seller.token,
      body: { amountFen: 5_000, channel: 3, payeeId: bank.id, idempotencyKey: 'e2e-states-extract-1' },
    });
    expect(withdrawn.code, withdrawn.msg).toBe(200);

    const catalogue = await server.api('/api/goods/getClassList');
    const types = (catalogue.data as { cardTypes: { id: number; name: string; physical: boolean }[] }[]).flatMap(
      (category) => category.cardTypes,
    );
    const mobile = types.find((type) => type.name === '中国移动充值卡')!;
    const order = await server.api('/api/order/submit', {
      token: seller.token,
      body: { goodsId: mobile.id, faceValueFen: 10_000, cards: [rejectedCard], idempotencyKey: 'e2e-states-order-1', agree: true },
    });
    expect(order.code, order.msg).toBe(200);
    rejectedOrderNo = order.data.orderNo;
    // The channel answers on its own time: wait for the verdict before any page shows the order.
    // vi.waitFor: expect.poll runs only inside a test.
    await vi.waitFor(
      async () => {
        const list = await server.api(`/api/order/list?status=${CardStatus.All}&page=1&pageSize=20`, { token: seller.token });
        const mine = (list.data?.list ?? []) as { orderNo: string; pendingCount: number }[];
        if (mine.find((candidate) => candidate.orderNo === rejectedOrderNo)?.pendingCount !== 0)
          throw new Error('the card is still being checked');
      },
      { timeout: waitBounds.outcome, interval: 200 },
    );

    // The simulator passes a password ending otherwise, rejects one ending 0000 and calls one ending 2222 abnormal.
    mixedSeller = await logInOverHttp(server, '13712350002');
    const mixed = await server.api('/api/order/submit', {
      token: mixedSeller.token,
      body: {
        goodsId: mobile.id,
        faceValueFen: 10_000,
        cards: ['123456789012345671', '123456789012360000', '123456789012382222', '123456789012345672', '123456789012370000'].map(
          (cardPwd, i) => ({ cardNo: `1380000000000009${i}`, cardPwd }),
        ),
        idempotencyKey: 'e2e-states-mixed-1',
        agree: true,
      },
    });
    expect(mixed.code, mixed.msg).toBe(200);
    mixedOrderNo = mixed.data.orderNo;
    await vi.waitFor(
      async () => {
        const detail = await server.api(`/api/order/detail?id=${mixed.data.orderId}`, { token: mixedSeller.token });
        const statuses = ((detail.data?.order.cards ?? []) as { status: number }[]).map((card) => card.status);
        if (statuses.join() !== '1,2,5,1,2') throw new Error(`the channel has decided ${statuses.join()}`);
      },
      { timeout: waitBounds.outcome, interval: 200 },
    );

    const physical = types.find((type) => type.physical && !type.name.includes('沃尔玛'))!;
    const detail = await server.api(`/api/goods/getGoodsDetail?id=${physical.id}`);
    const mailed = await server.api('/api/order/submit', {
      token: seller.token,
      body: {
        goodsId: physical.id,
        faceValueFen: detail.data.faceValues[0].faceValueFen,
        cards: [{ cardNo: '6'.repeat(detail.data.cardNoRule.length ?? 19), cardPwd: '5'.repeat(detail.data.pwdRule.length ?? 6) }],
        idempotencyKey: 'e2e-states-physical-1',
        agree: true,
      },
    });
    expect(mailed.code, mailed.msg).toBe(200);
    physicalOrderId = mailed.data.orderId;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  /** A fresh phone page in `locale`, logged in as `user` when one is given. */
  async function phone(locale: Locale, user?: AppUser): Promise<Page> {
    const context = await phoneContext(browser, { locale });
    contexts.push(context);
    if (user) {
      await context.addInitScript((token) => {
        if (localStorage.getItem('loginToken')) return;
        localStorage.setItem('loginToken', JSON.stringify({ data: token }));
        const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
        localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
      }, user.token);
    }
    return context.newPage();
  }

  async function open(page: Page, routeName: string, query: Record<string, string | number> = {}): Promise<Locator> {
    await page.goto(routeHref(server, routeNamed(routeName), query));
    await page.waitForURL(routeUrlPattern(routeNamed(routeName)));
    await settleOnScreen(page);
    return shownPage(page);
  }

  it.each(locales)('a status filter with no withdrawals says the filter is empty, not that there are none (%s)', async (locale) => {
    const t = texts[locale];
    const page = await phone(locale, seller);
    const records = await open(page, 'withdrawRecord');
    await eventually(() => records.locator('.records__card').count()).toBe(1);
    const failed = labelOf(withdrawalStatusTable, WithdrawalStatus.PaymentFailed, locale);
    await records.locator('.status-chips__chip').filter({ hasText: failed }).tap();
    await eventually(() => records.locator('.state-view__title').innerText()).toBe(
      fill(t['withdrawRecord.filterEmpty.title'], { status: failed }),
    );
    expect(await records.innerText()).not.toContain(t['withdrawRecord.empty.title']);
    expect(await records.innerText()).not.toContain(t['withdrawRecord.empty.body']);
    await screenshot(page, `mobile/withdrawRecord-filter-empty${suffix(locale)}`);

    // All of them again: the record is there.
    await records
      .locator('.status-chips__chip')
      .filter({ hasText: labelOf(withdrawalStatusTable, WithdrawalStatus.All, locale) })
      .tap();
    await eventually(() => records.locator('.records__card').count()).toBe(1);
  });

  it.each(locales)('the withdraw page asks a visitor to log in instead of showing a failed load (%s)', async (locale) => {
    const t = texts[locale];
    const page = await phone(locale);
    const withdraw = await open(page, 'withdraw');
    await eventually(() => withdraw.locator('.state-view__title').innerText()).toBe(t['identity.loginFirst.title']);
    expect(await withdraw.innerText()).toContain(t['withdraw.loginFirst']);
    expect(await withdraw.innerText()).not.toContain(t['state.error.title']);
    await screenshot(page, `mobile/withdraw-visitor${suffix(locale)}`);
    await button(withdraw, t['person.login']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('login')));
  });

  it.each(locales)('the logistics of an order that does not exist say it was not found (%s)', async (locale) => {
    const t = texts[locale];
    const page = await phone(locale, seller);
    const logistics = await open(page, 'logisticsInfo', { orderId: 987654 });
    await eventually(() => logistics.locator('.state-view__title').innerText()).toBe(t['logistics.missing.title']);
    const shown = await logistics.innerText();
    expect(shown).not.toContain(t['state.error.title']);
    expect(shown).not.toContain(t['state.error.tapToReload']);
    await screenshot(page, `mobile/logisticsInfo-not-found${suffix(locale)}`);
  });

  it.each(locales)('an order whose cards were all rejected shows no expected amount (%s)', async (locale) => {
    const t = texts[locale];
    const page = await phone(locale, seller);
    const orders = await open(page, 'order');
    const card = orders.locator(`.orders__card[data-order-no="${rejectedOrderNo}"]`);
    await eventually(() => card.locator('.orders__amount-label').allInnerTexts()).toEqual([t['order.settled']]);
    expect(await card.innerText()).not.toContain('97.80');
    await screenshot(page, `mobile/order-rejected${suffix(locale)}`);
  });

  it.each(locales)(
    'a card in manual review reads so, counts as in progress with no appeal, and its order is not settled yet (%s)',
    async (locale) => {
      const t = texts[locale];
      const page = await phone(locale, mixedSeller);
      const orders = await open(page, 'order');
      const card = orders.locator(`.orders__card[data-order-no="${mixedOrderNo}"]`);
      const inReview = locale === 'zh-CN' ? '人工审核中' : 'In manual review';
      expect(labelOf(cardStatusTable, CardStatus.Abnormal, locale)).toBe(inReview);
      // The counts in the words of the filter chips; the money not called settled while a card is still checked.
      await eventually(() => card.locator('.orders__count-label').allInnerTexts()).toEqual(
        [CardStatus.Passed, CardStatus.Rejected, CardStatus.Abnormal].map((code) => labelOf(cardStatusTable, code, locale)),
      );
      expect(await card.locator('.orders__count-value').allInnerTexts()).toEqual(['2', '2', '1']);
      expect(await card.locator('.orders__amount-label').allInnerTexts()).toEqual([t['order.expected'], t['order.settledSoFar']]);
      expect(await orders.locator('.status-chips__chip').filter({ hasText: inReview }).count()).toBe(1);

      await card.locator('.orders__toggle').tap();
      const line = card.locator(`.orders__line[data-card-status="${CardStatus.Abnormal}"]`);
      await eventually(() => line.locator('.orders__status').innerText()).toBe(inReview);
      expect(await line.locator('.orders__review-note').innerText()).toBe(
        fill(t['order.card.reviewNote'], { reason: renderText({ key: 'card.supplier.issuerAbnormal' }, locale) }),
      );
      expect(await line.locator('.orders__reason').count()).toBe(0);
      expect(await line.locator('.orders__appeal').count()).toBe(0);
      expect(await card.locator(`.orders__line[data-card-status="${CardStatus.Rejected}"] .orders__appeal`).count()).toBe(2);
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `mobile/order-manual-review${suffix(locale)}`);
    },
  );

  it.each(locales)('filtering by a status shows the matching cards of each order open, the others on demand (%s)', async (locale) => {
    const t = texts[locale];
    const page = await phone(locale, mixedSeller);
    const orders = await open(page, 'order');
    const card = orders.locator(`.orders__card[data-order-no="${mixedOrderNo}"]`);
    await card.waitFor();
    expect(await card.locator('.orders__line').count()).toBe(0);
    const rejected = labelOf(cardStatusTable, CardStatus.Rejected, locale);
    await orders.locator('.status-chips__chip').filter({ hasText: rejected }).tap();
    const lines = card.locator('.orders__line');
    await eventually(() => lines.count()).toBe(2);
    expect(await card.locator(`.orders__line[data-card-status="${CardStatus.Rejected}"]`).count()).toBe(2);
    const toggle = card.locator('.orders__toggle');
    expect(await toggle.innerText()).toBe(fill(t['order.cards.showAll'], { count: '5' }));
    await settleOnScreen(page);
    await screenshot(page, `mobile/order-filter-rejected${suffix(locale)}`);

    await toggle.tap();
    await eventually(() => lines.count()).toBe(5);
    expect(await toggle.innerText()).toBe(fill(t['order.cards.onlyMatching'], { status: rejected }));
    await toggle.tap();
    await eventually(() => lines.count()).toBe(2);
  });

  it.each(locales)('an opened order asks for its cards, says so when they did not come, and shows them on a tap (%s)', async (locale) => {
    const t = texts[locale];
    const page = await phone(locale, mixedSeller);
    // The order's detail is lost twice, as on a dropped connection (the app tries once more by
    // itself); the list itself came.
    let asked = 0;
    await page.route('**/api/order/detail*', async (route) => {
      if (asked++ < 2) await route.abort('connectionfailed');
      else await route.continue();
    });
    const orders = await open(page, 'order');
    const card = orders.locator(`.orders__card[data-order-no="${mixedOrderNo}"]`);
    await card.waitFor();
    expect(await card.locator('.orders__line').count()).toBe(0);
    await card.locator('.orders__toggle').tap();
    const failed = card.locator('.orders__cards-state--failed');
    await eventually(() => failed.innerText()).toBe(t['order.cards.failed']);
    expect(await card.locator('.orders__line').count()).toBe(0);
    await screenshot(page, `mobile/order-cards-failed${suffix(locale)}`);
    await failed.tap();
    await eventually(() => card.locator('.orders__line').count()).toBe(5);
    expect(await card.locator('.orders__cards-state').count()).toBe(0);
    expect(await card.locator('.orders__toggle').innerText()).toBe(t['order.cards.hide']);
    expect(asked).toBe(3);
  });

  it.each(locales)('long card names get two lines in the orders list before they are cut (%s)', async (locale) => {
    const page = await phone(locale, seller);
    const orders = await open(page, 'order');
    const name = orders.locator(`.orders__card[data-order-no="${rejectedOrderNo}"] .orders__name`);
    await name.waitFor();
    // The longest name an operator may give a card type (40 characters), in place of the demo's short one.
    const lines = await name.evaluate((el) => {
      el.textContent = '中国移动全国通用话费充值卡（含港澳台地区漫游使用说明及其他附加条款适用）';
      const style = getComputedStyle(el);
      return {
        lines: Math.round(el.getBoundingClientRect().height / Number(style.lineHeight.replace('px', ''))),
        clamp: style.webkitLineClamp,
      };
    });
    expect(lines).toEqual({ lines: 2, clamp: '2' });
    await screenshot(page, `mobile/order-long-name${suffix(locale)}`);
  });

  it.each(locales)('re-opening real-name verification while one is pending shows that one (%s)', async (locale) => {
    const t = texts[locale];
    const user = await logInOverHttp(server, locale === 'zh-CN' ? '13712350011' : '13712350012');
    const idNum = locale === 'zh-CN' ? '110105199003070017' : '110105199003070025';
    const started = await server.api('/api/user/faceCertifyVerifyUrl', { token: user.token, body: { name: '李四', idNum } });
    expect(started.code, started.msg).toBe(200);

    const page = await phone(locale, user);
    const auth = await open(page, 'realNameAuth');
    await eventually(() => auth.locator('.real-name-auth__heading').innerText()).toBe(t['realName.pending.title']);
    expect(await auth.innerText()).toContain(t['realName.resume.body']);
    await screenshot(page, `mobile/realNameAuth-pending${suffix(locale)}`);

    // Filling the form in again is still possible.
    await auth.getByText(t['realName.resume.restart'], { exact: true }).tap();
    await eventually(() => button(auth, t['realName.submit']).count()).toBe(1);

    // Carrying on opens the verification already started.
    await page.reload();
    await eventually(() => button(shownPage(page), t['realName.resume.continue']).count()).toBe(1);
    await button(shownPage(page), t['realName.resume.continue']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('realNameCode')));
    expect(new URL(page.url()).hash).toContain(`certifyId=${started.data.certifyId}`);
  });

  it.each(locales)('the invite poster has a close button that closes it (%s)', async (locale) => {
    const t = texts[locale];
    const page = await phone(locale, seller);
    const share = await open(page, 'share');
    await button(share, t['share.poster.save']).tap();
    const close = page.getByRole('button', { name: t['share.poster.close'], exact: true });
    await close.waitFor({ state: 'visible' });
    await settleOnScreen(page);
    await screenshot(page, `mobile/share-poster${suffix(locale)}`);
    await close.tap();
    await close.waitFor({ state: 'hidden' });
    await eventually(() => page.getByText(t['share.poster.title'], { exact: true }).filter({ visible: true }).count()).toBe(0);
  });

  it.each(locales)('the courier picker confirms in the brand colour (%s)', async (locale) => {
    const page = await phone(locale, seller);
    const logistics = await open(page, 'logisticsInfo', { orderId: physicalOrderId });
    await logistics.locator('.logistics-form__picker').tap();
    const confirm = page.locator('.taro-picker__action').last().filter({ visible: true });
    await confirm.waitFor();
    expect(await confirm.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(14, 178, 233)');
    await screenshot(page, `mobile/logisticsInfo-picker${suffix(locale)}`);
  });

  it.each(locales)(
    'the share page leads to the invited friends, the rebate details and the rules, with no old-platform row (%s)',
    async (locale) => {
      const t = texts[locale];
      const page = await phone(locale, seller);
      const share = await open(page, 'share');
      const entries = await share.locator('.share__entries .nut-cell').allInnerTexts();
      const titles = entries.map((entry) => entry.split('\n')[0]!.trim());
      expect(titles).toEqual([t['title.levelUsers'], t['title.shareDetail'], t['title.shareInfo']]);
      await screenshot(page, `mobile/share-entries${suffix(locale)}`);
    },
  );

  it('serves a site icon to the app, the console and the face simulator page', async () => {
    const page = await phone('zh-CN');
    const icon = await page.goto(`${server.url}/favicon.ico`);
    expect(icon?.status()).toBe(200);
    expect(icon?.headers()['content-type']).toBe('image/x-icon');
  });
});
