import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { waitBounds } from './waits';

export const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * The project's Chromium (started by e2e/globalSetup.ts, which fails at once, never skips, without
 * one): each file connects and opens contexts of its own, which it closes when it disconnects.
 */
export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
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
