import { checkIdNumber, idCheckChar } from '@maika/shared';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logInOverHttp, openAs, openFresh, settleOnScreen } from './support/appUser';
import { phoneContext, screenshot } from './support/browser';
import {
  dialog,
  dialogButton,
  endSessionThenColdStart,
  enUS,
  eventually,
  field,
  hashPath,
  logIn,
  navBar,
  routeHref,
  routeNamed,
  routeUrlPattern,
  shownPage,
  smsCodeSentBy,
  phoneJourney,
  toastsShown,
  zhCN,
  type MobileServer,
} from './support/mobileApp';

/** A valid resident ID number (Beijing, born on `birthDate`), its check character computed. */
function idNumber(birthDate: string, serial: string): string {
  const first17 = `110101${birthDate}${serial}`;
  return first17 + idCheckChar(first17);
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** Real-name verification and the phone change through the H5 app, against the real server and its face simulator. */
describe('identity: real-name verification and phone change', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  const settingsRow = (title: string) => shownPage(page).locator('.nut-cell').filter({ hasText: title });
  const button = (text: string) => shownPage(page).locator('.nut-button').filter({ hasText: text });

  /**
   * Logs in through the UI and keeps the token the server issued, for checks made beside the app.
   * Ends once the app is back on the person tab, so a page opened next is not replaced by that return.
   */
  async function logInKeepingToken(phone: string): Promise<string> {
    const issued = page.waitForResponse((response) => response.url().includes('/api/Authentication/smsLogin'));
    issued.catch(() => undefined);
    await logIn(page, server, phone);
    await page.waitForURL(routeUrlPattern(routeNamed('person')));
    await eventually(() => shownPage(page).locator('.person__hint').innerText()).toContain(masked(phone));
    return ((await (await issued).json()) as { data: { token: string } }).data.token;
  }

  /** Fills the form and starts the verification; resolves with the face page's URL once realNameCode shows it. */
  async function startVerification(name: string, idNum: string): Promise<string> {
    const form = shownPage(page);
    await field(form, zhCN['realName.name.placeholder']).fill(name);
    await field(form, zhCN['realName.idNum.placeholder']).fill(idNum);
    const started = page.waitForResponse((response) => response.url().includes('/api/user/faceCertifyVerifyUrl'));
    await button(zhCN['realName.submit']).tap();
    const body = (await (await started).json()) as { code: number; data: { certifyUrl: string } };
    expect(body.code).toBe(200);
    await page.waitForURL(routeUrlPattern(routeNamed('realNameCode')));
    return body.data.certifyUrl;
  }

  /** Presses a button on the simulator's face page, in a second tab as a phone's Alipay would. */
  async function decideOnFacePage(certifyUrl: string, choice: 'pass' | 'fail'): Promise<void> {
    const facePage = await page.context().newPage();
    await facePage.goto(certifyUrl);
    await facePage.locator(`button.${choice}`).click();
    await facePage.waitForLoadState();
    await facePage.close();
  }

  it('verifies a real name: settings says not verified, a bad ID is explained, the QR page waits for the face scan, then settings shows the masked name', async () => {
    const token = await logInKeepingToken('13912350001');
    await page.goto(routeHref(server, routeNamed('personInfo')));
    await eventually(() => settingsRow(zhCN['personInfo.realName']).innerText()).toContain(zhCN['personInfo.realName.none']);
    await settingsRow(zhCN['personInfo.realName']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('realNameAuth')));

    // A number with a wrong check character is caught as typed, in words that say what to check.
    const goodId = idNumber('19900307', '001');
    const badId = goodId.slice(0, 17) + (goodId[17] === '0' ? '1' : '0');
    const form = shownPage(page);
    await field(form, zhCN['realName.idNum.placeholder']).fill(badId);
    const badIdCheck = checkIdNumber(badId);
    expect(badIdCheck.ok).toBe(false);
    const explanation = badIdCheck.ok ? '' : badIdCheck.message['zh-CN'];
    await eventually(() => form.locator('.real-name-auth__problem').allInnerTexts()).toContain(explanation);
    await field(form, zhCN['realName.name.placeholder']).fill('张三');
    await field(form, zhCN['realName.idNum.placeholder']).fill(goodId);
    await eventually(() => form.locator('.real-name-auth__problem').allInnerTexts()).toEqual(['', '']);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/realNameAuth.form');

    const certifyUrl = await startVerification('张三', goodId);
    const qr = shownPage(page).locator('.real-name-code__qr-image img, img.real-name-code__qr-image').first();
    await eventually(() => qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await eventually(() => shownPage(page).innerText()).toContain(zhCN['realNameCode.waiting']);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/realNameCode');

    await decideOnFacePage(certifyUrl, 'pass');
    await eventually(() => shownPage(page).innerText()).toContain(zhCN['realName.passed.title']);
    const me = await server.api<{ userinfo: { realInfo: { verified: boolean; name: string; idNum: string } } }>('/api/user/getInfo', {
      token,
    });
    const { realInfo } = me.data.userinfo;
    expect(realInfo.verified).toBe(true);
    expect(realInfo.idNum).not.toContain(goodId.slice(6, 14));
    expect(await shownPage(page).innerText()).toContain(realInfo.idNum);

    // The page now shows a result, titled as one, and offers the step the verification unlocks.
    await eventually(() => navBar.title(page).innerText()).toBe(zhCN['realName.result.title']);
    expect(await shownPage(page).innerText()).not.toContain(zhCN['title.realNameCode']);
    expect(await button(zhCN['realName.passed.next']).count()).toBe(1);
    expect(await shownPage(page).locator('.certify-outcome__later').innerText()).toBe(zhCN['realName.passed.later']);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/realNameCode-passed');
    await button(zhCN['realName.passed.next']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('withdrawInfo')));

    // Settings now shows the masked name.
    await openFresh(page, routeHref(server, routeNamed('personInfo')));
    await eventually(() => settingsRow(zhCN['personInfo.realName']).innerText()).toContain(realInfo.name);
    await settingsRow(zhCN['personInfo.realName']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('realNameAuth')));
    await eventually(() => shownPage(page).innerText()).toContain(zhCN['realName.verified.title']);
    expect(await shownPage(page).innerText()).toContain(realInfo.idNum);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/realNameAuth.verified');
  });

  it('titles a passed verification as its result and offers adding a payee, in English (picture)', async () => {
    const user = await logInOverHttp(server, '13912350006');
    const started = await server.api('/api/user/faceCertifyVerifyUrl', {
      token: user.token,
      body: { name: '王五', idNum: idNumber('19920415', '003') },
    });
    expect(started.code, started.msg).toBe(200);
    const context = await phoneContext(page.context().browser()!, { locale: 'en-US' });
    try {
      const english = await context.newPage();
      await openAs(english, server, user, 'person');
      await openFresh(english, routeHref(server, routeNamed('realNameCode'), { certifyId: started.data.certifyId }));
      await eventually(() => navBar.title(english).innerText()).toBe(enUS['title.realNameCode']);
      await decideOnFacePage(started.data.certifyUrl, 'pass');
      await eventually(() => navBar.title(english).innerText()).toBe(enUS['realName.result.title']);
      const shown = shownPage(english);
      expect(await shown.innerText()).toContain(enUS['realName.passed.title']);
      expect(await shown.locator('.nut-button').filter({ hasText: enUS['realName.passed.next'] }).count()).toBe(1);
      expect(await shown.locator('.certify-outcome__later').innerText()).toBe(enUS['realName.passed.later']);
      await settleOnScreen(english);
      await screenshot(english, 'mobile/realNameCode-passed.en');
      await shown.locator('.certify-outcome__later').tap();
      await english.waitForURL(routeUrlPattern(routeNamed('person')));
    } finally {
      await context.close();
    }
  });

  it('shows why a failed face scan failed and starts again from the form', async () => {
    await logInKeepingToken('13912350002');
    await page.goto(routeHref(server, routeNamed('realNameAuth')));
    const certifyUrl = await startVerification('李四', idNumber('19851120', '002'));

    await decideOnFacePage(certifyUrl, 'fail');
    await eventually(() => shownPage(page).innerText()).toContain(zhCN['realName.failed.title']);
    expect(await shownPage(page).locator('.certify-outcome__detail').innerText()).not.toBe('');
    await settleOnScreen(page);
    await screenshot(page, 'mobile/realNameCode.failed');

    await button(zhCN['realName.retry']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('realNameAuth')));
    await eventually(() => field(shownPage(page), zhCN['realName.idNum.placeholder']).isVisible()).toBe(true);
  });

  it('asks a user whose session ended to log in, then returns to real-name verification', async () => {
    const token = await logInKeepingToken('13912350003');
    // The app is opened again later, straight on this page, which asks the server who the user is.
    await endSessionThenColdStart(page, server, token, routeNamed('realNameAuth'));

    await eventually(() => dialog(page).innerText()).toContain(zhCN['request.notLoggedIn']);
    await dialogButton(page, zhCN['auth.loginPrompt.confirm']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('login')));
    // Another account: the first phone may be sent its next code only a minute after the last.
    await logIn(page, server, '13912350013');
    await page.waitForURL(routeUrlPattern(routeNamed('realNameAuth')));
    await eventually(() => field(shownPage(page), zhCN['realName.idNum.placeholder']).isVisible()).toBe(true);
  });

  it('changes the phone: a code to the old phone, then the new phone and its code; the new phone logs in', async () => {
    const oldPhone = '13912350004';
    const newPhone = '13912350005';
    await logInKeepingToken(oldPhone);
    await page.goto(routeHref(server, routeNamed('personInfo')));
    await eventually(() => settingsRow(zhCN['personInfo.phone']).innerText()).toContain(masked(oldPhone));
    await settingsRow(zhCN['personInfo.phone']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('updatePhoneNum')));

    const form = shownPage(page);
    await eventually(() => form.innerText()).toContain(masked(oldPhone));
    await settleOnScreen(page);
    await screenshot(page, 'mobile/updatePhoneNum.step1');
    const oldCode = await smsCodeSentBy(
      server,
      oldPhone,
      () => form.getByText(zhCN['login.code.send'], { exact: true }).tap(),
      'modifyPhone',
    );
    await field(form, zhCN['login.code.placeholder']).fill(oldCode);
    await button(zhCN['phoneChange.next']).tap();

    await eventually(() => field(form, zhCN['phoneChange.new.placeholder']).isVisible()).toBe(true);
    await field(form, zhCN['phoneChange.new.placeholder']).fill(newPhone);
    await settleOnScreen(page);
    await screenshot(page, 'mobile/updatePhoneNum.step2');
    const newCode = await smsCodeSentBy(
      server,
      newPhone,
      () => form.getByText(zhCN['login.code.send'], { exact: true }).tap(),
      'modifyPhone',
    );
    await field(form, zhCN['login.code.placeholder']).fill(newCode);
    await button(zhCN['phoneChange.submit']).tap();

    await eventually(() => toastsShown(page)).toContain(zhCN['phoneChange.success']);
    await page.waitForURL(routeUrlPattern(routeNamed('personInfo')));
    await eventually(() => settingsRow(zhCN['personInfo.phone']).innerText()).toContain(masked(newPhone));

    // The person tab shows it too, and after a logout the new phone is the one that logs in.
    await page.goto(routeHref(server, routeNamed('person')));
    const hint = zhCN['person.loggedIn.hint'].replace('{phone}', masked(newPhone));
    await eventually(() => shownPage(page).locator('.person__hint').innerText()).toBe(hint);
    await shownPage(page).locator('.person__logout').tap();
    await dialogButton(page, zhCN['person.logout']).tap();
    await eventually(() => shownPage(page).locator('.person__name').innerText()).toBe(zhCN['person.guest.name']);
    await logIn(page, server, newPhone);
    await page.waitForURL(routeUrlPattern(routeNamed('person')));
    await eventually(() => shownPage(page).locator('.person__hint').innerText()).toBe(hint);
    expect(hashPath(page)).toBe(routeNamed('person').path);
  });
});
