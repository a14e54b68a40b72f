import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { connectBrowser, phoneContext } from './browser';
import { allMessages } from '../../apps/mobile/src/i18n/locales/all';
import { routes, tabRoutes, type Route, type TabRoute } from '../../apps/mobile/src/routes';
import { startDemoServer, type DemoServer } from './demoDatabase';
import type { ServerProcess } from './serverProcess';
import { waitBounds } from './waits';

/** The app's own route table, so a page added there is covered here without a test change. */
export { routes, tabRoutes, type Route, type TabRoute };

/** A device id for calls made from the test itself (the server wants one on every call). */
const testDevice = { uuid: 'e2e-test-runner-0001' };

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface MobileServer extends DemoServer {
  /** A call to the API as a client would make it; `token` makes it a logged-in call, `admin` a back-office one. */
  api<T = any>(path: string, options?: ApiOptions): Promise<Envelope<T>>;
}

export interface ApiOptions {
  token?: string;
  admin?: string;
  body?: unknown;
  /** The reader's language (Accept-Language); the server's default when absent. */
  locale?: string;
}

/** The real server process on its own copy of the demo database (support/demoDatabase.ts). */
export async function startMobileServer(): Promise<MobileServer> {
  const server = await startDemoServer();
  const api = async <T>(path: string, options: ApiOptions = {}) => {
    const headers: Record<string, string> = { ...testDevice };
    if (options.locale) headers['accept-language'] = options.locale;
    if (options.token) headers.token = options.token;
    if (options.admin) headers.authorization = `Bearer ${options.admin}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return (await response.json()) as Envelope<T>;
  };
  return { ...server, api };
}

interface OutboxMessage {
  code: string;
  purpose: string;
  sentAt: string;
}

/** What the SMS simulator sent to `phone` for `purpose`, newest first. */
async function smsOutbox(server: MobileServer, phone: string, purpose: string): Promise<OutboxMessage[]> {
  const outbox = await server.api<OutboxMessage[]>(`/api/dev/smsOutbox?phone=${phone}`);
  return (outbox.data ?? []).filter((message) => message.purpose === purpose);
}

/** The newest code the SMS simulator sent to `phone`, if any. */
export async function newestSmsCode(server: MobileServer, phone: string, purpose = 'login'): Promise<string | undefined> {
  return (await smsOutbox(server, phone, purpose))[0]?.code;
}

/**
 * Waits for the code an action makes the server send, so an older code of the same phone (a login
 * earlier in the run) is never typed in by mistake.
 */
export async function smsCodeSentBy(
  server: MobileServer,
  phone: string,
  action: () => Promise<unknown>,
  purpose = 'login',
): Promise<string> {
  const before = (await smsOutbox(server, phone, purpose))[0]?.sentAt ?? '';
  await action();
  // vi.waitFor rather than expect.poll: this also runs in beforeAll hooks, outside any test.
  return vi.waitFor(
    async () => {
      const newest = (await smsOutbox(server, phone, purpose))[0];
      if (!newest || newest.sentAt <= before) throw new Error(`no new ${purpose} code for ${phone} in the SMS outbox`);
      return newest.code;
    },
    { timeout: waitBounds.outcome, interval: 100 },
  );
}

/** The H5 URL of a route: hash router, `#/pages/x/x?a=1`. */
export function routeHref(server: ServerProcess, route: Route, query: Readonly<Record<string, string | number>> = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${server.url}/#/${route.path}${search ? `?${search}` : ''}`;
}

/** The page path the hash router shows, without query: `pages/home/home`. */
export function hashPath(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#\/?/, '');
  return hash.split('?', 1)[0] ?? '';
}

/** Matches the URL of a route, with or without a query. */
export function routeUrlPattern(route: Route): RegExp {
  return new RegExp(`#/${route.path.replace(/\//g, '\\/')}(\\?|$)`);
}

export function routeNamed(name: string): Route {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`the route table has no page named ${name} (yet)`);
  return route;
}

/**
 * The page on screen. Taro keeps earlier pages and other tabs in the DOM, hidden, so text
 * lookups are scoped to the one page that is shown.
 */
export function shownPage(page: Page): Locator {
  return page.locator('.taro_page.taro_page_show:not(.taro_page_shade)').last();
}

/** The bottom tab bar of the page on screen. */
export function tabBar(page: Page): Locator {
  return shownPage(page).locator('.tab-bar');
}

/** The H5 nav bar Taro draws above default-style pages: its title, and its back or home button. */
export const navBar = {
  title: (page: Page) => page.locator('#taro-navigation-bar .taro-navigation-bar-title'),
  /** On the first page of a visit the leading button is "home"; after a navigate it is "back". */
  leadingButton: (page: Page) =>
    page.locator('#taro-navigation-bar').locator('.taro-navigation-bar-back, .taro-navigation-bar-home').filter({ visible: true }),
};

/**
 * The text of the toasts and loading indicators on screen (Taro.showToast / showLoading). Their
 * wrapper has no box of its own (its children are fixed), so "shown" is its display, not its size.
 */
export function toastText(page: Page): Promise<string> {
  return page.locator('.taro__toast').evaluateAll((toasts) =>
    toasts
      .filter((el) => getComputedStyle(el).display !== 'none')
      .map((el) => (el as HTMLElement).innerText.trim())
      .join('\n'),
  );
}

declare global {
  interface Window {
    /** Every toast and loading text shown since the page loaded, in order (recordToasts). */
    shownToasts?: string[];
  }
}

/**
 * Keeps every toast text the page shows in `window.shownToasts`. A toast is on screen for 1.5 s, and
 * a check that polls the screen can miss it while the machine is busy; the record cannot.
 */
function recordToasts(): void {
  const shown: string[] = [];
  window.shownToasts = shown;
  let onScreen = '';
  // Observes the document itself: an init script runs before the page has its <html> element.
  new MutationObserver(() => {
    const texts = [...document.querySelectorAll<HTMLElement>('.taro__toast')]
      .filter((toast) => toast.style.display !== 'none')
      .map((toast) => toast.textContent?.trim() ?? '')
      .join('\n');
    if (texts !== onScreen && texts !== '') shown.push(texts);
    onScreen = texts;
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style'] });
}

/** The toast and loading texts this page has shown, oldest first (pages of a phoneJourney). */
export async function toastsShown(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => window.shownToasts);
  if (!shown) throw new Error('this page keeps no record of its toasts: open it in a phoneJourney');
  return shown;
}

/**
 * The text field with this placeholder. Taro's H5 <Input> is a custom element that carries the
 * placeholder itself and on the <input> inside it; only the inner one can be typed into.
 */
export function field(scope: Locator, placeholder: string | RegExp): Locator {
  return scope.getByPlaceholder(placeholder).and(scope.locator('input, textarea'));
}

/** Taro's modal dialog (Taro.showModal: confirmations and the login prompt), when shown. */
export function dialog(page: Page): Locator {
  return page.locator('.taro__modal .taro-modal__content').filter({ visible: true });
}

/** A button of the dialog on screen, by its exact text (the title may say the same words). */
export function dialogButton(page: Page, text: string): Locator {
  return dialog(page).locator('.taro-modal__foot').getByText(text, { exact: true });
}

/**
 * Waits until the page on screen has rendered and finished its calls: no request in flight and no
 * loading indicator, so a screenshot shows the page and not a spinner.
 */
export async function settle(page: Page): Promise<void> {
  await shownPage(page).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('.taro__toast')].every(
      (el) => getComputedStyle(el).display === 'none' || el.dataset.icon !== 'loading',
    ),
  );
  // Images (banners, logos) must have arrived, or the screenshot shows empty frames.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

/**
 * expect.poll with room for a page to load and a call to answer (its default second is shorter
 * than a cold page on a busy CI box). Still an assertion on the outcome, never a sleep.
 */
export function eventually<T>(value: () => T | Promise<T>, message?: string) {
  return expect.poll(value, { timeout: waitBounds.outcome, interval: 50, message });
}

/** The app's own UI texts, so the journeys follow copy changes instead of breaking on them. */
export const zhCN = allMessages['zh-CN'];
export const enUS = allMessages['en-US'];
export type MessageKey = keyof typeof zhCN;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A UI text in either language, for helpers used by Chinese and English journeys alike. */
export function uiText(key: MessageKey, options: { exact?: boolean } = {}): RegExp {
  const either = `(${escapeRegExp(zhCN[key])}|${escapeRegExp(enUS[key])})`;
  return new RegExp(options.exact === false ? either : `^\\s*${either}\\s*$`);
}

/**
 * Logs `phone` in through the login page as a user does: the code comes from the SMS simulator's
 * outbox. Ends on whatever page the app shows after a login.
 */
export async function logIn(page: Page, server: MobileServer, phone: string): Promise<void> {
  // A journey that tapped its way to the login page stays on it, so the app's back stack is real.
  if (hashPath(page) !== routeNamed('login').path) await page.goto(routeHref(server, routeNamed('login')));
  const login = shownPage(page);
  await field(login, uiText('login.phone.placeholder')).fill(phone);
  const code = await smsCodeSentBy(server, phone, () => login.getByText(uiText('login.code.send')).tap());
  await field(login, uiText('login.code.placeholder')).fill(code);
  const agreement = login.getByRole('checkbox');
  await agreement.tap();
  await login.locator('[role="checkbox"][aria-checked="true"]').waitFor();
  // The button takes the touch, not the label inside it.
  await login
    .locator('.taro-button-core')
    .filter({ hasText: uiText('login.submit') })
    .tap();
  await page.waitForURL((url) => !url.hash.includes(routeNamed('login').path));
}

/**
 * Ends a login session on the server (as a logout on another device does) while the app is closed,
 * then opens `route` as the app's next cold start. With the app still running, any of its requests
 * answered after the logout would meet the 995 first and leave the app logged out before the cold
 * start, so what the cold start shows would depend on how fast the machine is.
 */
export async function endSessionThenColdStart(page: Page, server: MobileServer, token: string, route: Route): Promise<void> {
  await page.goto('about:blank');
  const ended = await server.api('/api/Authentication/logOut', { token });
  if (ended.code !== 200) throw new Error(`logOut answered ${ended.code}: ${ended.msg}`);
  await page.goto(routeHref(server, route));
}

export interface PhoneJourney {
  readonly server: MobileServer;
  /** A fresh phone-sized page for each test. */
  readonly page: Page;
}

/**
 * Registers the hooks every journey file needs: Chromium first (without it the file fails at once,
 * before a server is started), then a server on its own copy of the demo database, and a new phone
 * context per test.
 */
export function phoneJourney(): PhoneJourney {
  let server: MobileServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
    server = await startMobileServer();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await phoneContext(browser!);
    await context.addInitScript(recordToasts);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return {
    get server() {
      return server!;
    },
    get page() {
      return page!;
    },
  };
}
