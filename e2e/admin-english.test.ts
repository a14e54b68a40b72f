import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import { adminPicture, desktopContext, pressInDialog, signIn, startAdminServer, type AdminServer } from './support/adminConsole';
import { eventually, routeHref, routeNamed, settle, shownPage } from './support/mobileApp';

/** An operator writes a category's English name in the console; English readers get it at once, Chinese ones keep theirs. */

let server: AdminServer;
let browser: Browser;
let context: BrowserContext | undefined;

async function classNames(lang: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/goods/getClassList`, { headers: { lang, uuid: 'e2e-admin-english-runner' } });
  return ((await response.json()) as { data: { name: string }[] }).data.map((category) => category.name);
}

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startAdminServer();
  await server.createOperator('ada', 'admin');
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('English names edited in the console', () => {
  it('a category renamed in English is served to English readers and shown by the app in English', async () => {
    expect(await classNames('en-US')).toContain('Game cards');
    context = await desktopContext(browser);
    const page: Page = await context.newPage();
    await signIn(page, server, 'ada');
    await page.goto(`${server.url}/admin/#/catalogue/categories`);
    const row = page.locator('.ant-table-row').filter({ hasText: '游戏卡' });
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '编辑分类 · 游戏卡' });
    const englishName = dialog.getByLabel('名称（英文）');
    await eventually(() => englishName.inputValue()).toBe('Game cards');
    await englishName.fill('Games and gaming cards');
    await adminPicture(page, 'english-category-edit');
    await pressInDialog(dialog);
    await eventually(() => row.innerText()).toContain('Games and gaming cards');

    expect(await classNames('en-US')).toContain('Games and gaming cards');
    expect(await classNames('zh-CN')).toContain('游戏卡');

    const phone = await phoneContext(browser, { locale: 'en-US' });
    const h5 = await phone.newPage();
    await h5.goto(routeHref(server, routeNamed('home')));
    await eventually(() => shownPage(h5).locator('.home__category-name').allInnerTexts()).toContain('Games and gaming cards');
    await settle(h5);
    await screenshot(h5, 'english/home-after-console-edit');
    await phone.close();
  });
});
