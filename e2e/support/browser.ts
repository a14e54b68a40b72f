import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumTool, requireSystemTool } from '../../apps/server/test/systemTools';
import { waitBounds } from './waits';

/** Debian's Chromium (or CHROMIUM_PATH); browser downloads are not possible here, so Playwright drives the system one. */
export const systemChromium = chromiumTool();

export const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Fails, never skips, without Chromium: a browser journey that did not run has proved nothing. */
export async function launchBrowser(): Promise<Browser> {
  requireSystemTool(systemChromium);
  return chromium.launch({
    executablePath: systemChromium.path,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A phone-sized page (375×812, touch, Chinese unless told otherwise). */
export async function phoneContext(browser: Browser, options: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'zh-CN',
  });
  context.setDefaultTimeout(waitBounds.action);
  return context;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const file = join(screenshotDir, `${name}.png`);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: false });
}
