import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPicture,
  confirmPopup,
  desktopContext,
  pressInDialog,
  signIn,
  startAdminServer,
  type AdminServer,
} from './support/adminConsole';
import { connectBrowser, phoneContext, screenshot } from './support/browser';
import {
  dialogButton,
  enUS,
  eventually,
  field,
  routeHref,
  routeNamed,
  routeUrlPattern,
  settle,
  shownPage,
  toastText,
  zhCN,
} from './support/mobileApp';
import { freePort } from './support/serverProcess';
import { waitBounds } from './support/waits';

/**
 * The merchant API from both ends, against the real server process: a user applies on the app's
 * Merchant API page, a finance operator approves it and sets a merchant rate in the console, the
 * user creates a key and reads its secret from the once-only dialog, and scripts/merchant-example.mjs
 * (the README's example) signs an order with it, sees the cards credited and receives our signed
 * callback on its own port. Pictures of every state in both languages.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

let server: AdminServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startAdminServer({ CHANNEL_SIM_DELAY_MS: '300' });
  await server.createOperator('fang', 'finance');
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

type Locale = 'zh-CN' | 'en-US';
const texts = { 'zh-CN': zhCN, 'en-US': enUS } as const;

async function logInUser(phone: string): Promise<string> {
  expect((await server.call('/api/Authentication/getLoginSms', { body: { phone } })).code).toBe(200);
  const outbox = await server.call(`/api/dev/smsOutbox?phone=${phone}`);
  const login = await server.call('/api/Authentication/smsLogin', { body: { phone, code: outbox.data[0].code } });
  expect(login.code, login.msg).toBe(200);
  return login.data.token as string;
}

/** The merchant page on a phone, logged in with `token` (kept where the app keeps it). */
async function merchantPage(token: string, locale: Locale): Promise<Page> {
  const context = await phoneContext(browser, { locale });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript((saved) => {
    if (localStorage.getItem('loginToken')) return;
    localStorage.setItem('loginToken', JSON.stringify({ data: saved }));
    const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
    localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
  }, token);
  await openMerchantPage(page);
  return page;
}

async function openMerchantPage(page: Page): Promise<void> {
  const route = routeNamed('merchant');
  await page.goto('about:blank');
  await page.goto(routeHref(server, route));
  await page.waitForURL(routeUrlPattern(route));
  await settle(page);
}

/** A picture of the page once it has settled: no toast over it, no dialog fading out. */
async function phonePicture(page: Page, name: string): Promise<void> {
  await settle(page);
  await eventually(() => toastText(page)).toBe('');
  await eventually(() => page.locator('.nut-overlay').filter({ visible: true }).count()).toBe(0);
  await screenshot(page, name);
}

const button = (scope: Locator, text: string) => scope.locator('.taro-button-core').filter({ hasText: text });

/** Applies through the form: first sent empty (each field says what is missing), then filled in. */
async function apply(page: Page, locale: Locale, name: string): Promise<void> {
  const t = texts[locale];
  const form = shownPage(page);
  await form.locator('.merchant__apply').waitFor();
  await phonePicture(page, `merchant/${locale}/1-apply-form`);
  await button(form, t['merchant.apply.submit']).tap();
  for (const key of ['merchant.apply.error.nameEmpty', 'merchant.apply.error.contactEmpty', 'merchant.apply.error.volumeEmpty'] as const) {
    await form.getByText(t[key]).waitFor();
  }
  await field(form, t['merchant.apply.volume.placeholder']).fill('0');
  await button(form, t['merchant.apply.submit']).tap();
  await form.getByText(t['merchant.apply.error.volumeRange'].replace('{max}', '10000000')).waitFor();
  await phonePicture(page, `merchant/${locale}/2-apply-problems`);

  await field(form, t['merchant.apply.name.placeholder']).fill(name);
  await field(form, t['merchant.apply.contact.placeholder']).fill('王经理 13812345678');
  await field(form, t['merchant.apply.volume.placeholder']).fill('5000');
  await button(form, t['merchant.apply.submit']).tap();
  await form.locator('.merchant__status[data-status="waiting"]').waitFor();
  await form.getByText(t['merchant.status.waiting.body']).waitFor();
  await phonePicture(page, `merchant/${locale}/3-waiting`);
}

/** Creates a key on the page and reads the secret from the dialog, the only place it is shown. */
async function createKey(page: Page, locale: Locale, picture: string): Promise<{ keyId: string; secret: string }> {
  const t = texts[locale];
  const shown = shownPage(page);
  await button(shown, t['merchant.keys.create']).tap();
  const secretDialog = page.locator('.merchant-secret__body').filter({ visible: true });
  await secretDialog.getByText(t['merchant.secret.warning']).waitFor();
  const keyId = (await secretDialog.locator('.merchant-secret__key-id').innerText()).trim();
  const secret = (await secretDialog.locator('.merchant-secret__secret').innerText()).trim();
  expect(keyId).toMatch(/^mk_[0-9a-f]{24}$/);
  expect(secret.length).toBeGreaterThanOrEqual(32);
  // The dialog has finished fading in.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.nut-popup, .nut-overlay')].every((el) => el.getAnimations().length === 0),
  );
  await screenshot(page, picture);
  await button(secretDialog, t['merchant.secret.done']).tap();
  await secretDialog.waitFor({ state: 'hidden' });
  await shown.locator(`.merchant__key[data-key-id="${keyId}"]`).waitFor();
  // Never again: not in the list, not after a reload.
  expect(await shown.innerText()).not.toContain(secret);
  return { keyId, secret };
}

/** Runs the README's example against this server, as a merchant would; answers what it printed. */
function runExample(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/merchant-example.mjs', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Signs the finance operator in, in the console's language for this journey. */
async function consolePage(locale: Locale): Promise<Page> {
  const context = await desktopContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, server, 'fang');
  if (locale === 'en-US') {
    await page.evaluate(() => localStorage.setItem('maika.admin.locale', 'en-US'));
  }
  return page;
}

/** Opens the merchant named `name` from the console's list; answers its id. */
async function openMerchant(page: Page, locale: Locale, name: string): Promise<number> {
  await page.goto(`${server.url}/admin/#/merchants`);
  // A fresh load: the language chosen after the sign-in applies from the next load.
  await page.reload();
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await row.waitFor();
  await adminPicture(page, `merchants/${locale}/list`);
  await row.locator('button').last().click();
  await page.waitForURL(/#\/merchants\/show\/\d+/);
  await page.locator('.ant-descriptions').getByText(name).waitFor();
  return Number(/show\/(\d+)/.exec(page.url())![1]);
}

describe('merchant API', () => {
  it('applies in the app, is approved in the console, sells through the signed example and hears the callback', async () => {
    const t = zhCN;
    const token = await logInUser('13912340201');
    const page = await merchantPage(token, 'zh-CN');
    await apply(page, 'zh-CN', '星河数码卡行');

    // The console: the application waits; finance approves it and gives it its own rate.
    const office = await consolePage('zh-CN');
    const merchantId = await openMerchant(office, 'zh-CN', '星河数码卡行');
    await office.getByText('该申请等待审核').waitFor();
    await adminPicture(office, 'merchants/zh-CN/show-waiting');
    await office.getByRole('button', { name: /开\s?通/ }).click();
    await confirmPopup(office);
    await office.locator('.ant-descriptions').getByText('已开通').waitFor();

    // The smallest face value gets its own rate: the one the example sells.
    const rates = await server.call(`/api/admin/merchants/${merchantId}/rates`, { admin: await server.rootToken() });
    expect(rates.code, rates.msg).toBe(200);
    const sold = (rates.data.list as { goodsId: number; faceValueFen: number; rateBp: number | null }[]).reduce((a, b) =>
      b.faceValueFen < a.faceValueFen ? b : a,
    );
    expect(sold.rateBp).toBeNull();
    await office.getByRole('tab', { name: '商户费率' }).click();
    const rateRow = office.locator(`.ant-table-row[data-row-key="${sold.goodsId}:${sold.faceValueFen}"]`);
    await rateRow.getByText('按公开费率').waitFor();
    const rateInput = rateRow.getByRole('textbox');
    await rateInput.fill('101');
    await rateRow.getByText('费率不能超过100%').waitFor();
    await rateInput.fill('97.50');
    await office.getByRole('button', { name: '保存 1 项修改' }).click();
    await rateRow.getByText('商户费率', { exact: true }).waitFor();
    // The notices of the approval and the save have gone: the picture shows the table.
    await eventually(() => office.locator('.ant-notification-notice').count()).toBe(0);
    await adminPicture(office, 'merchants/zh-CN/show-rates');

    // The app: approved, with no key yet; the first key's secret is shown once.
    await openMerchantPage(page);
    const shown = shownPage(page);
    await shown.locator('.merchant__status[data-status="approved"]').waitFor();
    await shown.getByText(t['merchant.keys.empty']).waitFor();
    const { keyId, secret } = await createKey(page, 'zh-CN', 'merchant/zh-CN/5-secret-dialog');
    await settle(page);
    await phonePicture(page, 'merchant/zh-CN/4-approved-with-keys');

    // The merchant's own system: the README's example signs an order, sees it credited and receives the callback.
    const { code, output } = await runExample(
      {
        MAIKA_KEY_ID: keyId,
        MAIKA_SECRET: secret,
        MAIKA_BASE_URL: server.url,
        CALLBACK_PORT: String(await freePort()),
        MAIKA_TIMEOUT_SECONDS: String(waitBounds.outcome / 1000),
        MAIKA_CARDS: '1',
      },
      ['--goods', String(sold.goodsId), '--face', String(sold.faceValueFen)],
    );
    expect(code, output).toBe(0);
    expect(output).toContain('callback received and its signature verified');
    expect(output).toMatch(/status 1\/2 \d+ fen/);
    // Paid at the merchant's own rate: floor(face value × 97.50%).
    const paid = /#0 status 1\/2 (\d+) fen/.exec(output)?.[1];
    const face = /at (\d+) fen, rate (\d+) bp/.exec(output);
    expect(face?.slice(1)).toEqual([String(sold.faceValueFen), '9750']);
    expect(Number(paid)).toBe(Math.floor((sold.faceValueFen * 9750) / 10000));

    // Both ends show the delivery and its answer.
    await openMerchantPage(page);
    await shownPage(page).locator('.merchant__callback').first().getByText('已送达').waitFor();
    await shownPage(page).locator('.merchant__callbacks').scrollIntoViewIfNeeded();
    await phonePicture(page, 'merchant/zh-CN/6-callbacks');
    await office.reload();
    await office.getByRole('tab', { name: '回调记录' }).click();
    await office.locator('.ant-table-row').filter({ hasText: 'HTTP 200' }).first().waitFor();
    await eventually(() => office.locator('.ant-spin-blur').count()).toBe(0);
    await adminPicture(office, 'merchants/zh-CN/show-callbacks');
  });

  it('in English: a refusal corrected and sent again, a refused callback address, a revoked key and a suspension the app explains', async () => {
    const t = enUS;
    const token = await logInUser('13912340202');
    const page = await merchantPage(token, 'en-US');
    await apply(page, 'en-US', 'Galaxy Cards Ltd');

    // Refused first, with a reason the app shows beside the application to correct and send again.
    const office = await consolePage('en-US');
    await openMerchant(office, 'en-US', 'Galaxy Cards Ltd');
    await office.getByRole('button', { name: 'Refuse' }).click();
    const refuseDialog = office.locator('.ant-modal-content').filter({ hasText: 'Refuse the application' });
    await refuseDialog.getByRole('textbox').fill('Give a phone number we can call');
    await pressInDialog(refuseDialog, /Confirm/);
    await office.locator('.ant-descriptions').getByText('Refused').waitFor();
    await openMerchantPage(page);
    const again = shownPage(page);
    await again.locator('.merchant__status[data-status="refused"]').waitFor();
    await again.getByText('Reason: Give a phone number we can call').waitFor();
    await phonePicture(page, 'merchant/en-US/3-refused');
    const contact = field(again, t['merchant.apply.contact.placeholder']);
    expect(await contact.inputValue()).toBe('王经理 13812345678');
    await contact.fill('Mr Wang +86 138 1234 5678');
    await button(again, t['merchant.apply.submitAgain']).tap();
    await again.locator('.merchant__status[data-status="waiting"]').waitFor();

    await office.reload();
    await office.getByRole('button', { name: 'Approve' }).click();
    await confirmPopup(office);
    await office.locator('.ant-descriptions').getByText('Approved').waitFor();
    await adminPicture(office, 'merchants/en-US/show-approved');

    await openMerchantPage(page);
    const shown = shownPage(page);
    await shown.locator('.merchant__status[data-status="approved"]').waitFor();
    const first = await createKey(page, 'en-US', 'merchant/en-US/5-secret-dialog');
    await createKey(page, 'en-US', 'merchant/en-US/5-secret-dialog-second');
    await shown.getByText(t['merchant.keys.count'].replace('{active}', '2').replace('{max}', '5')).waitFor();

    // A private address is refused by the server, and its reason stays under the field.
    const address = field(shown, t['merchant.notify.placeholder']);
    await address.fill('https://10.0.0.8/maika/callback');
    await button(shown.locator('.merchant__notify'), t['common.save']).tap();
    await shown
      .locator('.merchant__notify-problem')
      .getByText(/The callback address cannot be used/)
      .waitFor();
    await address.fill('http://127.0.0.1:8787/maika/callback');
    await button(shown.locator('.merchant__notify'), t['common.save']).tap();
    await eventually(() => shown.locator('.merchant__notify-problem').count()).toBe(0);
    await settle(page);
    await shown.locator('.merchant__keys').evaluate((keys) => keys.scrollIntoView({ block: 'center' }));
    await phonePicture(page, 'merchant/en-US/4-approved-with-keys');

    // Revoking asks first, then the key is shown revoked.
    const row = shown.locator(`.merchant__key[data-key-id="${first.keyId}"]`);
    await row.getByText(t['merchant.keys.revoke'], { exact: true }).tap();
    await dialogButton(page, t['merchant.keys.revoke.confirm']).tap();
    await row.getByText(t['merchant.keys.state.revoked'], { exact: true }).waitFor();

    // Suspended in the console with a reason the merchant reads.
    await office.getByRole('button', { name: 'Suspend' }).click();
    const suspendDialog = office.locator('.ant-modal-content').filter({ hasText: 'Suspend the API access' });
    await suspendDialog.getByRole('textbox').fill('Too many disputed cards this week');
    await pressInDialog(suspendDialog, /Confirm/);
    await office.locator('.ant-descriptions').getByText('Suspended').waitFor();
    await openMerchantPage(page);
    await shown.locator('.merchant__status[data-status="suspended"]').waitFor();
    await shown.getByText('Reason: Too many disputed cards this week').waitFor();
    await phonePicture(page, 'merchant/en-US/7-suspended');
  });
});
