import { buffer } from 'node:stream/consumers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser } from './support/browser';
import {
  adminPicture,
  confirmPopup,
  desktopContext,
  errorNoticesShown,
  pressInDialog,
  signIn,
  startAdminServer,
  type AdminServer,
} from './support/adminConsole';
import { fitting, logInUser, sendLoginCodeAgain, submitCard } from './support/consoleData';
import { eventually } from './support/mobileApp';

/**
 * Operators' everyday writes, driven through the console at 1440×900 and checked through the UI and
 * the API: CSV exports, image uploads, revealing an abnormal card, freezing a user, adjusting a
 * balance and the site settings; edit forms that wait for their data (held back) before taking
 * input. The card simulator waits an hour so a person decides first.
 */

let server: AdminServer;
const resendSeconds = 1;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function newPage(username: string): Promise<Page> {
  context = await desktopContext(browser);
  page = await context.newPage();
  await signIn(page, server, username);
  return page;
}

async function open(path: string): Promise<void> {
  // A fresh load: a hash change alone could race a list still writing its filters to the URL.
  await page.goto('about:blank');
  await page.goto(`${server.url}/admin/#${path}`);
  await page.locator('.ant-layout-content').waitFor();
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Clicks the list's export button and reads the file the browser saved. */
async function exportedCsv(): Promise<{ raw: string; rows: string[][]; name: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const file = await download;
  // The shared Chromium runs apart from this file's process: the file is read through Playwright.
  const raw = (await buffer(await file.createReadStream())).toString('utf8');
  return { raw, rows: parseCsv(raw.replace(/^\uFEFF/, '')), name: file.suggestedFilename() };
}

/**
 * Holds back the console's GET calls whose URL matches until `release()`: `asked` resolves when
 * the page has asked for one, so what the page shows while waiting can be checked.
 */
async function holdBack(url: RegExp): Promise<{ asked: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ask!: () => void;
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    ask();
    await released;
    await route.fallback();
  });
  return { asked, release };
}

/** The smallest valid PNG (1×1, red), as a file chooser would hand it over. */
const redPixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  browser = await connectBrowser();
  // One second between SMS codes to a phone: the freeze journey sends the same phone three codes.
  server = await startAdminServer({
    CHANNEL_SIM_DELAY_MS: String(3_600_000),
    CHANNEL_POLL_AFTER_SECONDS: String(3_600),
    SMS_RESEND_SECONDS: String(resendSeconds),
  });
  for (const [name, role] of [
    ['rita', 'reviewer'],
    ['fiona', 'finance'],
    ['sam', 'support'],
    ['ada', 'admin'],
  ] as const)
    await server.createOperator(name, role);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
});

describe('console operations', () => {
  it('exports the user list as CSV with Chinese intact and a formula-like nickname kept as text', async () => {
    const chinese = await logInUser(server, '13912348801');
    const sly = await logInUser(server, '13912348802');
    expect((await server.call('/api/user/updateInfo', { token: chinese.token, body: { nickname: '张三丰，"太极"' } })).code).toBe(200);
    expect((await server.call('/api/user/updateInfo', { token: sly.token, body: { nickname: '=SUM(A1:A9)' } })).code).toBe(200);

    await newPage('sam');
    await open('/users');
    await page.locator('.ant-table-row').filter({ hasText: '13912348802' }).waitFor();
    const { raw, rows, name } = await exportedCsv();
    expect(raw.startsWith('\uFEFF')).toBe(true);
    expect(name).toMatch(/^users-.*\.csv$/);
    const [headers = [], ...lines] = rows;
    expect(headers).toEqual(['用户ID', '手机号', '昵称', '状态', '已实名', '推荐人ID', '可用余额（元）', '注册时间']);
    const byPhone = new Map(lines.map((line) => [line[1], line]));
    expect(byPhone.get('13912348801')).toEqual([
      String(chinese.id),
      '13912348801',
      '张三丰，"太极"',
      '正常',
      '否',
      '',
      '0.00',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    ]);
    // A spreadsheet shows it as text instead of running it.
    expect(byPhone.get('13912348802')?.[2]).toBe(`'=SUM(A1:A9)`);
    // The server's own list agrees on how many users there are.
    const listed = await server.call('/api/admin/users?page=1&pageSize=1', { admin: await server.rootToken() });
    expect(lines).toHaveLength(listed.data.total);
  });

  it('exports the card queue as CSV with the masked numbers the list shows', async () => {
    const seller = await logInUser(server, '13912348803');
    const card = await submitCard(server, seller, 11);
    await newPage('rita');
    await open('/cards');
    const row = page.locator('.ant-table-row').filter({ hasText: '13912348803' });
    await row.waitFor();
    const { rows } = await exportedCsv();
    const [headers = [], ...lines] = rows;
    expect(headers.slice(0, 6)).toEqual(['卡ID', '订单号', '用户ID', '手机号', '卡种', '卡号（脱敏）']);
    const line = lines.find((l) => l[0] === String(card.id));
    expect(line?.[3]).toBe('13912348803');
    expect(line?.[9]).toBe('未审核');
    // Neither the full card number nor the password ever leaves in an export.
    const whole = rows.flat().join('\n');
    if (card.cardNo) expect(whole).not.toContain(card.cardNo);
    expect(whole).not.toContain(card.cardPwd);
    expect(await row.innerText()).toContain(line![5]!);
  });

  it('uploads a banner image in the console, shows it in the list and serves it to the app', async () => {
    await newPage('sam');
    await open('/content/banners?position=1');
    await page.getByRole('button', { name: /新\s?建/ }).click();
    const dialog = page
      .locator('.ant-modal-content')
      .filter({ has: page.locator('.ant-modal-title') })
      .last();
    await dialog.getByLabel('标题', { exact: true }).fill('双十二回收加价');
    // The Chinese picture comes first; the optional English one follows it.
    await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: redPixel });
    // The preview is the uploaded file, served back by the server.
    const preview = dialog.locator('.ant-image img');
    await preview.waitFor();
    await eventually(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await adminPicture(page, 'banner-upload');
    await pressInDialog(dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('.ant-table-row').filter({ hasText: '双十二回收加价' });
    const thumb = row.locator('.ant-image img');
    await eventually(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await adminPicture(page, 'banners-uploaded');

    const served = await server.call('/api/Basis/getChart?position=1');
    const banner = served.data.find((b: { title: string }) => b.title === '双十二回收加价');
    expect(banner).toBeDefined();
    const image = await fetch(new URL(banner.image ?? banner.imageUrl, server.url));
    expect(image.status).toBe(200);
    // Stored re-encoded, without metadata: still the 1×1 PNG uploaded (IHDR width and height).
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(image.headers.get('content-type')).toBe('image/png');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1, 1]);
    expect(await thumb.getAttribute('src')).toContain(new URL(banner.image ?? banner.imageUrl, server.url).pathname);
  });

  it("edits only a demo banner's title and keeps its picture, offering only the positions the app shows", async () => {
    await newPage('sam');
    await open('/content/banners');
    const row = page.locator('.ant-table-row').filter({ hasText: '京东E卡 高价回收' });
    await row.waitFor();
    // The app shows banners on its home page only: no tabs of positions nothing reads.
    expect(await page.locator('.ant-layout-content .ant-tabs-tab').count()).toBe(0);
    for (const unused of ['首页（副本）', '会员', '任务']) expect(await page.getByText(unused, { exact: true }).count(), unused).toBe(0);
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    const dialog = page
      .locator('.ant-modal-content')
      .filter({ has: page.locator('.ant-modal-title') })
      .last();
    await dialog.getByLabel('标题', { exact: true }).fill('京东E卡 限时加价');
    await pressInDialog(dialog);
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ant-table-row').filter({ hasText: '京东E卡 限时加价' }).waitFor();
    expect(await errorNoticesShown(page)).toEqual([]);
    const served = (await server.call('/api/Basis/getChart?position=1')).data.find(
      (b: { title: string }) => b.title === '京东E卡 限时加价',
    );
    expect(served).toMatchObject({ image: '/assets/demo/banner-home-jd.svg', link: '/pages/goodsClass/goodsClass' });
    await adminPicture(page, 'banner-title-edited');
  });

  it("names a field the server refuses in the reader's language, in the notice and under the field", async () => {
    await newPage('sam');
    await open('/content/banners');
    const row = page.locator('.ant-table-row').filter({ hasText: '邀请好友 享1%返佣' });
    const dialog = page
      .locator('.ant-modal-content')
      .filter({ has: page.locator('.ant-modal-title') })
      .last();
    const refuseLink = async (edit: RegExp, link: string, confirm: RegExp) => {
      await row.getByRole('button', { name: edit }).click();
      await dialog.getByLabel(link, { exact: true }).fill('javascript:alert(1)');
      await pressInDialog(dialog, confirm);
      await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    };
    await refuseLink(/编\s?辑/, '跳转链接', /确\s?定/);
    const zh = '须为以 http:// 或 https:// 开头的网址，或以 / 开头的应用页面路径';
    expect(await dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual([zh]);
    await eventually(() => errorNoticesShown(page)).toEqual([expect.stringContaining(`跳转链接：${zh}`)]);
    await adminPicture(page, 'banner-field-refused');
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('English', { exact: true }).click();
    await refuseLink(/Edit/, 'Link', /Confirm|OK/);
    const en = 'must be a web address starting with http:// or https://, or an app page path starting with /';
    expect(await dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual([en]);
    await eventually(async () => (await errorNoticesShown(page))[1]).toContain(`Link: ${en}`);
    await adminPicture(page, 'banner-field-refused-en');
    expect((await errorNoticesShown(page)).join('\n')).not.toMatch(/\blink[:：]/);
  });

  it('names audit entries in words: actions picked by name, targets such as 用户 #7 and 设置：打款限额', async () => {
    const root = await server.rootToken();
    const limits = await server.call('/api/admin/settings/payoutLimits', { admin: root });
    expect((await server.call('/api/admin/settings/payoutLimits', { admin: root, method: 'PUT', body: limits.data })).code).toBe(200);
    const user = await logInUser(server, '13912348807');
    expect((await server.call(`/api/admin/users/${user.id}/freeze`, { admin: root, body: { reason: '审计日志检查' } })).code).toBe(200);
    await newPage('ada');
    await open('/audit');
    const placeholder = page.locator('.ant-layout-content .ant-select-selection-placeholder').filter({ hasText: '全部操作' });
    await placeholder.waitFor();
    expect(await page.locator('.ant-layout-content').innerText()).not.toContain('withdrawal.approve');
    await page
      .locator('.ant-layout-content .ant-table-row')
      .filter({ hasText: `用户 #${user.id}` })
      .first()
      .waitFor();
    // Picked by its name, the filter asks the server for the action's key.
    await page.locator('.ant-layout-content #action').click();
    await page.keyboard.type('打款限额');
    await page.locator('.ant-select-item-option').filter({ hasText: '修改打款限额' }).click();
    await page.getByRole('button', { name: /查\s?询/ }).click();
    await eventually(() => page.url()).toContain('settings.payoutLimits');
    const rows = page.locator('.ant-layout-content .ant-table-row');
    const onlyPayoutLimits = async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes('设置：打款限额'));
    };
    await eventually(onlyPayoutLimits).toBe(true);
    await adminPicture(page, 'audit-targets');
    await page.getByText('English', { exact: true }).click();
    await eventually(() => rows.first().innerText()).toContain('Settings: Payout limits');
    expect(await rows.first().innerText()).toContain('Changed payout limits');
    await adminPicture(page, 'audit-targets-en');
  });

  it('shows a card number as its first 3 and last 4 around four stars', async () => {
    const seller = await logInUser(server, '13912348808');
    const card = await submitCard(server, seller, 17);
    expect(card.cardNo?.length).toBeGreaterThan(11);
    await newPage('rita');
    await open('/cards');
    const row = page.locator('.ant-table-row').filter({ hasText: '13912348808' });
    await row.waitFor();
    const masked = `${card.cardNo!.slice(0, 3)}****${card.cardNo!.slice(-4)}`;
    expect(await row.innerText()).toContain(masked);
    // Whole in its column: not cut short behind an ellipsis.
    const shown = row.locator('.ant-typography').filter({ hasText: masked });
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await adminPicture(page, 'cards-masked-number');
  });

  it('reveals an abnormal card only with a reason, and never a credited one', async () => {
    const seller = await logInUser(server, '13912348804');
    const abnormal = await submitCard(server, seller, 21);
    const credited = await submitCard(server, seller, 22);
    const reviewer = await server.call('/api/admin/login', { body: { username: 'rita', password: 'e2e-operator-password-01' } });
    expect(
      (await server.call(`/api/admin/cards/${abnormal.id}/abnormal`, { admin: reviewer.data.token, body: { reason: '卡密格式可疑' } }))
        .code,
    ).toBe(200);
    expect((await server.call(`/api/admin/cards/${credited.id}/approve`, { admin: reviewer.data.token, body: {} })).code).toBe(200);

    await newPage('rita');
    await open(
      '/cards?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=999&filters[1][field]=phone&filters[1][operator]=eq&filters[1][value]=13912348804',
    );
    const abnormalRow = page.locator(`.ant-table-row[data-row-key="${abnormal.id}"]`);
    const creditedRow = page.locator(`.ant-table-row[data-row-key="${credited.id}"]`);
    await creditedRow.waitFor();
    expect(await creditedRow.getByRole('button', { name: '查看卡密' }).count()).toBe(0);
    await abnormalRow.getByRole('button', { name: '查看卡密' }).click();
    const ask = page.locator('.ant-modal-content').filter({ hasText: '查看原因' });
    await pressInDialog(ask);
    await ask.getByText('请写明查看原因，至少4个字').waitFor();
    expect(await page.locator('[data-testid="revealed-card-pwd"]').count()).toBe(0);
    await ask.locator('textarea').fill('用户申诉前核对卡密');
    await pressInDialog(ask);
    const pwd = page.locator('[data-testid="revealed-card-pwd"]');
    await pwd.waitFor();
    expect((await pwd.innerText()).trim()).toBe(abnormal.cardPwd);
    if (abnormal.cardNo) expect((await page.locator('[data-testid="revealed-card-no"]').innerText()).trim()).toBe(abnormal.cardNo);
    await adminPicture(page, 'card-revealed');

    // The reveal is on record with its reason; the server refuses a credited card and a reason-less ask.
    const audit = await server.call('/api/admin/audit?action=card.reveal', { admin: await server.rootToken() });
    expect(audit.data.list).toContainEqual(expect.objectContaining({ adminUsername: 'rita', targetId: String(abnormal.id) }));
    expect(JSON.stringify(audit.data.list)).toContain('用户申诉前核对卡密');
    expect(audit.data.list).toHaveLength(1);
    const refusedCredited = await server.call(`/api/admin/cards/${credited.id}/reveal`, {
      admin: reviewer.data.token,
      body: { reason: '只是看看而已' },
    });
    expect(refusedCredited.code).not.toBe(200);
    expect(JSON.stringify(refusedCredited.data ?? {})).not.toContain(credited.cardPwd);
    expect(
      (await server.call(`/api/admin/cards/${abnormal.id}/reveal`, { admin: reviewer.data.token, body: { reason: ' ' } })).code,
    ).not.toBe(200);
  });

  it('offers pass and reject on a card in manual review in the review queue, and shows a mailed card not yet received as awaiting receipt', async () => {
    const seller = await logInUser(server, '13912348809');
    const inReview = await submitCard(server, seller, 41);
    const reviewer = await server.call('/api/admin/login', { body: { username: 'rita', password: 'e2e-operator-password-01' } });
    const marked = await server.call(`/api/admin/cards/${inReview.id}/abnormal`, {
      admin: reviewer.data.token,
      body: { reason: '面值待核实' },
    });
    expect(marked.code, marked.msg).toBe(200);
    const toDoBefore = (await server.call('/api/admin/dashboard', { admin: reviewer.data.token })).data.queues.review as number;
    const classes = await server.call('/api/goods/getClassList');
    const physical = (classes.data as { cardTypes: { id: number; physical: boolean }[] }[])
      .flatMap((category) => category.cardTypes)
      .find((type) => type.physical)!;
    const detail = await server.call(`/api/goods/getGoodsDetail?id=${physical.id}`);
    const mailedOrder = await server.call('/api/order/submit', {
      token: seller.token,
      body: {
        goodsId: physical.id,
        faceValueFen: detail.data.faceValues[0].faceValueFen,
        cards: [
          {
            cardNo: detail.data.needsCardNo ? fitting(detail.data.cardNoRule, 42) : undefined,
            cardPwd: fitting(detail.data.pwdRule, 1042),
          },
        ],
        idempotencyKey: 'e2e-console-mailed-42',
        agree: true,
      },
    });
    expect(mailedOrder.code, mailedOrder.msg).toBe(200);
    const mailed = (await server.call(`/api/order/detail?id=${mailedOrder.data.orderId}`, { token: seller.token })).data.order.cards[0];
    // Nothing to judge until the parcel arrives: the dashboard's to-do count leaves the mailed card out.
    expect((await server.call('/api/admin/dashboard', { admin: reviewer.data.token })).data.queues.review).toBe(toDoBefore);

    // The default queue: the card in manual review, with pass and reject; the mailed card is not in it.
    await newPage('rita');
    await open('/cards');
    const inReviewRow = page.locator(`.ant-table-row[data-row-key="${inReview.id}"]`);
    await inReviewRow.waitFor();
    expect(await inReviewRow.locator('.ant-tag').first().innerText()).toBe('人工审核中');
    await inReviewRow.getByRole('button', { name: /通\s?过/ }).waitFor();
    await inReviewRow.getByRole('button', { name: /驳\s?回/ }).waitFor();
    expect(await page.locator(`.ant-table-row[data-row-key="${mailed.id}"]`).count()).toBe(0);

    // Every status: the mailed card reads "awaiting receipt", its pass and reject shown but disabled.
    const everyCardOfSeller =
      '/cards?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=999&filters[1][field]=phone&filters[1][operator]=eq&filters[1][value]=13912348809';
    await open(everyCardOfSeller);
    const mailedRow = page.locator(`.ant-table-row[data-row-key="${mailed.id}"]`);
    await mailedRow.waitFor();
    expect(await mailedRow.getByTestId('awaiting-receipt').innerText()).toBe('待签收');
    expect(await mailedRow.getByRole('button', { name: /通\s?过/ }).isDisabled()).toBe(true);
    expect(await mailedRow.getByRole('button', { name: /驳\s?回/ }).isDisabled()).toBe(true);
    expect(await inReviewRow.getByRole('button', { name: /通\s?过/ }).isEnabled()).toBe(true);
    await adminPicture(page, 'cards-manual-review-awaiting-receipt');

    // The same in English.
    await page.evaluate(() => localStorage.setItem('maika.admin.locale', 'en-US'));
    await open(everyCardOfSeller);
    await mailedRow.waitFor();
    await eventually(() => mailedRow.getByTestId('awaiting-receipt').innerText()).toBe('Awaiting receipt');
    expect(await inReviewRow.locator('.ant-tag').first().innerText()).toBe('In manual review');
    expect(await mailedRow.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await inReviewRow.getByRole('button', { name: 'Approve' }).isEnabled()).toBe(true);
    await adminPicture(page, 'cards-manual-review-awaiting-receipt-en');
  });

  it('freezes a user, whose calls and logins are then refused, and unfreezing lets them back in', async () => {
    const user = await logInUser(server, '13912348805');
    expect((await server.call('/api/cash/getAccount', { token: user.token })).code).toBe(200);
    await newPage('sam');
    await open(`/users/show/${user.id}`);
    await page.getByRole('button', { name: '冻结账号' }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '冻结账号（' });
    await pressInDialog(dialog);
    await dialog.locator('.ant-form-item-explain-error').waitFor();
    expect((await server.call('/api/cash/getAccount', { token: user.token })).code).toBe(200);
    await dialog.locator('textarea').fill('疑似盗卡，冻结核查');
    await pressInDialog(dialog);
    await page.locator('.ant-descriptions .ant-tag').filter({ hasText: '冻结' }).waitFor();
    await adminPicture(page, 'user-frozen');

    expect((await server.call('/api/cash/getAccount', { token: user.token })).code).not.toBe(200);
    await sendLoginCodeAgain(server, user.phone, resendSeconds);
    const outbox = await server.call(`/api/dev/smsOutbox?phone=${user.phone}`);
    const refused = await server.call('/api/Authentication/smsLogin', { body: { phone: user.phone, code: outbox.data[0].code } });
    expect(refused.code).toBe(1201);

    await page.getByRole('button', { name: '解冻账号' }).click();
    await confirmPopup(page);
    await page.locator('.ant-descriptions .ant-tag').filter({ hasText: '正常' }).waitFor();
    await sendLoginCodeAgain(server, user.phone, resendSeconds);
    const code = (await server.call(`/api/dev/smsOutbox?phone=${user.phone}`)).data[0].code;
    const again = await server.call('/api/Authentication/smsLogin', { body: { phone: user.phone, code } });
    expect(again.code, again.msg).toBe(200);
    expect((await server.call('/api/cash/getAccount', { token: again.data.token })).code).toBe(200);
    const listed = await server.call(`/api/admin/users?page=1&pageSize=5&phone=${user.phone}`, { admin: await server.rootToken() });
    expect(listed.data.list[0].status).toBe(0);
  }, 360_000);

  it('adjusts a balance by a small amount with a reason, and refuses one without a reason', async () => {
    const user = await logInUser(server, '13912348806');
    await newPage('fiona');
    await open(`/users/show/${user.id}`);
    await page.getByRole('button', { name: '调整余额' }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '调整可用余额' });
    await dialog.getByLabel('金额').fill('12.34');
    await pressInDialog(dialog);
    await dialog.getByText('请填写原因').waitFor();
    expect((await server.call('/api/cash/getAccount', { token: user.token })).data.availableFen).toBe(0);
    await dialog.locator('textarea').fill('补发活动奖励');
    await pressInDialog(dialog);
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ant-statistic').filter({ hasText: '可用余额' }).filter({ hasText: '12.34' }).waitFor();
    await page.getByRole('tab', { name: '资金流水' }).click();
    await page.locator('.ant-table-row').filter({ hasText: '人工调整' }).filter({ hasText: '12.34' }).waitFor();
    await adminPicture(page, 'user-adjusted');

    expect((await server.call('/api/cash/getAccount', { token: user.token })).data.availableFen).toBe(1234);
    const ledger = await server.call(`/api/admin/users/${user.id}/ledger?page=1&pageSize=10`, { admin: await server.rootToken() });
    expect(ledger.data.list).toHaveLength(1);
    expect(ledger.data.list[0]).toMatchObject({ amountFen: 1234 });
    const noReason = await server.call(`/api/admin/users/${user.id}/adjust`, {
      admin: await server.rootToken(),
      body: { amountFen: 100, reason: '  ', idempotencyKey: 'e2e-no-reason-0001' },
    });
    expect(noReason.code).not.toBe(200);
    expect((await server.call('/api/cash/getAccount', { token: user.token })).data.availableFen).toBe(1234);
  });

  it('changes a site setting that the public API then serves', async () => {
    await newPage('sam');
    await open('/content/foundation');
    const field = page.getByLabel('客服电话');
    // The form appears filled once the settings arrive.
    await eventually(() => field.inputValue()).not.toBe('');
    await field.fill('400-820-8820');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await adminPicture(page, 'foundation-after-save');
    await eventually(async () => (await server.call('/api/Basis/getFoundation')).data.servicePhone).toBe('400-820-8820');
    await page.goto('about:blank');
    await open('/content/foundation');
    await eventually(() => page.getByLabel('客服电话').inputValue()).toBe('400-820-8820');
    await adminPicture(page, 'foundation-saved');
  });

  it('sets where sellers mail physical cards and WeChat customer service, which the app then reads (pictures in both languages)', async () => {
    await newPage('sam');
    await open('/content/foundation');
    const recipient = page.getByLabel('收件人', { exact: true });
    await eventually(() => recipient.inputValue()).not.toBe('');
    await recipient.fill('卖卡收卡组');
    await page.getByLabel('收件电话', { exact: true }).fill('0571-8697 3000');
    await page.getByLabel('收件地址', { exact: true }).fill('浙江省杭州市西湖区文三路 400 号');
    await page.getByLabel('收件地址（英文）', { exact: true }).fill('No. 400 Wensan Road, Xihu District, Hangzhou');
    const contact = page.getByLabel('微信小程序客服');
    expect(await contact.getAttribute('aria-checked')).toBe('true');
    await contact.click();
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await eventually(async () => (await server.call('/api/Basis/getFoundation')).data.mailingAddress.recipient).toBe('卖卡收卡组');
    const saved = (await server.call('/api/Basis/getFoundation')).data;
    expect(saved.mailingAddress).toMatchObject({
      phone: '0571-8697 3000',
      address: '浙江省杭州市西湖区文三路 400 号',
      addressEn: 'No. 400 Wensan Road, Xihu District, Hangzhou',
    });
    expect(saved.weappContact).toBe(false);
    await page.getByText('实体卡收件地址').scrollIntoViewIfNeeded();
    await adminPicture(page, 'foundation-mailing');

    // An address without its recipient is refused, naming what it needs.
    await recipient.fill('');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await eventually(() => page.getByText(/须同时填写收件人、电话和地址/).count()).toBeGreaterThan(0);

    await page.goto('about:blank');
    await open('/');
    await page.getByText('English', { exact: true }).click();
    await open('/content/foundation');
    await eventually(() => page.getByLabel('Recipient', { exact: true }).inputValue()).toBe('卖卡收卡组');
    expect(await page.getByText('Card mailing address').count()).toBe(1);
    await page.getByText('Card mailing address').scrollIntoViewIfNeeded();
    await adminPicture(page, 'foundation-mailing.en');
  });

  it('shows no site settings form to type into until the settings arrived, and keeps what is typed after', async () => {
    const stored = (await server.call('/api/admin/content/foundation', { admin: await server.rootToken() })).data;
    await newPage('sam');
    const held = await holdBack(/\/api\/admin\/content\/foundation$/);
    await open('/content/foundation');
    await held.asked;
    await page.locator('.ant-skeleton').waitFor();
    expect(await page.getByLabel('客服电话').count()).toBe(0);
    expect(await page.locator('.ant-layout-content input').count()).toBe(0);
    held.release();
    const field = page.getByLabel('客服电话');
    await eventually(() => field.inputValue()).toBe(stored.servicePhone);
    await field.fill('400-555-0101');
    expect(await field.inputValue()).toBe('400-555-0101');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await eventually(async () => (await server.call('/api/Basis/getFoundation')).data.servicePhone).toBe('400-555-0101');
    expect(await field.inputValue()).toBe('400-555-0101');
  });

  it("shows a card type's form only once the catalogue arrived, filled with that card type", async () => {
    const cardType = (await server.call('/api/admin/cardTypes', { admin: await server.rootToken() })).data.list[0];
    await newPage('ada');
    const held = await holdBack(/\/api\/admin\/cardTypes(\?|$)/);
    await open(`/catalogue/cardTypes/edit/${cardType.id}`);
    await held.asked;
    await page.locator('.ant-spin-spinning').first().waitFor();
    expect(await page.getByLabel('名称', { exact: true }).count()).toBe(0);
    expect(await page.locator('.ant-layout-content input').count()).toBe(0);
    held.release();
    const name = page.getByLabel('名称', { exact: true });
    await eventually(() => name.inputValue()).toBe(cardType.name);
    await name.fill(`${cardType.name}（新）`);
    expect(await name.inputValue()).toBe(`${cardType.name}（新）`);
  });

  it("shows a rich text's editor only with that text, never the previous one while it loads", async () => {
    const admin = await server.rootToken();
    for (const [point, html] of [
      [1, '<p>产品提示正文</p>'],
      [2, '<p>回收协议正文</p>'],
    ] as const) {
      const saved = await server.call(`/api/admin/content/richText?point=${point}`, { admin, method: 'PUT', body: { html, htmlEn: '' } });
      expect(saved.code, saved.msg).toBe(200);
    }
    await newPage('sam');
    await open('/content/richText?point=1');
    const editor = page.locator('.rich-text-editor .ProseMirror').first();
    await eventually(() => editor.innerText()).toBe('产品提示正文');
    const held = await holdBack(/\/api\/admin\/content\/richText\?point=2$/);
    await page.getByRole('menuitem', { name: /^2\. / }).click();
    await held.asked;
    await page.locator('.ant-card .ant-spin-spinning').waitFor();
    expect(await page.locator('.rich-text-editor').count()).toBe(0);
    expect(await page.getByRole('button', { name: /保\s?存/ }).isDisabled()).toBe(true);
    held.release();
    await eventually(() => editor.innerText()).toBe('回收协议正文');
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type('（修订）');
    await eventually(() => editor.innerText()).toBe('回收协议正文（修订）');
  });
});
