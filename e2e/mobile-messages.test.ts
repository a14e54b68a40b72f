import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, logInOverHttp, openAs, settleOnScreen, verifyRealName } from './support/appUser';
import { phoneContext, screenshot } from './support/browser';
import {
  enUS,
  eventually,
  navBar,
  phoneJourney,
  routeHref,
  routeNamed,
  routeUrlPattern,
  shownPage,
  tabBar,
  toastText,
  zhCN,
  type MobileServer,
} from './support/mobileApp';

// The card channel simulator answers after this long, so a journey sees its card credited within seconds.
process.env.CHANNEL_SIM_DELAY_MS = '500';

/**
 * Messages through the H5 app against the real server process, in both languages: a seller with
 * no messages yet sells a card; once it is credited the bell on the home and profile tabs shows 1,
 * the message centre lists the message in the reader's language, and the message opens the order
 * it is about; read (by the tap, or "mark all read"), the bell clears. The settings show only the
 * switches H5 has. A message about a withdrawal opens the records with that withdrawal marked.
 */

type Locale = 'zh-CN' | 'en-US';
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const suffix = (locale: Locale) => (locale === 'zh-CN' ? '' : '.en');

/** China Mobile top-up cards (first card type of the demo catalogue): 17-digit numbers, 18-digit passwords. */
const cardTypeId = 1;
const cards: Record<Locale, { cardNo: string; cardPwd: string }> = {
  'zh-CN': { cardNo: '13800000000000411', cardPwd: '123456789012345411' },
  'en-US': { cardNo: '13800000000000412', cardPwd: '123456789012345412' },
};
const phones: Record<Locale, string> = { 'zh-CN': '13912348801', 'en-US': '13912348802' };

const bellBadge = (page: Page) => shownPage(page).locator('.message-bell__badge');
const items = (page: Page) => shownPage(page).locator('.messages__item');

/** A picture of the page at rest: calls answered, the slide-in over, toasts gone, from its top. */
async function picture(page: Page, name: string): Promise<void> {
  await settleOnScreen(page);
  await eventually(() => toastText(page)).toBe('');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function tapTab(page: Page, locale: Locale, tab: 'home' | 'person' | 'order'): Promise<void> {
  const label = texts[locale][tab === 'home' ? 'tab.home' : tab === 'person' ? 'tab.person' : 'tab.order'];
  await tabBar(page).getByText(label, { exact: true }).tap();
  await page.waitForURL(routeUrlPattern(routeNamed(tab)));
}

describe('messages to sellers', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  beforeAll(() => {
    server = journey.server;
  });

  /** Sells one card on the submit page as a user does (already logged in); answers with the order number the result shows. */
  async function sellACard(page: Page, locale: Locale): Promise<string> {
    const t = texts[locale];
    await page.goto(routeHref(server, routeNamed('submitCard'), { id: cardTypeId }));
    await page.waitForURL(routeUrlPattern(routeNamed('submitCard')));
    const form = shownPage(page);
    await form.locator('input.submit-card__input--cardNo').fill(cards[locale].cardNo);
    await form.locator('input.submit-card__input--cardPwd').fill(cards[locale].cardPwd);
    await form.locator('.submit-card__check').tap();
    await form.locator('.submit-card__check[aria-checked="true"]').waitFor();
    await form.locator('.taro-button-core').filter({ hasText: t['submitCard.submit'] }).tap();
    await eventually(() => form.locator('.submit-result__order-no').count()).toBe(1);
    return form.locator('.submit-result__order-no').innerText();
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: a credited card rings the bell, its message opens the order, and once read the bell clears`, async () => {
      const t = texts[locale];
      const context = await phoneContext(journey.page.context().browser()!, { locale });
      try {
        const page = await context.newPage();
        const user = await logInOverHttp(server, phones[locale]);

        // No messages yet: the profile tab's bell has no badge, and the centre says what will come.
        await openAs(page, server, user, 'person');
        await shownPage(page).locator('.message-bell').waitFor();
        expect(await bellBadge(page).count()).toBe(0);
        await shownPage(page).locator('.message-bell').tap();
        await page.waitForURL(routeUrlPattern(routeNamed('message')));
        await eventually(() => shownPage(page).locator('.messages__empty-title').innerText()).toBe(t['message.empty.title']);
        await picture(page, `mobile/message-empty${suffix(locale)}`);

        // Sell a card and wait until the simulator has credited it and the message is recorded.
        const orderNo = await sellACard(page, locale);
        await eventually(async () => {
          const orders = await server.api('/api/order/list?status=999&page=1&pageSize=10', { token: user.token });
          const order = orders.data.list.find((candidate: { orderNo: string }) => candidate.orderNo === orderNo);
          return order ? { pending: order.pendingCount, passed: order.passedCount } : null;
        }).toEqual({ pending: 0, passed: 1 });
        await eventually(async () => (await server.api('/api/message/unreadCount', { token: user.token })).data?.unread).toBe(1);
        const listed = await server.api('/api/message/list?page=1&pageSize=20', { token: user.token, locale });
        const message = listed.data.list[0];
        const orderId = (await server.api('/api/order/list?status=999&page=1&pageSize=10', { token: user.token })).data.list[0].id;
        expect(message.link).toBe(`/pages/orderDetail/orderDetail?id=${orderId}`);

        // The bell on the home and profile tabs shows it when the tab shows.
        await shownPage(page).locator('.taro-button-core').filter({ hasText: t['submitCard.result.orders'] }).tap();
        await page.waitForURL(routeUrlPattern(routeNamed('order')));
        await tapTab(page, locale, 'home');
        await eventually(() => bellBadge(page).innerText()).toBe('1');
        await picture(page, `mobile/home-bell${suffix(locale)}`);
        await tapTab(page, locale, 'person');
        await eventually(() => bellBadge(page).innerText()).toBe('1');

        // The centre lists it, unread, in the reader's language.
        await shownPage(page).locator('.message-bell').tap();
        await page.waitForURL(routeUrlPattern(routeNamed('message')));
        await eventually(() => items(page).count()).toBe(1);
        expect(await items(page).first().locator('.messages__title').innerText()).toBe(message.title);
        expect(message.title).toMatch(locale === 'zh-CN' ? /[\u4e00-\u9fa5]/ : /^[\x20-\x7e]+$/);
        expect(await items(page).first().locator('.messages__dot').count()).toBe(1);
        expect(await shownPage(page).locator('.messages__summary').innerText()).toBe(t['message.unreadSummary'].replace('{count}', '1'));
        await picture(page, `mobile/message-list${suffix(locale)}`);

        if (locale === 'en-US') {
          // "Mark all read": the dot and the count go, without leaving the page.
          await shownPage(page).locator('.messages__read-all').tap();
          await eventually(() => items(page).first().locator('.messages__dot').count()).toBe(0);
          expect(await shownPage(page).locator('.messages__summary').innerText()).toBe(t['message.allRead']);
          expect((await server.api('/api/message/unreadCount', { token: user.token })).data.unread).toBe(0);
        }

        // The message opens the order it is about, with its cards open as on the orders tab.
        await items(page).first().tap();
        await page.waitForURL(routeUrlPattern(routeNamed('orderDetail')));
        expect(page.url()).toContain(`id=${orderId}`);
        const order = shownPage(page).locator(`.orders__card[data-order-no="${orderNo}"]`);
        await eventually(() => order.locator('.orders__line[data-card-status="1"]').count()).toBe(1);
        await picture(page, `mobile/orderDetail-from-message${suffix(locale)}`);

        // Back in the centre it is read; on the profile tab the bell has cleared.
        await navBar.leadingButton(page).tap();
        await page.waitForURL(routeUrlPattern(routeNamed('message')));
        await eventually(() => items(page).first().locator('.messages__dot').count()).toBe(0);
        expect(await shownPage(page).locator('.messages__summary').innerText()).toBe(t['message.allRead']);
        expect((await server.api('/api/message/unreadCount', { token: user.token })).data.unread).toBe(0);

        // The settings: SMS where the platform sends texts, never a mini-program switch on H5.
        await shownPage(page).locator('.messages__settings').tap();
        await page.waitForURL(routeUrlPattern(routeNamed('messageSettings')));
        const settings = await server.api('/api/message/settings', { token: user.token });
        const screen = shownPage(page);
        if (settings.data.channels.sms) {
          const credited = screen.locator('.message-settings__row[data-message-type="1"] [data-channel="sms"]');
          await eventually(() => credited.getAttribute('aria-checked')).toBe('false');
          expect(await screen.locator('[data-channel="miniProgram"]').count()).toBe(0);
          expect(await screen.locator('.message-settings__column').first().innerText()).toBe(t['messageSettings.channel.sms']);
          await credited.tap();
          await eventually(() => credited.getAttribute('aria-checked')).toBe('true');
          await eventually(async () => {
            const saved = await server.api('/api/message/settings', { token: user.token });
            return saved.data.list.find((preference: { type: number }) => preference.type === 1)?.sms;
          }).toBe(true);
        } else {
          await eventually(() => screen.locator('.state-view__title').innerText()).toBe(t['messageSettings.none.title']);
        }
        await picture(page, `mobile/messageSettings${suffix(locale)}`);

        await navBar.leadingButton(page).tap();
        await page.waitForURL(routeUrlPattern(routeNamed('message')));
        await navBar.leadingButton(page).tap();
        await page.waitForURL(routeUrlPattern(routeNamed('person')));
        await shownPage(page).locator('.message-bell').waitFor();
        await eventually(() => bellBadge(page).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('a message about a paid withdrawal opens the records with that withdrawal marked', async () => {
    const page = journey.page;
    const user = await logInOverHttp(server, '13912348803');
    await verifyRealName(server, user, '110105199003071247');
    const admin = await adminToken(server);
    const credit = await server.api(`/api/admin/users/${user.id}/adjust`, {
      admin,
      body: { amountFen: 30_000, reason: 'e2e messages balance', idempotencyKey: 'e2e-messages-credit-1' },
    });
    expect(credit.code, credit.msg).toBe(200);
    const payee = await server.api('/api/user/savePayee', { token: user.token, body: { channel: 1, account: '13912348803' } });
    expect(payee.code, payee.msg).toBe(200);
    // One withdrawal at a time: each is paid by the payout simulator, and each payment is a message linking to its record.
    const withdrawn: { id: number; messageId: number }[] = [];
    for (const [index, amountFen] of [10_000, 10_500].entries()) {
      const extract = await server.api('/api/cash/extract', {
        token: user.token,
        body: { amountFen, channel: 1, payeeId: payee.data.payee.id, idempotencyKey: `e2e-messages-withdraw-${index}` },
      });
      expect(extract.code, extract.msg).toBe(200);
      const records = await server.api('/api/cash/records?status=999&page=1&pageSize=20', { token: user.token });
      const id: number = records.data.list[0].id;
      const link = `/pages/withdrawRecord/withdrawRecord?id=${id}`;
      let messageId = 0;
      await eventually(async () => {
        const list = await server.api('/api/message/list?page=1&pageSize=20', { token: user.token });
        messageId = list.data.list.find((message: { link: string | null }) => message.link === link)?.id ?? 0;
        return messageId > 0;
      }).toBe(true);
      withdrawn.push({ id, messageId });
    }

    // The older payment's message opens the records with that withdrawal, not the newest, marked.
    const [older] = withdrawn;
    await openAs(page, server, user, 'message');
    const target = shownPage(page).locator(`.messages__item[data-message-id="${older!.messageId}"]`);
    await eventually(() => target.count()).toBe(1);
    expect(await target.innerText()).toContain('100.00');
    await target.tap();
    await page.waitForURL(routeUrlPattern(routeNamed('withdrawRecord')));
    expect(page.url()).toContain(`id=${older!.id}`);
    const focused = shownPage(page).locator('.records__card--focused');
    await eventually(() => focused.count()).toBe(1);
    expect(await focused.getAttribute('id')).toBe(`withdrawal-${older!.id}`);
    expect(await focused.locator('.records__amount').innerText()).toBe('¥100.00');
    expect(await shownPage(page).locator('.records__card').count()).toBe(2);
    await picture(page, 'mobile/withdrawRecord-from-message');
  });
});
