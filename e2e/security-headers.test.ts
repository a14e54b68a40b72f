/**
 * The security headers, seen by a real browser: the H5 app's tab pages, the admin console and the
 * API documentation render under the server's Content-Security-Policy, and Chromium reports no
 * CSP violation on any of them.
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopContext, signIn, startAdminServer, type AdminServer } from './support/adminConsole';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import { routeHref, shownPage, tabRoutes } from './support/mobileApp';
import { waitBounds } from './support/waits';

let server: AdminServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminServer(), connectBrowser()]);
  await server.createOperator('cspadmin', 'admin');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console lines and page errors that tell of a blocked script, style, image or connection. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  const csp = /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i;
  page.on('console', (message: ConsoleMessage) => {
    if (csp.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (csp.test(error.message) || error.name === 'EvalError') violations.push(error.message);
  });
  return violations;
}

describe('pages under the Content-Security-Policy', () => {
  it('serves the H5 app, admin console and docs with the policy and the other headers', async () => {
    for (const path of ['/', '/admin/', '/docs', '/api/Basis/getChart?position=1']) {
      const response = await fetch(`${server.url}${path}`, { headers: { uuid: 'e2e-csp' } });
      const where = `${path}: ${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}`;
      expect(response.headers.get('content-security-policy'), where).toMatch(/default-src 'self'/);
      expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), where).toBeTruthy();
      expect(response.headers.get('x-powered-by'), where).toBeNull();
    }
  });

  it('renders every tab page of the H5 app with no CSP violation', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const violations = watchViolations(page);
    for (const route of tabRoutes) {
      await page.goto(routeHref(server, route));
      await shownPage(page).waitFor();
      await page.waitForLoadState('networkidle');
      await expect
        .poll(
          () =>
            shownPage(page)
              .innerText()
              .then((text) => text.trim().length),
          { timeout: waitBounds.outcome, message: `${route.path} shows some text` },
        )
        .toBeGreaterThan(0);
    }
    await screenshot(page, 'security/h5-under-csp');
    await context.close();
    expect(violations).toEqual([]);
  });

  it('signs in to the admin console and shows its dashboard with no CSP violation', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const violations = watchViolations(page);
    await signIn(page, server, 'cspadmin');
    await page.waitForLoadState('networkidle');
    await expect
      .poll(
        () =>
          page
            .locator('.ant-layout-content')
            .innerText()
            .then((text) => text.trim().length),
        { timeout: waitBounds.outcome, message: 'the dashboard shows some text' },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'security/admin-under-csp');
    await context.close();
    expect(violations).toEqual([]);
  });

  it('renders the API documentation under its own policy', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const violations = watchViolations(page);
    await page.goto(`${server.url}/docs`);
    await page.locator('#swagger-ui .info .title').waitFor();
    await context.close();
    expect(violations).toEqual([]);
  });
});
