import { buffer } from 'node:stream/consumers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, phoneContext } from './support/browser';
import {
  adminPicture,
  confirmPopup,
  desktopContext,
  menuEntries,
  noticesShown,
  pressInDialog,
  signIn,
  submitLogin,
  startAdminServer,
  type AdminServer,
} from './support/adminConsole';
import { eventually, routeHref, routeNamed, settle, shownPage } from './support/mobileApp';
import { nextCode } from './support/twoFactor';

/**
 * A day of the business run from the console alone, against the real server process: each role
 * sees its own menu and is refused the rest; a reviewer passes a card the seller then sees
 * credited in the H5 app; two finance accounts approve a large withdrawal; support answers
 * feedback the user reads; a card worth more than declared passes only when a second reviewer
 * approves it under Second approvals. The card simulator is told to wait an hour so a person decides first.
 */

const secondApprovalFen = 10_000;
let server: AdminServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface AppUser {
  token: string;
  id: number;
}

async function logInUser(phone: string): Promise<AppUser> {
  expect((await server.call('/api/Authentication/getLoginSms', { body: { phone } })).code).toBe(200);
  const outbox = await server.call(`/api/dev/smsOutbox?phone=${phone}`);
  const login = await server.call('/api/Authentication/smsLogin', { body: { phone, code: outbox.data[0].code } });
  expect(login.code, login.msg).toBe(200);
  return { token: login.data.token, id: login.data.userinfo.id };
}

/** The seller's newest order, whose cards come with its detail. */
async function newestOrderId(token: string): Promise<number> {
  return (await server.call('/api/order/list?status=999&page=1&pageSize=1', { token })).data.list[0].id;
}

/** A card number or password that fits a rule: digits, letters or both, of its length. */
function fitting(rule: { ruleType: number; length: number | null }, seed: number): string {
  const length = rule.length ?? 16;
  const alphabet = rule.ruleType === 1 ? '0123456789' : rule.ruleType === 2 ? 'ABCDEFGHJK' : 'A1B2C3D4E5';
  return Array.from({ length }, (_, i) => alphabet[(seed * 7 + i * 3) % alphabet.length]).join('');
}

async function newPage(): Promise<Page> {
  context = await desktopContext(browser);
  page = await context.newPage();
  return page;
}

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startAdminServer({
    CHANNEL_SIM_DELAY_MS: String(3_600_000),
    CHANNEL_POLL_AFTER_SECONDS: String(3_600),
    WITHDRAWAL_SECOND_APPROVAL_FEN: String(secondApprovalFen),
  });
  for (const [name, role] of [
    ['rita', 'reviewer'],
    ['rex', 'reviewer'],
    ['fiona', 'finance'],
    ['frank', 'finance'],
    ['sam', 'support'],
  ] as const) {
    await server.createOperator(name, role);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
});

describe('the admin console', () => {
  it.each([
    ['rita', ['概览', '卡密审核', '实体卡签收', '待复核', '商品目录']],
    ['fiona', ['概览', '待复核', '提现', '用户', '商户', '提现渠道']],
    ['sam', ['概览', '用户', '商户', '内容运营', '意见反馈', '系统']],
  ] as const)('shows %s only the menu of the role, and refuses the rest', async (username, menu) => {
    await newPage();
    await signIn(page, server, username);
    expect(await menuEntries(page)).toEqual(menu);
    // A link to someone else's page shows a refusal, and the API refuses the action itself.
    await page.goto(`${server.url}/admin/#/admins`);
    await page.getByText('无权访问').waitFor();
    const login = await server.call('/api/admin/login', {
      body: { username, password: 'e2e-operator-password-01', otp: await server.otpFor(username) },
    });
    const refused = await server.call('/api/admin/admins', {
      admin: login.data.token,
      body: { username: 'intruder', role: 'admin', password: 'intruder-password-1' },
    });
    expect(refused.code).toBe(1403);
  });

  it('shows an administrator every menu entry', async () => {
    await newPage();
    const password = server.adminPassword;
    await signIn(page, server, 'admin', password);
    expect(await menuEntries(page)).toEqual([
      '概览',
      '卡密审核',
      '实体卡签收',
      '待复核',
      '商品目录',
      '提现',
      '用户',
      '商户',
      '内容运营',
      '提现渠道',
      '意见反馈',
      '系统',
    ]);
  });

  it('lets a reviewer approve a card, which the seller then sees credited in the H5 app', async () => {
    const seller = await logInUser('13912347701');
    const classes = await server.call('/api/goods/getClassList');
    const goodsId = classes.data[0].cardTypes[0].id;
    const detail = await server.call(`/api/goods/getGoodsDetail?id=${goodsId}`);
    expect(detail.code, detail.msg).toBe(200);
    const face = detail.data.faceValues[0];
    const submitted = await server.call('/api/order/submit', {
      token: seller.token,
      body: {
        goodsId,
        faceValueFen: face.faceValueFen,
        cards: [
          { cardNo: detail.data.needsCardNo ? fitting(detail.data.cardNoRule, 1) : undefined, cardPwd: fitting(detail.data.pwdRule, 2) },
        ],
        idempotencyKey: 'e2e-admin-card-0001',
        agree: true,
      },
    });
    expect(submitted.code, submitted.msg).toBe(200);

    await newPage();
    await signIn(page, server, 'rita');
    await page.goto(`${server.url}/admin/#/cards`);
    const row = page.locator('.ant-table-row').filter({ hasText: '13912347701' });
    await row.waitFor();
    await adminPicture(page, 'cards-queue');
    await row.getByRole('button', { name: /通\s?过/ }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '通过此卡' });
    await pressInDialog(dialog);
    await row.waitFor({ state: 'detached' });

    // The credit is a queued job: the seller's order shows it once it has run.
    await eventually(
      async () =>
        (await server.call(`/api/order/detail?id=${await newestOrderId(seller.token)}`, { token: seller.token })).data.order.cards[0]
          .settlementStatus,
    ).toBe(2);
    const phone = await phoneContext(browser);
    try {
      const h5 = await phone.newPage();
      await h5.addInitScript((token) => {
        localStorage.setItem('loginToken', JSON.stringify({ data: token }));
        const auth = { state: { isLogin: true, certifyUrl: '', isLogout: false, isUserCancel: false, codeP: '' }, version: 1 };
        localStorage.setItem('auth', JSON.stringify({ data: JSON.stringify(auth) }));
      }, seller.token);
      await h5.goto(routeHref(server, routeNamed('order')));
      await settle(h5);
      await shownPage(h5).locator('.orders__toggle').first().click();
      const line = shownPage(h5).locator('.orders__line').first();
      await eventually(() => line.getAttribute('data-card-status')).toBe('1');
      expect(await line.innerText()).toContain('已入账');
    } finally {
      await phone.close();
    }
  });

  it('passes a card above its declared value only when a second reviewer approves it under Second approvals', async () => {
    const seller = await logInUser('13912347704');
    const classes = await server.call('/api/goods/getClassList');
    const details = await Promise.all(
      classes.data
        .flatMap((c: { cardTypes: { id: number }[] }) => c.cardTypes)
        .map(async (type: { id: number }) => (await server.call(`/api/goods/getGoodsDetail?id=${type.id}`)).data),
    );
    const detail = details.find((d) => d.faceValues.length >= 2);
    const [declared, actual] = [...detail.faceValues].sort(
      (a: { faceValueFen: number }, b: { faceValueFen: number }) => a.faceValueFen - b.faceValueFen,
    );
    const submitted = await server.call('/api/order/submit', {
      token: seller.token,
      body: {
        goodsId: detail.id,
        faceValueFen: declared.faceValueFen,
        cards: [{ cardNo: detail.needsCardNo ? fitting(detail.cardNoRule, 3) : undefined, cardPwd: fitting(detail.pwdRule, 4) }],
        idempotencyKey: 'e2e-admin-card-0002',
        agree: true,
      },
    });
    expect(submitted.code, submitted.msg).toBe(200);
    const yuan = `${Math.floor(actual.faceValueFen / 100)}.${String(actual.faceValueFen % 100).padStart(2, '0')}`;

    // The first reviewer asks: the card stays in the queue and the request waits.
    await newPage();
    await signIn(page, server, 'rita');
    await page.goto(`${server.url}/admin/#/cards`);
    const row = page.locator('.ant-table-row').filter({ hasText: '13912347704' });
    await row.getByRole('button', { name: /通\s?过/ }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '通过此卡' });
    await dialog.locator('input').fill(yuan);
    await pressInDialog(dialog);
    await eventually(() => noticesShown(page)).toContainEqual(expect.stringContaining('已提交复核'));
    await page.goto(`${server.url}/admin/#/approvals`);
    const request = page.locator('.ant-table-row').filter({ hasText: 'rita' });
    await request.waitFor();
    expect(await request.getByRole('button', { name: /批\s?准/ }).isDisabled()).toBe(true);
    await adminPicture(page, 'second-approval-pending');
    await context.close();
    const orderId = await newestOrderId(seller.token);
    const card = async () => (await server.call(`/api/order/detail?id=${orderId}`, { token: seller.token })).data.order.cards[0];
    expect((await card()).status).toBe(0);

    // A second, different reviewer sees who asked and approves: the card passes at the actual value.
    await newPage();
    await signIn(page, server, 'rex');
    await page.goto(`${server.url}/admin/#/approvals`);
    const pending = page.locator('.ant-table-row').filter({ hasText: 'rita' });
    expect(await pending.locator('[data-testid="requested-by"]').innerText()).toBe('rita');
    await pending.getByRole('button', { name: /批\s?准/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s?定/ })
      .click();
    await pending.waitFor({ state: 'detached' });
    await eventually(async () => (await card()).status).toBe(1);
    expect(await card()).toMatchObject({ actualFaceValueFen: actual.faceValueFen });
    // The request is closed, with both operators on record.
    const approved = await server.call('/api/admin/approvals?status=approved', { admin: await server.rootToken() });
    expect(approved.data.list).toContainEqual(
      expect.objectContaining({ targetId: (await card()).id, requestedByName: 'rita', decidedByName: 'rex', status: 'approved' }),
    );
    await adminPicture(page, 'second-approval-approved');
  }, 240_000);

  it('has a withdrawal above the threshold approved by two different finance accounts, the console saying where it stands at each step', async () => {
    const user = await logInUser('13912347702');
    const started = await server.call('/api/user/faceCertifyVerifyUrl', {
      token: user.token,
      body: { name: '张三', idNum: '11010519491231002X' },
    });
    expect(started.code, started.msg).toBe(200);
    await fetch(new URL(started.data.certifyUrl, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=passed',
    });
    expect((await server.call(`/api/user/queryFaceCertify?certifyId=${started.data.certifyId}`, { token: user.token })).data.status).toBe(
      'passed',
    );
    const credit = await server.call(`/api/admin/users/${user.id}/adjust`, {
      admin: await server.rootToken(),
      body: { amountFen: 50_000, reason: 'e2e balance', idempotencyKey: 'e2e-admin-credit-0001' },
    });
    expect(credit.code, credit.msg).toBe(200);
    const payee = await server.call('/api/user/savePayee', { token: user.token, body: { channel: 1, account: '13912347702' } });
    expect(payee.code, payee.msg).toBe(200);
    // A small one first: paid automatically, with no approval, by the Alipay payout.
    const small = await server.call('/api/cash/extract', {
      token: user.token,
      body: { amountFen: 1_000, channel: 1, payeeId: payee.data.payee.id, idempotencyKey: 'e2e-admin-extract-0000' },
    });
    expect(small.code, small.msg).toBe(200);
    await eventually(
      async () => (await server.call(`/api/cash/records?status=999&page=1&pageSize=20`, { token: user.token })).data.list[0].status,
    ).toBe(1);
    const extract = await server.call('/api/cash/extract', {
      token: user.token,
      body: { amountFen: 20_000, channel: 1, payeeId: payee.data.payee.id, idempotencyKey: 'e2e-admin-extract-0001' },
    });
    expect(extract.code, extract.msg).toBe(200);
    const id = extract.data.withdrawal.id;

    await newPage();
    await signIn(page, server, 'fiona');
    // Nobody approved it yet: it waits for approval, and the automatic one needed none.
    await page.goto(`${server.url}/admin/#/withdrawals`);
    const row = (orderNo: string) => page.locator('.ant-table-row').filter({ hasText: orderNo });
    await eventually(() => row(extract.data.withdrawal.orderNo).locator('[data-testid="approval-pending"]').innerText()).toBe('待审批 0/2');
    expect(await row(small.data.withdrawal.orderNo).innerText()).toContain('无需审批');
    await adminPicture(page, 'withdrawals-awaiting-approval');

    await page.goto(`${server.url}/admin/#/withdrawals/show/${id}`);
    await page.getByRole('button', { name: '审批通过' }).click();
    await confirmPopup(page);
    // The notice says what happened: one approval in, another finance account's still needed.
    await eventually(() => noticesShown(page)).toContainEqual(expect.stringContaining('已审批（1/2），还需另一位财务审批后才会打款'));
    expect(await noticesShown(page)).not.toContainEqual(expect.stringContaining('已完成'));
    const afterFirst = await server.call(`/api/admin/withdrawals/${id}`, { admin: await server.rootToken() });
    expect(afterFirst.data).toMatchObject({ approvalsRequired: 2, approvalCount: 1, approvedAt: null, autoPayout: true });
    await page.locator('[data-testid="second-approval"]').waitFor();
    await eventually(() => page.locator('[data-testid="approval-pending"]').innerText()).toBe('待审批 1/2');
    // The approval log names the approver; an Alipay payout is never paid by hand.
    await eventually(() =>
      page.locator('.ant-card').filter({ hasText: '审批记录' }).locator('.ant-table-row').first().innerText(),
    ).toContain('fiona');
    expect(await page.getByRole('button', { name: '已线下打款' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '线下打款失败' }).count()).toBe(0);
    await adminPicture(page, 'withdrawal-second-approval');

    // The same in English.
    await page.evaluate(() => localStorage.setItem('maika.admin.locale', 'en-US'));
    await page.reload();
    await eventually(() => page.locator('[data-testid="approval-pending"]').innerText()).toBe('Awaiting approval 1/2');
    expect(await page.locator('.ant-card').filter({ hasText: 'Approvals' }).locator('.ant-table-row').first().innerText()).toContain(
      'fiona',
    );
    await eventually(() => page.locator('[data-testid="approved-by-you"]').innerText()).toBe(
      'You have approved this withdrawal; another finance account must give the next approval',
    );
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await adminPicture(page, 'withdrawal-second-approval-english');
    await page.evaluate(() => localStorage.setItem('maika.admin.locale', 'zh-CN'));
    await page.reload();
    // The same account cannot be its own second approver: it is offered no approve button, and told why.
    await eventually(() => page.locator('[data-testid="approved-by-you"]').innerText()).toBe('您已审批过这笔提现，还需另一位财务审批');
    expect(await page.getByRole('button', { name: '审批通过', exact: true }).count()).toBe(0);
    await context.close();

    await newPage();
    await signIn(page, server, 'frank');
    await page.goto(`${server.url}/admin/#/withdrawals/show/${id}`);
    await page.getByRole('button', { name: '审批通过' }).click();
    await confirmPopup(page);
    await eventually(() => noticesShown(page)).toContainEqual(expect.stringContaining('已审批通过，已交由渠道自动打款'));
    await page.locator('.ant-tag').filter({ hasText: '已审批' }).first().waitFor();
    const approvers = page.locator('.ant-card').filter({ hasText: '审批记录' }).locator('.ant-table-row');
    await eventually(() => approvers.allInnerTexts()).toEqual([expect.stringContaining('fiona'), expect.stringContaining('frank')]);
    await eventually(
      async () => (await server.call(`/api/cash/records?status=999&page=1&pageSize=20`, { token: user.token })).data.list[0].status,
    ).toBe(1);
  });

  it('lets support answer feedback, and the user reads the answer', async () => {
    const user = await logInUser('13912347703');
    const added = await server.call('/api/feedback/add', {
      token: user.token,
      body: { category: 9, content: '提现到账慢，希望加快', images: [], contact: '13912347703' },
    });
    expect(added.code, added.msg).toBe(200);

    await newPage();
    await signIn(page, server, 'sam');
    await page.goto(`${server.url}/admin/#/feedback`);
    const row = page.locator('.ant-table-row').filter({ hasText: '提现到账慢' });
    await row.getByRole('button', { name: /回\s?复/ }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '回复反馈' });
    await dialog.locator('textarea').fill('已加快处理，感谢反馈');
    await pressInDialog(dialog);
    await row.locator('.ant-tag').filter({ hasText: '已采纳' }).waitFor();

    const records = await server.call('/api/feedback/records?page=1&pageSize=20', { token: user.token });
    expect(records.data.list[0]).toMatchObject({ status: 1, reply: '已加快处理，感谢反馈' });
  });

  it('lets an operator held at the two-factor set-up log out, and keeps the recovery codes with copy all and a .txt download', async () => {
    const created = await server.call('/api/admin/admins', { admin: await server.rootToken(), body: { username: 'fay', role: 'finance' } });
    expect(created.code, created.msg).toBe(200);
    const setUp = await server.call('/api/admin/setup', { body: { code: created.data.setup.code, password: 'e2e-operator-password-01' } });
    expect(setUp.code, setUp.msg).toBe(200);
    await newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const logIn = async () => {
      await submitLogin(page, server, 'fay');
      await page.getByText('您的角色（管理员、财务）必须开启两步验证后才能使用后台。').waitFor();
    };
    await logIn();
    await adminPicture(page, 'two-factor-required');
    // In English too, then out through it.
    await page.evaluate(() => localStorage.setItem('maika.admin.locale', 'en-US'));
    await page.reload();
    await page.getByText('Your role (administrator, finance) must turn on two-factor login', { exact: false }).waitFor();
    await adminPicture(page, 'two-factor-required-en');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Username').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('maika.admin.token'))).toBeNull();
    await page.evaluate(() => localStorage.setItem('maika.admin.locale', 'zh-CN'));
    await page.reload();

    await logIn();
    await page.getByRole('button', { name: '开启两步验证' }).click();
    const secret = (await page.locator('[data-testid="two-factor-secret"]').innerText()).trim();
    // Still a way out while the app is being set up.
    expect(await page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
    await page.getByLabel('动态码').fill(await nextCode(secret));
    await page.getByRole('button', { name: '确认开启' }).click();
    await page.getByText('请保存恢复码').waitFor();
    const codes = (await page.locator('[data-testid="recovery-code"]').allInnerTexts()).map((code) => code.trim());
    expect(codes).toHaveLength(10);

    await page.getByRole('button', { name: '复制全部' }).click();
    await page.getByText('已复制全部恢复码').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载为 .txt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('maika-recovery-codes-fay.txt');
    const text = (await buffer(await file.createReadStream())).toString('utf8');
    expect(text.trim().split('\n').slice(-10)).toEqual(codes);
    await adminPicture(page, 'two-factor-recovery-actions');
  }, 180_000);

  it('lets a new finance operator choose a password at the set-up link, turn on two-factor login with the QR code at the first sign-in, then asks for the code', async () => {
    const created = await server.call('/api/admin/admins', {
      admin: await server.rootToken(),
      body: { username: 'fred', role: 'finance' },
    });
    expect(created.code, created.msg).toBe(200);
    await newPage();
    // The operator opens the link the administrator handed over and chooses the password.
    await page.goto(`${server.url}/admin/#/setup/${created.data.setup.code}`);
    await page.getByLabel('新密码', { exact: true }).fill('e2e-operator-password-01');
    await page.getByLabel('再次输入新密码', { exact: true }).fill('e2e-operator-password-01');
    await page.getByRole('button', { name: '设置密码' }).click();
    await page.getByText('密码已设置，请用它登录').waitFor();
    await adminPicture(page, 'operator-setup');
    await submitLogin(page, server, 'fred');
    await page.getByText('您的角色（管理员、财务）必须开启两步验证后才能使用后台。').waitFor();
    // Any other page sends the session back here: the server would refuse it anyway.
    await page.goto(`${server.url}/admin/#/withdrawals`);
    await page.getByRole('button', { name: '开启两步验证' }).click();
    await page.locator('[data-testid="two-factor-qr"]').waitFor();
    await adminPicture(page, 'two-factor-setup');
    const secret = (await page.locator('[data-testid="two-factor-secret"]').innerText()).trim();
    await page.getByLabel('动态码').fill(await nextCode(secret));
    await page.getByRole('button', { name: '确认开启' }).click();
    await page.getByText('请保存恢复码').waitFor();
    expect(await page.locator('[data-testid="recovery-code"]').count()).toBe(10);
    await adminPicture(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: '我已保存，进入后台' }).click();
    await page.locator('[data-testid="current-admin"]').filter({ hasText: 'fred' }).waitFor();

    // The next sign-in asks for the code after the password.
    await page.getByText('退出登录').click();
    await page.getByLabel('用户名').waitFor();
    const submit = await submitLogin(page, server, 'fred');
    await page.getByLabel('动态码').waitFor();
    await adminPicture(page, 'login-code');
    await page.getByLabel('动态码').fill(await nextCode(secret));
    await submit.click();
    await page.locator('[data-testid="current-admin"]').filter({ hasText: 'fred' }).waitFor();
  }, 180_000);
});
