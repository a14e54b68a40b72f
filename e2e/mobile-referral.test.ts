import { applyRateBp, formatFen, SettlementStatus } from '@maika/shared';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logInKeepingToken, openFresh, settleOnScreen } from './support/appUser';
import { phoneContext, screenshot } from './support/browser';
import { eventually, phoneJourney, routeHref, routeNamed, settle, shownPage, zhCN, type MobileServer } from './support/mobileApp';

/**
 * The referral journey through the H5 app against the real server process: A reads the invite
 * link on the share page, B opens it in another browser and signs up, B sells a card (over HTTP,
 * as the sell page would) that the card simulator passes, and A sees B among the referrals and
 * the rebate among the rebate details.
 */

// The simulator answers quickly, so the journey does not wait for its demo-speed default.
process.env.CHANNEL_SIM_DELAY_MS = '100';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** A demo card type that takes digits for number and password, with a face value to sell. */
async function sellableCard(server: MobileServer) {
  const classes =
    await server.api<{ cardTypes: { id: number; name: string; maintenance: boolean; physical: boolean }[] }[]>('/api/goods/getClassList');
  const summary = classes.data.flatMap((category) => category.cardTypes).find((type) => type.name === '中国移动充值卡');
  expect(summary, JSON.stringify(classes.data)).toBeDefined();
  const detail = await server.api(`/api/goods/getGoodsDetail?id=${summary!.id}`);
  expect(detail.code, detail.msg).toBe(200);
  const digits = (length: number | null, seed: string) => seed.padEnd(length ?? 16, '7').slice(0, length ?? 16);
  return {
    goodsId: detail.data.id as number,
    goodsName: detail.data.name as string,
    faceValueFen: 10_000,
    rateBp: (detail.data.faceValues as { faceValueFen: number; rateBp: number }[]).find((face) => face.faceValueFen === 10_000)!.rateBp,
    card: { cardNo: digits(detail.data.cardNoRule.length, '1390'), cardPwd: digits(detail.data.pwdRule.length, '8846') },
  };
}

describe('inviting a friend who sells a card', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  it('binds the friend who opens the invite link and pays the inviter a rebate on their card', async () => {
    const inviterPhone = '13912347701';
    const friendPhone = '13912347702';

    // A logs in and reads the invite link from the share page.
    const inviterToken = await logInKeepingToken(page, server, inviterPhone);
    await openFresh(page, routeHref(server, routeNamed('share')));
    const share = shownPage(page);
    await eventually(() => share.locator('.share__link').innerText()).toContain('?p=');
    const inviteUrl = (await share.locator('.share__link').innerText()).trim();
    const inviteCode = (await share.locator('.share__code').innerText()).trim();
    expect(inviteUrl).toBe(`${server.url}/#/pages/home/home?p=${inviteCode}`);
    await eventually(() => share.locator('.share__qr-image img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/share-invite');

    // The poster is drawn for this invite and offered as a PNG download.
    await share.locator('.share__action').filter({ hasText: zhCN['share.poster.save'] }).tap();
    const posterImage = page.locator('.share__poster-image img');
    await eventually(() => posterImage.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.taro-button-core').filter({ hasText: zhCN['share.poster.download'] }).tap(),
    ]);
    expect(download.suggestedFilename()).toBe('maika-invite.png');
    // The popup has finished fading in, so the picture shows the poster and not a half-drawn frame.
    await eventually(() => page.evaluate(() => document.querySelectorAll('[class*="enter-active"]').length)).toBe(0);
    await settle(page);
    await screenshot(page, 'mobile/share-poster');

    // B opens the link in a browser of their own and signs up from there.
    const sale = await sellableCard(server);
    const friendContext = await phoneContext(page.context().browser()!);
    try {
      const friendPage = await friendContext.newPage();
      await friendPage.goto(inviteUrl);
      await settle(friendPage);
      const friendToken = await logInKeepingToken(friendPage, server, friendPhone);

      // B sells a card; the simulator passes it and it is credited.
      const submitted = await server.api('/api/order/submit', {
        token: friendToken,
        body: {
          goodsId: sale.goodsId,
          faceValueFen: sale.faceValueFen,
          cards: [sale.card],
          idempotencyKey: 'e2e-referral-sale-0001',
          agree: true,
        },
      });
      expect(submitted.code, submitted.msg).toBe(200);
      const orderId = submitted.data.orderId as number;
      await eventually(async () => {
        const detail = await server.api(`/api/order/detail?id=${orderId}`, { token: friendToken });
        return detail.data?.order?.cards?.[0]?.settlementStatus;
      }).toBe(SettlementStatus.Credited);
    } finally {
      await friendContext.close();
    }

    // A sees B among the referrals, with the card and the rebate it earned.
    const { rebateRateBp } = (await server.api('/api/share/getInfo', { token: inviterToken })).data;
    const settlementFen = applyRateBp(sale.faceValueFen, sale.rateBp);
    const rebateFen = applyRateBp(settlementFen, rebateRateBp as number);
    expect(rebateFen).toBeGreaterThan(0);
    await openFresh(page, routeHref(server, routeNamed('levelUsers')));
    const referrals = shownPage(page);
    await eventually(() => referrals.locator('.level-user').count()).toBe(1);
    expect(await referrals.locator('.level-user').innerText()).toContain(masked(friendPhone));
    expect(await referrals.locator('.level-user').innerText()).toContain(zhCN['levelUsers.cards'].replace('{count}', '1'));
    await settleOnScreen(page);
    await screenshot(page, 'mobile/levelUsers-referral');

    // And the rebate itself, credited, with the card and its settlement.
    await openFresh(page, routeHref(server, routeNamed('shareDetail')));
    const details = shownPage(page);
    await eventually(() => details.locator('.rebate').count()).toBe(1);
    const entry = await details.locator('.rebate').innerText();
    expect(entry).toContain(zhCN['shareDetail.status.credited']);
    expect(entry).toContain(sale.goodsName);
    expect(entry).toContain(formatFen(settlementFen));
    expect(entry).toContain(formatFen(rebateFen, { sign: 'always' }));
    expect(await details.locator('.rebate-totals__amount').innerText()).toBe(formatFen(rebateFen));
    await settleOnScreen(page);
    await screenshot(page, 'mobile/shareDetail-rebate');

    await openFresh(page, routeHref(server, routeNamed('shareInfo')));
    await eventually(() => shownPage(page).locator('.rich-text-page__sheet').count()).toBe(1);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/shareInfo');
  });
});
