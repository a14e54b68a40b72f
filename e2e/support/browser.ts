import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { waitBounds } from './waits';

/** Debian's Chromium; browser downloads are not possible here, so Playwright drives the system one. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Fails, never skips, without Chromium: a browser journey that did not run has proved nothing. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
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
