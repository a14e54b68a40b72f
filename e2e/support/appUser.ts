import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { eventually, logIn, newestSmsCode, routeHref, routeNamed, settle, shownPage, type MobileServer } from './mobileApp';
import { enrolThroughApi } from './twoFactor';

/**
 * The preparation journeys share: users logged in over HTTP or through the page, a verified real
 * name, the back office's operator, and pages opened fresh or already logged in.
 */

export interface AppUser {
  token: string;
  id: number;
}

/** Logs `phone` in over HTTP with the code the SMS simulator sent, as another client would. */
export async function logInOverHttp(server: MobileServer, phone: string): Promise<AppUser> {
  expect((await server.api('/api/Authentication/getLoginSms', { body: { phone } })).code).toBe(200);
  const code = await newestSmsCode(server, phone);
  const login = await server.api('/api/Authentication/smsLogin', { body: { phone, code } });
  expect(login.code, login.msg).toBe(200);
  return { token: login.data.token, id: login.data.userinfo.id };
}

/** Logs in through the login page and returns the token the server issued. */
export async function logInKeepingToken(page: Page, server: MobileServer, phone: string): Promise<string> {
  const issued = page.waitForResponse((response) => response.url().includes('/api/Authentication/smsLogin'));
  issued.catch(() => undefined);
  await logIn(page, server, phone);
  const body = (await (await issued).json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, body.msg).toBe(200);
  return body.data.token;
}

/**
 * Face verification through the simulator's own page, as a phone would submit its form. An ID number
 * verifies one account only: a journey's second verified user passes another.
 */
export async function verifyRealName(server: MobileServer, user: AppUser, idNum = '11010519491231002X'): Promise<void> {
  const started = await server.api('/api/user/faceCertifyVerifyUrl', {
    token: user.token,
    body: { name: '张三', idNum },
  });
  expect(started.code, started.msg).toBe(200);
  const form = await fetch(new URL(started.data.certifyUrl, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=passed',
  });
  expect(form.status).toBe(200);
  const result = await server.api(`/api/user/queryFaceCertify?certifyId=${started.data.certifyId}`, { token: user.token });
  expect(result.data.status).toBe('passed');
}

const adminTokens = new WeakMap<MobileServer, Promise<string>>();

/**
 * The back-office token of the operator account the first start created; its first login turns on two-factor login, which an administrator must have, so the
 * token is kept for the server's later calls.
 */
export function adminToken(server: MobileServer): Promise<string> {
  const known = adminTokens.get(server);
  if (known) return known;
  const token = (async () => {
    const login = await server.api('/api/admin/login', { body: { username: 'admin', password: server.adminPassword } });
    expect(login.code, login.msg).toBe(200);
    if (login.data.admin.enrolmentRequired) await enrolThroughApi((path, init) => server.api(path, init), login.data.token);
    return login.data.token as string;
  })();
  adminTokens.set(server, token);
  return token;
}

/** Opens a page already logged in as `user`: the token goes where the app keeps it (Taro's storage on H5). */
export async function openAs(page: Page, server: MobileServer, user: AppUser, routeName: string): Promise<void> {
  await page.addInitScript((token) => {
    if (localStorage.getItem('loginToken')) return;
    localStorage.setItem('loginToken', JSON.stringify({ data: token }));
    const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
    localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
  }, user.token);
  await page.goto(routeHref(server, routeNamed(routeName)));
  await settle(page);
}

/**
 * Opens `url` as a fresh load. A hash change alone is routed inside the running app, where it can
 * race the page the login is still returning to.
 */
export async function openFresh(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}

/** Waits until the page on screen has loaded and finished sliding in, so a screenshot shows all of it. */
export async function settleOnScreen(page: Page): Promise<void> {
  await settle(page);
  await eventually(() => shownPage(page).evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0);
}
