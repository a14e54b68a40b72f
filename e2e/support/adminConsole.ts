import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { screenshot } from './browser';
import { startDemoServer, type DemoServer } from './demoDatabase';
import { codeWindowSteps, enrolThroughApi, nextCode } from './twoFactor';
import { waitBounds } from './waits';

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface AdminServer extends DemoServer {
  /** A call as a client makes it: `token` for a user, `admin` for an operator's bearer token. */
  call<T = any>(path: string, init?: { token?: string; admin?: string; body?: unknown; method?: string }): Promise<Envelope<T>>;
  /** The first administrator's token. */
  rootToken(): Promise<string>;
  /**
   * Creates an operator with a known password through the admin API as the console does: the first
   * administrator creates the account, the operator chooses the password through its set-up code
   * (admin and finance then turn two-factor login on). Made while the first administrator is the
   * only one: with two, an approving role waits for the other's approval.
   */
  createOperator(username: string, role: 'admin' | 'reviewer' | 'finance' | 'support'): Promise<void>;
  /** A fresh code of an operator whose two-factor login is on; undefined for one without it. */
  otpFor(username: string): Promise<string | undefined>;
}

export const operatorPassword = 'e2e-operator-password-01';

/** The real server process on its own copy of the demo database (support/demoDatabase.ts). */
export async function startAdminServer(env: Record<string, string> = {}): Promise<AdminServer> {
  const server = await startDemoServer({ TWO_FACTOR_WINDOW_STEPS: String(codeWindowSteps), ...env });
  const call = async <T = any>(path: string, init: { token?: string; admin?: string; body?: unknown; method?: string } = {}) => {
    const headers: Record<string, string> = { uuid: 'e2e-admin-console-runner' };
    if (init.token) headers.token = init.token;
    if (init.admin) headers.authorization = `Bearer ${init.admin}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return (await response.json()) as Envelope<T>;
  };
  const secrets = new Map<string, string>();
  /** Logs in through the API; an administrator or finance operator without two-factor login turns it on first. */
  const apiLogin = async (username: string, password: string) => {
    const secret = secrets.get(username);
    const login = await call('/api/admin/login', { body: { username, password, ...(secret ? { otp: await nextCode(secret) } : {}) } });
    expect(login.code, login.msg).toBe(200);
    const token = login.data.token as string;
    if (login.data.admin.enrolmentRequired) secrets.set(username, await enrolThroughApi(call, token));
    return token;
  };
  let root: string | undefined;
  const rootToken = async () => {
    if (root) return root;
    root = await apiLogin('admin', server.adminPassword);
    return root;
  };
  const createOperator = async (username: string, role: 'admin' | 'reviewer' | 'finance' | 'support') => {
    const created = await call('/api/admin/admins', { admin: await rootToken(), body: { username, role } });
    expect(created.code, created.msg).toBe(200);
    expect(created.data.setup, `${username} waits for a second administrator (request #${created.data.approvalId})`).not.toBeNull();
    const setUp = await call('/api/admin/setup', { body: { code: created.data.setup.code, password: operatorPassword } });
    expect(setUp.code, setUp.msg).toBe(200);
    if (role === 'admin' || role === 'finance') await apiLogin(username, operatorPassword);
  };
  const otpFor = async (username: string) => {
    const secret = secrets.get(username);
    return secret ? nextCode(secret) : undefined;
  };
  return { ...server, call, rootToken, createOperator, otpFor };
}

declare global {
  interface Window {
    /** The text of every notice the console has shown since the page loaded, in order (recordNotices). */
    shownNotices?: string[];
    /** The text of every error notice among them (recordNotices). */
    shownErrorNotices?: string[];
  }
}

/**
 * Keeps the text of every notice (antd notification) the page shows in `window.shownNotices`. A notice
 * closes by itself after 4.5 s, and a check that polls the screen can miss it while the machine is
 * busy; the record cannot.
 */
function recordNotices(): void {
  const shown: string[] = [];
  const errors: string[] = [];
  window.shownNotices = shown;
  window.shownErrorNotices = errors;
  const texts = new WeakMap<Element, string>();
  // Observes the document itself: an init script runs before the page has its <html> element.
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('.ant-notification-notice')) {
      const text = notice.textContent?.trim() ?? '';
      if (text !== '' && texts.get(notice) !== text) {
        shown.push(text);
        // antd marks a notice opened with type 'error' by its class and its icon.
        if (notice.matches('.ant-notification-notice-error') || notice.querySelector('.ant-notification-notice-icon-error'))
          errors.push(text);
      }
      texts.set(notice, text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The notices this console page has shown, oldest first (pages of a desktopContext). */
export async function noticesShown(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => window.shownNotices);
  if (!shown) throw new Error('this page keeps no record of its notices: open it in a desktopContext');
  return shown;
}

/** The error notices this console page has shown, oldest first (pages of a desktopContext). */
export async function errorNoticesShown(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => window.shownErrorNotices);
  if (!shown) throw new Error('this page keeps no record of its notices: open it in a desktopContext');
  return shown;
}

/** A desktop browser window (1440×900) in Chinese. */
export async function desktopContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(waitBounds.action);
  await context.addInitScript(recordNotices);
  return context;
}

/** Fills and sends the console's login form; answers its submit button, which also sends the code asked next. */
export async function submitLogin(page: Page, server: AdminServer, username: string, password = operatorPassword): Promise<Locator> {
  await page.goto(`${server.url}/admin/#/login`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  const submit = page.getByRole('button', { name: '登 录' }).or(page.getByRole('button', { name: '登录' }));
  await submit.click();
  return submit;
}

/** Signs in through the console's own login form (with the code when two-factor login is on) and waits for the menu. */
export async function signIn(page: Page, server: AdminServer, username: string, password = operatorPassword): Promise<void> {
  const submit = await submitLogin(page, server, username, password);
  const otp = await server.otpFor(username);
  if (otp) {
    await page.getByLabel('动态码').fill(otp);
    await submit.click();
  }
  await page.locator('[data-testid="current-admin"]').filter({ hasText: username }).waitFor();
}

/** The top-level entries of the side menu (items and group titles), logout left out. */
export async function menuEntries(page: Page): Promise<string[]> {
  const root = page.locator('.ant-layout-sider .ant-menu-root').first();
  await root.waitFor();
  const texts = await root
    .locator(':scope > li')
    .evaluateAll((items) => items.map((li) => (li.querySelector('.ant-menu-title-content') as HTMLElement | null)?.innerText.trim() ?? ''));
  return texts.filter((text) => text && text !== '退出登录');
}

/** Waits for calls and spinners to finish, then writes the screenshot. */
export async function adminPicture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await vi.waitFor(async () => expect(await page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0), {
    timeout: waitBounds.outcome,
    interval: 100,
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await screenshot(page, `admin/${name}`);
}

/**
 * Presses a dialog's button once the dialog has finished zooming in, with the click as an event on
 * the button itself: a point taken while the dialog still grows can land beside the button on a busy
 * machine, and the dialog then stays open with nothing sent.
 */
export async function pressInDialog(dialog: Locator, name: RegExp = /确\s?定|OK/): Promise<void> {
  const settled = dialog.page().locator('.ant-modal:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])');
  const button = settled.locator(dialog).getByRole('button', { name });
  await button.waitFor();
  await button.dispatchEvent('click');
}

/**
 * Answers the open confirmation popup with OK and, unless the action is expected to be refused
 * (`closes: false`), waits until the popup has closed.
 * - The OK gets its click as an event, not at a point on the screen: the popup opens above its
 *   button, then moves below it when there is no room above, and on a busy machine that move can come
 *   after the point was taken. The click then lands beside the button and the popup ignores it.
 * - The popup stays open, its OK button loading, until the action and the refetches after it are
 *   done, then zooms out: a next click on its button before that lands on a popup that is closing.
 * - A refused action leaves it open.
 */
export async function confirmPopup(page: Page, { closes = true } = {}): Promise<void> {
  const open = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  const ok = open
    .and(page.locator(':not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])'))
    .getByRole('button', { name: /确\s?定|OK/ });
  await ok.waitFor();
  await ok.dispatchEvent('click');
  if (closes) await vi.waitFor(async () => expect(await open.count()).toBe(0), { timeout: waitBounds.outcome, interval: 100 });
}
