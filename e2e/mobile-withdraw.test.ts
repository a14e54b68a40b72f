import { Code, codeMessages, WithdrawalReviewConfig } from '@maika/shared';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, logInOverHttp, openAs, settleOnScreen, verifyRealName, type AppUser } from './support/appUser';
import { phoneContext, screenshot } from './support/browser';
import {
  eventually,
  hashPath,
  navBar,
  phoneJourney,
  routeNamed,
  routeUrlPattern,
  shownPage,
  toastText,
  enUS,
  zhCN,
  type MobileServer,
} from './support/mobileApp';

/**
 * The money journey through the H5 app against the real server process: a verified user with a
 * credited balance adds an Alipay payee, withdraws ¥100.00 and sees it paid by the payout worker;
 * a bank card withdrawal that finance rejects gives the money back. The preparation (login,
 * real-name verification, the credit) goes over HTTP, as the other clients would make it.
 */

/**
 * A picture of the page at rest: calls answered, the slide-in of a navigation over, toasts gone,
 * scrolled to the top (a focused field may have scrolled it).
 */
async function picture(page: Page, name: string): Promise<void> {
  await settleOnScreen(page);
  await eventually(() => toastText(page)).toBe('');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const balance = (page: Page) => shownPage(page).locator('.person__balance-amount').innerText();
const records = (page: Page) => shownPage(page).locator('.records__card');
const fill = (text: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((filled, [name, value]) => filled.replace(`{${name}}`, String(value)), text);

/** The summary's counts and the first record's status, read in one go from the page on screen. */
const summaryAndRecord = (page: Page) =>
  shownPage(page).evaluate((root) => {
    const texts = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)].map((element) => element.innerText.trim());
    const [paidCount = '', pendingCount = ''] = texts('.records__total-count');
    return { paidCount, pendingCount, status: texts('.records__card .records__status')[0] ?? '' };
  });

/**
 * Watches the records page from the moment it shows a withdrawal until `done`: at every look, a
 * record still open is counted under the summary's pending ones, and a paid one under the paid.
 * Answers the looks that disagreed.
 */
async function summaryDisagreements(page: Page, open: readonly string[], done: string): Promise<string[]> {
  const disagreements: string[] = [];
  const deadline = Date.now() + 90_000;
  for (;;) {
    const seen = await summaryAndRecord(page);
    const count = (n: number) => zhCN['withdrawRecord.totals.count'].replace('{count}', String(n));
    if (open.includes(seen.status) && seen.pendingCount !== count(1)) disagreements.push(JSON.stringify(seen));
    if (seen.status === done && (seen.pendingCount !== count(0) || seen.paidCount === count(0))) disagreements.push(JSON.stringify(seen));
    if (seen.status === done || Date.now() > deadline) return disagreements;
    await page.waitForTimeout(50);
  }
}

describe('withdrawing the balance', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  let user: AppUser;
  let admin: string;

  beforeAll(async () => {
    server = journey.server;
    user = await logInOverHttp(server, '13912346601');
    await verifyRealName(server, user);
    admin = await adminToken(server);
    const credit = await server.api(`/api/admin/users/${user.id}/adjust`, {
      admin,
      body: { amountFen: 50_000, reason: 'e2e opening balance', idempotencyKey: 'e2e-withdraw-credit-1' },
    });
    expect(credit.code, credit.msg).toBe(200);
  });

  beforeEach(() => {
    page = journey.page;
  });

  it('adds an Alipay payee, withdraws ¥100.00, sees it paid and the balance reduced', async () => {
    await openAs(page, server, user, 'person');
    await eventually(() => balance(page)).toBe('500.00');
    await picture(page, 'mobile/person-balance');

    // The profile menu leads to the payee page; the name there is the verified one, not typed.
    await shownPage(page).getByRole('button', { name: zhCN['person.menu.withdrawInfo'] }).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('withdrawInfo')));
    const info = shownPage(page);
    await eventually(() => info.locator('.withdraw-info__name-value').innerText()).toMatch(/三$/);
    await picture(page, 'mobile/withdrawInfo-forms');

    // WeChat Pay pays the WeChat linked by mini-program login: on H5, never linked, the section says
    // so and how to link it before anything is typed, and offers nothing to save that would fail.
    const wechat = info.locator('[data-channel="wechat"]');
    await eventually(() => wechat.locator('.withdraw-info__unavailable').innerText()).toBe(codeMessages[Code.WechatNotLinked]['zh-CN']);
    expect(await wechat.locator('input').count()).toBe(0);
    expect(await wechat.locator('.taro-button-core').count()).toBe(0);

    const alipay = info.locator('[data-channel="alipay"]');
    await alipay.locator('input').fill('13812346601');
    await alipay.locator('.taro-button-core').filter({ hasText: zhCN['common.save'] }).tap();
    await eventually(() => alipay.locator('.withdraw-info__account').innerText()).toBe('138****6601');
    await picture(page, 'mobile/withdrawInfo-saved');

    // Back on the person tab, the balance card's button opens the form.
    await navBar.leadingButton(page).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('person')));
    await shownPage(page).locator('.person__balance-withdraw').tap();
    await page.waitForURL(routeUrlPattern(routeNamed('withdraw')));
    const form = shownPage(page);
    await eventually(() => form.locator('.withdraw__balance-amount').innerText()).toBe('¥500.00');
    await eventually(() => form.locator('.withdraw__payee-value').innerText()).toContain('138****6601');
    await picture(page, 'mobile/withdraw-empty');

    // Above the balance (and the channel's maximum): the balance is what is too low, and nothing arrives.
    await form.locator('input.withdraw__amount-input').fill('100000');
    await eventually(() => form.locator('.withdraw__problem').innerText()).toBe(
      fill(zhCN['withdraw.error.aboveBalanceNoFee'], { available: '¥500.00' }),
    );
    for (const row of ['fee', 'total', 'receive']) {
      expect(await form.locator(`.withdraw__preview-row--${row} .withdraw__preview-value`).innerText()).toBe('—');
    }
    await picture(page, 'mobile/withdraw-above-balance');

    await form.locator('input.withdraw__amount-input').fill('100.00');
    await eventually(() => form.locator('.withdraw__preview-row--receive').innerText()).toContain('¥100.00');
    expect(await form.locator('.withdraw__preview-row--fee').innerText()).toContain('¥0.00');
    await form.locator('.taro-button-core').filter({ hasText: zhCN['withdraw.submit'] }).tap();

    // The form gives way to the records; the payout worker pays it and the list follows, the summary
    // above it saying the same thing at every moment, without a reload.
    await page.waitForURL(routeUrlPattern(routeNamed('withdrawRecord')));
    await eventually(() => records(page).count()).toBe(1);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/withdrawRecord-just-after');
    expect(await records(page).first().locator('.records__amount').innerText()).toBe('¥100.00');
    expect(await summaryDisagreements(page, ['未打款', '处理中', '审核中'], '打款成功')).toEqual([]);
    expect(await records(page).first().locator('.records__status').innerText()).toBe('打款成功');
    expect(await shownPage(page).locator('.records__total-amount').first().innerText()).toBe('¥100.00');
    await picture(page, 'mobile/withdrawRecord');

    // The withdraw page was replaced by the records: back is the person tab, asked afresh.
    await navBar.leadingButton(page).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('person')));
    await eventually(() => balance(page)).toBe('400.00');
    const account = await server.api('/api/cash/getAccount', { token: user.token });
    expect(account.data).toMatchObject({ availableFen: 40_000, heldFen: 0 });
  });

  it('names what is wrong with an amount, and a rejected card withdrawal gives the money back', async () => {
    // The bank card payee over HTTP: the bank picker is the platform's own widget.
    const payees = await server.api('/api/user/savePayee', {
      token: user.token,
      body: { channel: 3, account: '6222021234567890128', bankCode: 'ICBC', branch: '北京中关村支行' },
    });
    expect(payees.code, payees.msg).toBe(200);

    await openAs(page, server, user, 'withdraw');
    const form = shownPage(page);
    await form.locator('.withdraw__channel').filter({ hasText: '银行卡' }).tap();
    await eventually(() => form.locator('.withdraw__payee-value').innerText()).toContain('0128');
    const amount = form.locator('input.withdraw__amount-input');
    await amount.fill('20.005');
    await eventually(() => form.locator('.withdraw__problem').innerText()).toBe(zhCN['withdraw.error.tooManyDecimals']);
    await amount.fill('20');
    await eventually(() => form.locator('.withdraw__problem').innerText()).toBe(zhCN['withdraw.error.belowMin'].replace('{min}', '¥50.00'));
    await picture(page, 'mobile/withdraw-error');

    // Bank cards cost 0.1 %, at least ¥2.00: ¥50.00 takes ¥52.00 from the balance.
    await amount.fill('50');
    await eventually(() => form.locator('.withdraw__preview-row--fee').innerText()).toContain('¥2.00');
    expect(await form.locator('.withdraw__preview-row--total').innerText()).toContain('¥52.00');
    expect(await form.locator('.withdraw__preview-row--receive').innerText()).toContain('¥50.00');
    await picture(page, 'mobile/withdraw-filled');
    await form.locator('.taro-button-core').filter({ hasText: zhCN['withdraw.submit'] }).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('withdrawRecord')));
    await eventually(() => records(page).count()).toBe(2);
    // Bank cards wait for finance: the record says it is under review and how long that usually takes.
    await eventually(() => records(page).first().locator('.records__status').innerText()).toBe(
      zhCN['withdrawRecord.status.awaitingApproval'],
    );
    expect(await records(page).first().locator('.records__review').innerText()).toBe(
      fill(zhCN['withdrawRecord.review.hint'], { hours: WithdrawalReviewConfig.usualHours }),
    );
    expect(await summaryAndRecord(page)).toMatchObject({ pendingCount: '1 笔', paidCount: '1 笔' });
    await picture(page, 'mobile/withdrawRecord-review');
    expect((await server.api('/api/cash/getAccount', { token: user.token })).data).toMatchObject({ availableFen: 34_800, heldFen: 5_200 });

    // Finance refuses it: the hold goes back to the balance and the record says why.
    const mine = await server.api('/api/cash/records?status=0&page=1&pageSize=20', { token: user.token });
    expect(mine.data.list).toHaveLength(1);
    const rejected = await server.api(`/api/admin/withdrawals/${mine.data.list[0].id}/reject`, {
      admin,
      body: { reason: '卡号与实名不符' },
    });
    expect(rejected.code, rejected.msg).toBe(200);
    await eventually(() => records(page).first().locator('.records__status').innerText()).toBe('打款失败');
    expect(await records(page).first().locator('.records__reason').innerText()).toContain('卡号与实名不符');
    expect(await summaryAndRecord(page)).toMatchObject({ pendingCount: '0 笔' });

    // The failed filter shows that one only.
    await shownPage(page).locator('.status-chips__chip').filter({ hasText: '打款失败' }).tap();
    await eventually(() => records(page).count()).toBe(1);
    expect(await records(page).first().getAttribute('data-status')).toBe('2');
    await picture(page, 'mobile/withdrawRecord-filter');

    await openAs(page, server, user, 'person');
    await eventually(() => balance(page)).toBe('400.00');
    expect(hashPath(page)).toBe(routeNamed('person').path);
  });

  it('tells an English reader that a withdrawal awaits approval, that the balance is too low, and why WeChat cannot be added yet', async () => {
    const reader = await logInOverHttp(server, '13912346603');
    await verifyRealName(server, reader, '110105199003071239');
    const credit = await server.api(`/api/admin/users/${reader.id}/adjust`, {
      admin,
      body: { amountFen: 20_000, reason: 'e2e english balance', idempotencyKey: 'e2e-withdraw-credit-2' },
    });
    expect(credit.code, credit.msg).toBe(200);
    const payee = await server.api('/api/user/savePayee', {
      token: reader.token,
      body: { channel: 3, account: '6222021234567890128', bankCode: 'ICBC', branch: 'Zhongguancun' },
    });
    expect(payee.code, payee.msg).toBe(200);
    const extract = await server.api('/api/cash/extract', {
      token: reader.token,
      body: { amountFen: 5_000, channel: 3, payeeId: payee.data.payee.id, idempotencyKey: 'e2e-withdraw-english-1' },
    });
    expect(extract.code, extract.msg).toBe(200);

    const english = await phoneContext(page.context().browser()!, { locale: 'en-US' });
    try {
      const tab = await english.newPage();
      await openAs(tab, server, reader, 'withdrawRecord');
      const first = shownPage(tab).locator('.records__card').first();
      await eventually(() => first.locator('.records__status').innerText()).toBe(enUS['withdrawRecord.status.awaitingApproval']);
      expect(await first.locator('.records__review').innerText()).toBe(
        fill(enUS['withdrawRecord.review.hint'], { hours: WithdrawalReviewConfig.usualHours }),
      );
      await picture(tab, 'english/withdrawRecord-review');

      await openAs(tab, server, reader, 'withdraw');
      const form = shownPage(tab);
      await eventually(() => form.locator('.withdraw__payee-value').innerText()).toContain('0128');
      await form.locator('input.withdraw__amount-input').fill('100000');
      // ¥200.00 less the ¥52.00 held; the bank card's fee on ¥100,000.00 is ¥100.00.
      await eventually(() => form.locator('.withdraw__problem').innerText()).toBe(
        fill(enUS['withdraw.error.aboveBalance'], { available: '¥148.00', fee: '¥100.00' }),
      );
      expect(await form.locator('.withdraw__preview-row--receive .withdraw__preview-value').innerText()).toBe('—');
      await picture(tab, 'english/withdraw-above-balance');

      await openAs(tab, server, reader, 'withdrawInfo');
      const wechat = shownPage(tab).locator('[data-channel="wechat"]');
      await eventually(() => wechat.locator('.withdraw-info__unavailable').innerText()).toBe(codeMessages[Code.WechatNotLinked]['en-US']);
      expect(await wechat.locator('.taro-button-core').count()).toBe(0);
      await picture(tab, 'english/withdrawInfo-wechat');
    } finally {
      await english.close();
    }
  });

  it('explains to a user without a verified real name that payouts need one, and leads there', async () => {
    const newcomer = await logInOverHttp(server, '13912346602');
    await openAs(page, server, newcomer, 'withdrawInfo');
    const info = shownPage(page);
    await eventually(() => info.locator('.withdraw-info__verify-title').innerText()).toBe(zhCN['withdrawInfo.unverified.title']);
    await info.locator('.taro-button-core').filter({ hasText: zhCN['withdrawInfo.unverified.action'] }).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('realNameAuth')));
  });
});
