import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, screenshotDir } from './support/browser';
import { adminPicture, desktopContext, errorNoticesShown, signIn, startAdminServer, type AdminServer } from './support/adminConsole';
import { fitting, logInUser, requestWithdrawal, submitCard } from './support/consoleData';
import { eventually } from './support/mobileApp';
import { waitBounds } from './support/waits';

/**
 * Every page of the console, opened once each by an administrator in a 1440×900 window, with a
 * picture of it. Each page renders with no refusal, page error, failed admin call or error notice,
 * and its list has rows. Every list table fits the window: no column is covered by the fixed actions
 * column or pushed past the table's edge, no header or identifier breaks over two lines, nothing
 * overflows its cell, and text cut short for its column shows in full on hover (or expands).
 */

let server: AdminServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const longReason = '该卡密在渠道方返回异常，经人工核实后确认卡面信息与申报信息不一致，请用户核对后重新提交或发起申诉处理';
const longAppeal =
  '我购买这张卡的时候商家明确告诉我面值是正确的，而且卡密从未使用过，请再核实一次，谢谢！订单截图已经保存，需要的话可以提供';
/** Rows the setup adds to each list, so a list's table is known to have loaded when its row shows. */
const seeded = {
  category: 'E2E测试分类',
  notice: 'E2E版面检查公告',
  broadcast: 'E2E版面检查播报',
  faq: 'E2E版面检查问题？',
  trackingNo: 'SF557799113355',
  /** The seller's merchant application, approved, with a key. */
  merchant: '星河数码卡行（华东区批发与线上渠道运营中心）',
  /** Alipay's new limits, as the channels table shows them. */
  channelMinFen: 1_23,
  channelLimits: '¥1.23',
};
/** A banner of the demo content the server loads at its first start (a banner needs an uploaded picture). */
const BANNER = '闲置卡券 秒变现金';
/** Filled in by the setup: the first card type's name (the one the seller's cards are of). */
let cardTypeName = '';
/** Filled in by the setup: what the show and edit pages open. */
const ids = { withdrawal: 0, user: 0, cardType: 0, merchant: 0 };
const longFeedback =
  '提现到账比平时慢很多，已经等了两个多小时还没有到账，希望平台能尽快处理，另外建议在提现记录里显示预计到账时间，方便我们安排资金';

interface Layout {
  problems: string[];
  clipped: number;
  expandable: number;
}

/** Measures every visible table on the page; marks cut-short texts with data-clipped for the hover check. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const nameOf = (cell: Element) => {
      const table = cell.closest('table');
      const index = [...(cell.parentElement?.children ?? [])].indexOf(cell);
      const header = table?.closest('.ant-table')?.querySelectorAll('thead th')[index] as HTMLElement | undefined;
      return `${cell.tagName.toLowerCase()} "${(header?.innerText ?? '').trim() || index}" (${(cell as HTMLElement).innerText.trim().slice(0, 30)})`;
    };
    const lines = (node: Text) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    let clipped = 0;
    let expandable = 0;
    const wrappers = [...document.querySelectorAll('.ant-layout-content .ant-table-wrapper')].filter(
      (w) => (w as HTMLElement).offsetParent !== null,
    );
    for (const wrapper of wrappers) {
      const box = wrapper.getBoundingClientRect();
      for (const scroller of wrapper.querySelectorAll('.ant-table-content, .ant-table-body, .ant-table-header')) {
        if (scroller.scrollWidth > scroller.clientWidth + 1)
          problems.push(`the table scrolls sideways by ${scroller.scrollWidth - scroller.clientWidth}px`);
      }
      const cells = [...wrapper.querySelectorAll('th.ant-table-cell, td.ant-table-cell')].filter(
        (cell) => !cell.closest('.ant-table-expanded-row') && !cell.classList.contains('ant-table-cell-scrollbar'),
      );
      for (const cell of cells) {
        const r = cell.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1) problems.push(`${nameOf(cell)} lies outside the table`);
        const fixed = (c: Element) => c.classList.contains('ant-table-cell-fix-right') || c.classList.contains('ant-table-cell-fix-left');
        if (!fixed(cell)) {
          for (const other of cell.parentElement?.children ?? []) {
            if (other === cell || !fixed(other)) continue;
            const o = other.getBoundingClientRect();
            if (o.left < r.right - 1 && o.right > r.left + 1) problems.push(`${nameOf(cell)} is covered by the fixed column`);
          }
        }
        if (cell.scrollWidth > cell.clientWidth + 1)
          problems.push(`${nameOf(cell)} overflows its cell by ${cell.scrollWidth - cell.clientWidth}px`);
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const text = node.data.trim();
          if (!text) continue;
          // Headers, numbers, codes, dates, links: a word of them broken over two lines is unreadable.
          const word = /^[\x21-\x7e]+$/.test(text);
          if ((cell.tagName === 'TH' || word) && lines(node) > 1)
            problems.push(`${nameOf(cell)} breaks "${text.slice(0, 30)}" over two lines`);
        }
        for (const el of cell.querySelectorAll<HTMLElement>('.ant-typography-ellipsis')) {
          if (el.querySelector('.ant-typography-expand')) {
            el.setAttribute('data-expandable', String(expandable++));
          } else if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
            el.setAttribute('data-clipped', String(clipped++));
          }
        }
      }
    }
    return { problems, clipped, expandable };
  });
}

/**
 * Checks the tables of the page on screen, then hovers every cut-short text for its tooltip and
 * opens every expandable one.
 */
async function checkTables(name: string): Promise<void> {
  const layout = await measure(page);
  expect(layout.problems, name).toEqual([]);
  for (let i = 0; i < layout.clipped; i++) {
    const text = page.locator(`[data-clipped="${i}"]`);
    const full = ((await text.textContent()) ?? '').trim();
    await text.hover();
    const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner').filter({ hasText: full.slice(0, 12) });
    await tooltip.waitFor();
    expect((await tooltip.innerText()).trim(), `${name}: tooltip of "${full}"`).toBe(full);
    if (i === 0) await adminPicture(page, `table-${name}-tooltip`);
    await page.mouse.move(0, 0);
  }
  for (let i = 0; i < layout.expandable; i++) {
    const text = page.locator(`[data-expandable="${i}"]`);
    await text.locator('.ant-typography-expand').click();
    await eventually(() => text.locator('.ant-typography-expand').count()).toBe(0);
  }
}

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startAdminServer({
    CHANNEL_SIM_DELAY_MS: String(3_600_000),
    CHANNEL_POLL_AFTER_SECONDS: String(3_600),
    ADJUSTMENT_SECOND_APPROVAL_FEN: String(10_000),
  });
  await server.createOperator('fiona', 'finance');
  const root = await server.rootToken();

  // A card waiting, a card rejected with a long reason and appealed at length, a withdrawal, feedback and a large adjustment waiting for a second operator.
  const seller = await logInUser(server, '13912349901');
  await submitCard(server, seller, 31);
  const rejected = await submitCard(server, seller, 32);
  expect((await server.call(`/api/admin/cards/${rejected.id}/reject`, { admin: root, body: { reason: longReason } })).code).toBe(200);
  const appeal = await server.call('/api/order/appeal', { token: seller.token, body: { cardId: rejected.id, reason: longAppeal } });
  expect(appeal.code, appeal.msg).toBe(200);
  ids.withdrawal = await requestWithdrawal(server, seller, 5_000, 'e2e-tables-extract-0001');
  const feedback = await server.call('/api/feedback/add', {
    token: seller.token,
    body: { category: 9, content: longFeedback, images: [], contact: 'seller@example.com' },
  });
  expect(feedback.code, feedback.msg).toBe(200);
  const large = await server.call(`/api/admin/users/${seller.id}/adjust`, {
    admin: root,
    body: { amountFen: 20_000, reason: `活动补贴：${longReason}`, idempotencyKey: 'e2e-tables-adjust-0001' },
  });
  expect(large.code, large.msg).toBe(200);

  // A physical card mailed with its tracking number: a row of the shipments list.
  const classes = await server.call('/api/goods/getClassList');
  cardTypeName = classes.data[0].cardTypes[0].name;
  ids.cardType = (await server.call('/api/admin/cardTypes', { admin: root })).data.list[0].id;
  ids.user = seller.id;
  const physical = (classes.data as { cardTypes: { id: number; physical: boolean }[] }[])
    .flatMap((category) => category.cardTypes)
    .find((type) => type.physical)!;
  const detail = await server.call(`/api/goods/getGoodsDetail?id=${physical.id}`);
  const mailed = await server.call('/api/order/submit', {
    token: seller.token,
    body: {
      goodsId: physical.id,
      faceValueFen: detail.data.faceValues[0].faceValueFen,
      cards: [
        { cardNo: detail.data.needsCardNo ? fitting(detail.data.cardNoRule, 41) : undefined, cardPwd: fitting(detail.data.pwdRule, 1041) },
      ],
      idempotencyKey: 'e2e-tables-physical-0001',
      agree: true,
    },
  });
  expect(mailed.code, mailed.msg).toBe(200);
  const shipped = await server.call('/api/order/logistics', {
    token: seller.token,
    body: { orderId: mailed.data.orderId, carrier: 'SF', trackingNo: seeded.trackingNo },
  });
  expect(shipped.code, shipped.msg).toBe(200);

  // The seller is a merchant too, approved, with a key: a row of the merchants list and of its keys.
  const applied = await server.call('/api/merchant/apply', {
    token: seller.token,
    body: { name: seeded.merchant, contact: '王经理 13812345678 / 微信 galaxy-cards', monthlyVolume: 50_000 },
  });
  expect(applied.code, applied.msg).toBe(200);
  ids.merchant = (await server.call(`/api/admin/merchants?phone=${seller.phone}`, { admin: root })).data.list[0].id;
  expect((await server.call(`/api/admin/merchants/${ids.merchant}/approve`, { admin: root, body: {} })).code).toBe(200);
  expect((await server.call('/api/merchant/keys', { token: seller.token, body: {} })).code).toBe(200);

  // A row of each catalogue and content list, first in its order, and Alipay's limits changed.
  for (const [path, body] of [
    ['/api/admin/categories', { name: seeded.category, nameEn: 'E2E category', sort: 0 }],
    ['/api/admin/content/notices', { title: seeded.notice, content: '版面检查。', pinned: true }],
    ['/api/admin/content/broadcasts', { text: seeded.broadcast, sort: -5 }],
    ['/api/admin/content/faq', { question: seeded.faq, answer: '版面检查。', sort: 0 }],
  ] as const) {
    const created = await server.call(path, { admin: root, body });
    expect(created.code, `${path}: ${created.msg}`).toBe(200);
  }
  const alipay = (await server.call('/api/admin/withdrawalChannels', { admin: root })).data.list.find(
    (c: { channel: number }) => c.channel === 1,
  );
  const { minFen: _min, channel: _channel, ...limits } = alipay;
  const changed = await server.call('/api/admin/withdrawalChannels/1', {
    admin: root,
    method: 'PUT',
    body: { ...limits, minFen: seeded.channelMinFen },
  });
  expect(changed.code, changed.msg).toBe(200);

  context = await desktopContext(browser);
  page = await context.newPage();
  // What goes wrong on a page without showing as a refusal: a crash, an answer of the admin API that is not a success.
  page.on('pageerror', (error) => visit.pageErrors.push(error.message));
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/admin/')) return;
    const calls = visit.failedCalls;
    // Read before the checks, which wait for every answer's body (checkRendered).
    visit.bodies.push(
      response.json().then(
        (body: { code?: number; msg?: string }) => {
          if (body?.code !== undefined && body.code !== 200 && body.code !== 300)
            calls.push(`${response.url()} answered ${body.code}: ${body.msg}`);
        },
        () => undefined,
      ),
    );
  });
  const password = server.adminPassword;
  await signIn(page, server, 'admin', password);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** What one visit of a page saw, for its checks. */
const visit = { pageErrors: [] as string[], failedCalls: [] as string[], bodies: [] as Promise<void>[] };

interface ConsolePage {
  /** The picture's name, e2e/screenshots/admin/<name>.png. */
  name: string;
  path: () => string;
  /** Text of a row the page's list shows once loaded; '' for any row. Pages without one have no list. */
  row?: string | (() => string);
  /** The list table's checks, with its picture as table-<name>.png. */
  table?: { name: string; title: string; more?: () => Promise<void> };
}

const cardsPath = '/cards?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=999';

/** Every route of the console (apps/admin/src/pageRoutes.tsx). */
const consolePages: ConsolePage[] = [
  { name: 'dashboard', path: () => '/' },
  {
    name: 'cards-all',
    path: () => cardsPath,
    row: '13912349901',
    table: {
      name: 'cards',
      title: 'fits the card queue, with the reject reason in full on hover',
      more: async () => {
        const reason = page
          .locator('.ant-layout-content .ant-table-tbody .ant-typography-ellipsis')
          .filter({ hasText: longReason.slice(0, 12) });
        await reason.hover();
        const tooltip = page
          .locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner')
          .filter({ hasText: longReason.slice(0, 12) });
        // The tooltip opens after antd's hover delay; waited for within the bound, not slept for.
        await tooltip.waitFor({ timeout: waitBounds.action });
        expect((await tooltip.innerText()).trim()).toBe(longReason);
        await page.mouse.move(0, 0);
      },
    },
  },
  {
    name: 'cards-appeals',
    path: () => '/cards?tab=appeals',
    row: '13912349901',
    table: {
      name: 'cards-appeals',
      title: 'fits the appeals tab, with the appeal text reachable without scrolling sideways',
      more: async () => {
        expect(await page.locator('[data-clipped]').filter({ hasText: longAppeal }).count()).toBe(1);
      },
    },
  },
  { name: 'shipments', path: () => '/shipments', row: seeded.trackingNo, table: { name: 'shipments', title: 'fits the shipments list' } },
  { name: 'approvals', path: () => '/approvals', row: '活动补贴', table: { name: 'approvals', title: 'fits the approvals list' } },
  {
    name: 'categories',
    path: () => '/catalogue/categories',
    row: seeded.category,
    table: { name: 'categories', title: 'fits the categories list' },
  },
  {
    name: 'cardTypes',
    path: () => '/catalogue/cardTypes',
    row: () => cardTypeName,
    table: { name: 'cardTypes', title: 'fits the cardTypes list' },
  },
  { name: 'cardType-create', path: () => '/catalogue/cardTypes/create' },
  { name: 'cardType-edit', path: () => `/catalogue/cardTypes/edit/${ids.cardType}` },
  {
    name: 'withdrawals',
    path: () => '/withdrawals',
    row: '13912349901',
    table: { name: 'withdrawals', title: 'fits the withdrawals, with each withdrawal number on one line' },
  },
  { name: 'withdrawal-show', path: () => `/withdrawals/show/${ids.withdrawal}` },
  { name: 'users', path: () => '/users', row: '13912349901', table: { name: 'users', title: 'fits the users list' } },
  {
    name: 'user-show',
    path: () => `/users/show/${ids.user}`,
    // The user's cards, the first tab.
    row: '',
    table: {
      name: 'user-cards',
      title: "fits the tables of a user's page",
      more: async () => {
        // The seller has a withdrawal, and the credit before it in the ledger: each tab's table has a row once loaded.
        for (const tab of ['提现', '资金流水']) {
          await page.getByRole('tab', { name: tab }).click();
          await page.locator('.ant-tabs-tabpane-active .ant-table-tbody .ant-table-row').first().waitFor();
          expect((await measure(page)).problems, tab).toEqual([]);
        }
      },
    },
  },
  { name: 'merchants', path: () => '/merchants', row: seeded.merchant, table: { name: 'merchants', title: 'fits the merchants list' } },
  {
    name: 'merchant-show',
    path: () => `/merchants/show/${ids.merchant}`,
    // The merchant's keys, the first tab.
    row: '',
    table: {
      name: 'merchant-keys',
      title: "fits the tables of a merchant's page",
      more: async () => {
        // Every electronic face value is a row of the rates, each at the public rate until one is set.
        await page.getByRole('tab', { name: '商户费率' }).click();
        await page.locator('.ant-tabs-tabpane-active .ant-table-tbody .ant-table-row').first().waitFor();
        expect((await measure(page)).problems, 'rates').toEqual([]);
      },
    },
  },
  { name: 'banners', path: () => '/content/banners', row: BANNER, table: { name: 'banners', title: 'fits the banners list' } },
  { name: 'notices', path: () => '/content/notices', row: seeded.notice, table: { name: 'notices', title: 'fits the notices list' } },
  {
    name: 'broadcasts',
    path: () => '/content/broadcasts',
    row: seeded.broadcast,
    table: { name: 'broadcasts', title: 'fits the broadcasts list' },
  },
  { name: 'faq', path: () => '/content/faq', row: seeded.faq, table: { name: 'faq', title: 'fits the faq list' } },
  { name: 'richText', path: () => '/content/richText?point=2' },
  { name: 'foundation', path: () => '/content/foundation' },
  {
    name: 'withdrawalChannels',
    path: () => '/withdrawalChannels',
    row: seeded.channelLimits,
    table: { name: 'withdrawalChannels', title: 'fits the withdrawalChannels list' },
  },
  { name: 'feedback', path: () => '/feedback', row: '13912349901', table: { name: 'feedback', title: 'fits the feedback list' } },
  { name: 'smsOutbox', path: () => '/smsOutbox', row: '13912349901', table: { name: 'smsOutbox', title: 'fits the smsOutbox list' } },
  { name: 'audit', path: () => '/audit', row: '新建分类', table: { name: 'audit', title: 'fits the audit list' } },
  { name: 'admins', path: () => '/admins', row: 'fiona', table: { name: 'admins', title: 'fits the admins list' } },
];

describe('every console page at 1440×900', () => {
  for (const consolePage of consolePages) {
    const { name, path, row, table } = consolePage;

    describe(name, () => {
      // One visit, a fresh load: a hash change alone could race a list still writing its filters to the URL.
      beforeAll(async () => {
        visit.pageErrors = [];
        visit.failedCalls = [];
        visit.bodies = [];
        await page.goto('about:blank');
        await page.goto(`${server.url}/admin/#${path()}`);
        await page.locator('.ant-layout-content').waitFor();
        if (row !== undefined) {
          await page.locator('.ant-layout-content .ant-table-wrapper').first().waitFor();
          const text = typeof row === 'string' ? row : row();
          await page.locator('.ant-layout-content .ant-table-tbody .ant-table-row').filter({ hasText: text }).first().waitFor();
        }
        await adminPicture(page, name);
        if (table) copyFileSync(join(screenshotDir, 'admin', `${name}.png`), join(screenshotDir, 'admin', `table-${table.name}.png`));
      });

      it(`renders for an administrator with no refusal, page error, failed admin call or error notice${row === undefined ? '' : ', and its list has rows'} (picture)`, async () => {
        await Promise.all(visit.bodies);
        expect(await page.getByText('无权访问').count(), name).toBe(0);
        expect(visit.pageErrors, `${name}: page errors`).toEqual([]);
        expect(visit.failedCalls, `${name}: admin API answers`).toEqual([]);
        expect(await errorNoticesShown(page), `${name}: error notices`).toEqual([]);
        if (row !== undefined)
          expect(await page.locator('.ant-layout-content .ant-table-placeholder:visible').count(), `${name}: an empty list`).toBe(0);
      });

      if (table) {
        it(table.title, async () => {
          await checkTables(table.name);
          await table.more?.();
        });
      }
    });
  }

  it('switches to English on the dashboard (picture)', async () => {
    // Switched on the dashboard: a list page would write its filters back into the URL as it remounts.
    await page.goto(`${server.url}/admin/#/`);
    await page.getByText('待办').waitFor();
    await page.getByText('English', { exact: true }).click();
    await page.getByText('Waiting for you').waitFor();
    await adminPicture(page, 'dashboard-en');
  });
});

/** The window sizes operators use most: 1280×720, 1440×900 and 1920×1080. */
const windowSizes = [
  [1280, 720],
  [1440, 900],
  [1920, 1080],
] as const;

async function openIn(language: 'zh-CN' | 'en-US', path: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${server.url}/admin/#${path}`);
  await page.evaluate((locale) => localStorage.setItem('maika.admin.locale', locale), language);
  await page.reload();
  await page.locator(path === '/twoFactor' ? '[data-testid="two-factor"]' : '.ant-layout-content').waitFor();
}

describe('at 1280×720, 1440×900 and 1920×1080', () => {
  afterAll(async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  for (const [width, height] of windowSizes) {
    it(`keeps logout in view at the foot of the side menu with every group open, ${width}×${height} (picture)`, async () => {
      await page.setViewportSize({ width, height });
      await openIn('zh-CN', '/');
      const closed = page.locator('.ant-layout-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
      for (let opened = 0; (await closed.count()) > 0 && opened < 20; opened++) await closed.first().click();
      expect(await closed.count()).toBe(0);
      const logout = page.locator('.ant-layout-sider .ant-menu-item').filter({ hasText: '退出登录' });
      // Seen whole inside the window and above the collapse button, not covered by anything.
      await eventually(() =>
        logout.evaluate((item) => {
          const box = item.getBoundingClientRect();
          const trigger = document.querySelector('.ant-layout-sider-trigger')?.getBoundingClientRect();
          const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.top >= 0 && box.bottom <= (trigger?.top ?? window.innerHeight) && item.contains(onTop);
        }),
      ).toBe(true);
      await adminPicture(page, `sider-open-${width}x${height}`);
    });
  }

  it('fits the withdrawals at 1280×720 with every column in view (picture)', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openIn('zh-CN', '/withdrawals');
    await page.locator('.ant-layout-content .ant-table-row').filter({ hasText: '13912349901' }).first().waitFor();
    expect((await measure(page)).problems).toEqual([]);
    await adminPicture(page, 'withdrawals-1280x720');
  });

  it("keeps the card queue's reason column in view at 1280×720, beside the actions (picture)", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openIn('zh-CN', cardsPath);
    await page
      .locator('.ant-layout-content .ant-table-row')
      .filter({ hasText: longReason.slice(0, 8) })
      .first()
      .waitFor();
    const inView = await page.evaluate(() => {
      const table = document.querySelector('.ant-layout-content .ant-table-wrapper')!.getBoundingClientRect();
      const header = [...document.querySelectorAll<HTMLElement>('.ant-layout-content thead th')].find(
        (th) => th.innerText.trim() === '原因',
      );
      const box = header?.getBoundingClientRect();
      return box !== undefined && box.width > 0 && box.left >= table.left && box.right <= table.right;
    });
    expect(inView).toBe(true);
    await adminPicture(page, 'cards-1280x720');
  });

  it('pictures the banners, audit log, card queue, withdrawals and two-factor page at each size, in both languages', async () => {
    for (const [width, height] of windowSizes) {
      await page.setViewportSize({ width, height });
      for (const language of ['zh-CN', 'en-US'] as const) {
        for (const [name, path] of [
          ['banners', '/content/banners'],
          ['audit', '/audit'],
          ['cards', cardsPath],
          ['withdrawals', '/withdrawals'],
          ['twoFactor', '/twoFactor'],
        ] as const) {
          await openIn(language, path);
          if (name !== 'twoFactor') await page.locator('.ant-layout-content .ant-table-row').first().waitFor();
          await adminPicture(page, `sizes/${name}-${language}-${width}x${height}`);
        }
      }
    }
  }, 300_000);
});
