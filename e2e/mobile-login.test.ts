import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  dialog,
  dialogButton,
  endSessionThenColdStart,
  hashPath,
  logIn,
  routeHref,
  routeNamed,
  routeUrlPattern,
  shownPage,
  phoneJourney,
  toastsShown,
  zhCN,
  type MobileServer,
  eventually,
} from './support/mobileApp';

/** docs/product.md "Login states" and "not logged in" of "Response codes", through the H5 app against the real server. */
describe('logging in and out with an SMS code', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  const person = routeNamed('person');
  const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  const profileHint = (phone: string) => zhCN['person.loggedIn.hint'].replace('{phone}', masked(phone));

  /** Logs in through the UI and returns the token the server issued for that login. */
  async function logInAndKeepToken(phone: string): Promise<string> {
    const issued = page.waitForResponse((response) => response.url().includes('/api/Authentication/smsLogin'));
    // Handled here too, so a login that fails earlier reports its own error, not this one.
    issued.catch(() => undefined);
    await logIn(page, server, phone);
    const body = (await (await issued).json()) as { code: number; data: { token: string } };
    expect(body.code).toBe(200);
    return body.data.token;
  }

  it('logs in with the code from the SMS outbox, shows the masked phone on the person tab, and logs out back to it', async () => {
    const phone = '13912340001';
    await page.goto(routeHref(server, person));
    await eventually(() => shownPage(page).locator('.person__name').innerText()).toBe(zhCN['person.guest.name']);

    // The visitor's profile row leads to the login page.
    await shownPage(page).getByText(zhCN['person.login'], { exact: true }).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('login')));
    const token = await logInAndKeepToken(phone);

    // Back to the page that asked for the login: the person tab, now showing the user.
    await page.waitForURL(routeUrlPattern(person));
    await eventually(() => shownPage(page).locator('.person__hint').innerText()).toBe(profileHint(phone));
    expect(await shownPage(page).locator('.person__hint').innerText()).toMatch(/1\d{2}\*{4}\d{4}/);
    const me = await server.api('/api/user/getInfo', { token });
    expect(me.code).toBe(200);
    expect(me.data.userinfo.phone).toBe(masked(phone));

    await shownPage(page).locator('.person__logout').tap();
    await dialogButton(page, zhCN['person.logout']).tap();
    await eventually(() => toastsShown(page)).toContain(zhCN['person.logout.done']);
    expect(hashPath(page)).toBe(person.path);
    await eventually(() => shownPage(page).locator('.person__name').innerText()).toBe(zhCN['person.guest.name']);
    await eventually(() => shownPage(page).getByText(zhCN['person.logout'], { exact: true }).count()).toBe(0);
    // The server ended the session too: the old token no longer identifies the user.
    expect((await server.api('/api/user/getInfo', { token })).code).not.toBe(200);
    // Nothing the app asked after the logout came back "not logged in" (its toast comes with a login prompt).
    expect(await toastsShown(page)).not.toContain(zhCN['request.notLoggedIn']);
  });

  it('offers the login on the settings page opened directly by a visitor', async () => {
    await page.goto(routeHref(server, routeNamed('personInfo')));
    const settings = shownPage(page);
    // The whole row is the tap target (NutUI cells take the touch, not the text inside them).
    await settings.locator('.nut-cell-clickable').filter({ hasText: zhCN['person.login'] }).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('login')));
    await eventually(() => shownPage(page).getByText(zhCN['login.heading']).isVisible()).toBe(true);
  });

  it('prompts for a login when the server answers "not logged in" to a session that ended elsewhere', async () => {
    const phone = '13912340002';
    const token = await logInAndKeepToken(phone);
    await page.waitForURL(routeUrlPattern(person));
    await eventually(() => shownPage(page).locator('.person__hint').innerText()).toBe(profileHint(phone));

    // The session ends on the server (as after a logout on another device); the app still holds the token.
    await endSessionThenColdStart(page, server, token, person);

    // The prompt carries the "not logged in" message of docs/product.md "Response codes". The toast
    // with the same words is no witness on a cold load: Taro's H5 router hides a toast raised before
    // its first route change.
    const prompt = dialog(page);
    await eventually(() => prompt.innerText()).toContain(zhCN['auth.loginPrompt.title']);
    expect(await prompt.innerText()).toContain(zhCN['request.notLoggedIn']);
    // The app has already left the logged-in state behind the prompt.
    await eventually(() => shownPage(page).locator('.person__name').innerText()).toBe(zhCN['person.guest.name']);

    await dialogButton(page, zhCN['auth.loginPrompt.confirm']).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('login')));
    expect(hashPath(page)).toBe(routeNamed('login').path);
  });
});
