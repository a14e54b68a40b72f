import {
  assetAddress,
  catalogueSlot,
  Code,
  fillCatalogueSlots,
  homeBannerSlot,
  type CatalogueLabels,
  type GoodsClass,
} from '@maika/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardType } from '../test/cardFixtures';
import { createTestServer, eventually, type TestServer } from '../test/harness';
import { adminCall, operator, uploadContentImage } from '../test/console';
import type { AppInstance } from './http/appInstance';
import { fillHomeBanners, homeBannerPreload, serveH5Index } from './h5Page';

const chineseLabels: CatalogueLabels = {
  bestRate: '最高回收',
  count: '共 {count} 种卡券',
  maintenance: '维护中',
  physical: '实体卡',
  popularTitle: '热门回收',
  popularMore: '全部卡种',
};
const englishLabels: CatalogueLabels = {
  bestRate: 'Up to',
  count: '{count, plural, one {# card type} other {# card types}}',
  maintenance: 'Maintenance',
  physical: 'Physical',
  popularTitle: 'Popular',
  popularMore: 'All "cards" & more',
};

const indexHtml =
  '<!DOCTYPE html><html><body>' +
  `<template id="first-screen-home-zh-CN"><div class="fs-sk fs-banner">${homeBannerSlot('zh-CN')}</div></template>` +
  `<template id="first-screen-home-en-US"><div class="fs-sk fs-banner">${homeBannerSlot('en-US')}</div></template>` +
  '<div id="app"></div></body></html>';

/** A page whose category tab's first screen has the catalogue's slots, as src/firstScreen.ts writes them. */
const catalogueHtml =
  `<template id="first-screen-goodsClass-zh-CN"><div>${catalogueSlot('goodsClass', 'zh-CN', chineseLabels)}<div class="fs-gc">skeleton</div></div></template>` +
  `<template id="first-screen-goodsClass-en-US"><div>${catalogueSlot('goodsClass', 'en-US', englishLabels)}<div class="fs-gc">skeleton</div></div></template>`;

let server: TestServer;
let page: FastifyInstance;
let support: string;

beforeAll(async () => {
  server = await createTestServer();
  support = await operator(server, 'support');
  // The page as the server registers it when an H5 build exists, on this server's database and cache.
  page = Fastify();
  page.decorate('deps', server.deps);
  serveH5Index(page as unknown as AppInstance, indexHtml);
  await page.ready();
});
afterAll(() => page.close());

const get = (url = '/', headers: Record<string, string> = {}) => page.inject({ method: 'GET', url, headers });
const bannerImages = (html: string) => [...html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1]);

async function createBanner(body: { position: number; title: string; sort: number; imageEn?: string; enabled?: boolean }) {
  const image = (await uploadContentImage(server, support)).data.path;
  const created = await adminCall(server, support, 'POST', '/api/admin/content/banners', { link: null, ...body, image });
  expect(created.code).toBe(Code.Ok);
  return { id: created.data.id as number, image };
}

describe("the H5 app's index.html", () => {
  it('keeps the skeleton in the home first screen while no home banner is enabled', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(indexHtml);
    expect(res.headers.link).toBeUndefined();
  });

  it("paints each language's first home banner from the first response, and an operator's change on the next visit", async () => {
    const english = (await uploadContentImage(server, support)).data.path;
    const second = await createBanner({ position: 1, title: '第二张', sort: 2 });
    const first = await createBanner({ position: 1, title: '第一张', sort: 1, imageEn: english });
    await createBanner({ position: 2, title: '卖卡页', sort: 0 });

    const res = await get();
    // Chinese readers get the Chinese picture, English readers the English one.
    expect(bannerImages(res.body)).toEqual([first.image, english]);
    expect(res.body).toContain(`<div class="fs-sk fs-banner"><img src="${first.image}" alt="" fetchpriority="high"></div>`);
    expect((await get('/index.html')).body).toBe(res.body);
    // The banner of the reader's language is fetched with the page's headers, ahead of the scripts.
    const forEnglish = await get('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(forEnglish.headers.link).toBe(`<${assetAddress(english)}>; rel=preload; as=image; fetchpriority=high`);
    expect(forEnglish.headers.vary).toBe('accept-language');
    expect((await get('/', { 'accept-language': 'zh-CN,zh;q=0.9' })).headers.link).toBe(
      `<${assetAddress(first.image)}>; rel=preload; as=image; fetchpriority=high`,
    );

    // Disabled: the next banner in order takes its place, in both languages (it has no English picture).
    const edited = await adminCall(server, support, 'PUT', `/api/admin/content/banners/${first.id}`, {
      position: 1,
      image: first.image,
      imageEn: english,
      link: null,
      title: '第一张',
      sort: 1,
      enabled: false,
    });
    expect(edited.code).toBe(Code.Ok);
    expect(bannerImages((await get()).body)).toEqual([second.image, second.image]);
  });

  it('is revalidated on every visit: no-cache, an ETag, 304 while the banners are unchanged, the new page once they change', async () => {
    const first = await get();
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const added = await createBanner({ position: 1, title: '最新', sort: 0 });
    const changed = await get('/', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(bannerImages(changed.body)[0]).toBe(added.image);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe("the catalogue in the tab pages' first screens", () => {
  let catalogue: FastifyInstance;
  beforeAll(async () => {
    catalogue = Fastify();
    catalogue.decorate('deps', server.deps);
    serveH5Index(catalogue as unknown as AppInstance, catalogueHtml);
    await catalogue.ready();
  });
  afterAll(() => catalogue.close());

  const classList = async (locale: string) =>
    (await server.call('GET', '/api/goods/getClassList', { headers: { lang: locale } })).data as GoodsClass[];

  it("shows in each language what the catalogue call answers, and an operator's change on the next visit", async () => {
    await createCardType(server);
    const page = async () => (await catalogue.inject({ method: 'GET', url: '/' })).body;
    const filled = async () => fillCatalogueSlots(catalogueHtml, { 'zh-CN': await classList('zh-CN'), 'en-US': await classList('en-US') });
    const first = await page();
    expect(first).toBe(await filled());
    const [category] = await classList('zh-CN');
    expect(first).toContain(`<div class="fs-gc-category fs-gc-selected"><span>${category!.name}</span></div>`);
    expect(first).not.toContain('data-catalogue=');

    // A new category with its card type: the console's edit reaches the page as it reaches the call.
    const added = await createCardType(server);
    const html = await eventually(async () => {
      const list = await classList('zh-CN');
      const category = list.find((c) => c.cardTypes.some((t) => t.id === added.id));
      const current = await page();
      return category && current === (await filled()) && current.includes(`<span>${category.name}</span>`) && current;
    });
    expect(html).not.toBe(first);
  });
});

describe('filling the catalogue slots', () => {
  const cardType = (id: number, name: string, bestRateBp: number, extra: Partial<GoodsClass['cardTypes'][number]> = {}) => ({
    id,
    name,
    logo: null,
    bestRateBp,
    physical: false,
    maintenance: false,
    ...extra,
  });
  const categories: GoodsClass[] = [
    {
      id: 1,
      name: '<b>Gift</b> & co',
      icon: 'uploads/icons/gift.png',
      cardTypes: [
        cardType(11, 'JD "E" card', 9650, { logo: 'https://cdn.example.com/jd.png?a=1&b=2' }),
        cardType(12, '携程卡', 9800, { maintenance: true }),
      ],
    },
    { id: 2, name: 'Phone', icon: null, cardTypes: [cardType(21, 'Mobile', 9700, { physical: true }), cardType(22, 'Unicom', 9100)] },
  ];

  it("draws the category tab: every category, the first selected with its count, its card types' rows, text and addresses escaped", () => {
    const html = fillCatalogueSlots(catalogueSlot('goodsClass', 'en-US', englishLabels), { 'en-US': categories });
    expect(html).toContain(
      '<div class="fs-gc-category fs-gc-selected"><span>&lt;b&gt;Gift&lt;/b&gt; &amp; co</span></div><div class="fs-gc-category"><span>Phone</span></div>',
    );
    expect(html).toContain('<img class="fs-gc-icon" src="/uploads/icons/gift.png" alt="">');
    expect(html).toContain('<span class="fs-gc-count">2 card types</span>');
    expect(html).toContain('<img class="fs-ct-logo" src="https://cdn.example.com/jd.png?a=1&amp;b=2" alt="">');
    expect(html).toContain('<div class="fs-ct-name">JD &quot;E&quot; card</div>');
    expect(html).toContain('<span class="fs-ct-rate-label">Up to</span><span class="fs-ct-rate-value">96.50%</span>');
    // Under maintenance: a dimmed letter logo, the badge, a grey rate.
    expect(html).toContain('<div class="fs-ct-logo fs-ct-initial fs-ct-dimmed">携</div>');
    expect(html).toContain('<span class="fs-badge fs-badge-maintenance">Maintenance</span>');
    expect(html).toContain('<div class="fs-ct-rate fs-ct-paused">');
    // Only the selected category's card types.
    expect(html).not.toContain('Unicom');
    expect(html.startsWith('<div class="fs-filled fs-gc">')).toBe(true);
  });

  it('draws home: an entry per category and the five best paying card types open for selling, with their category', () => {
    const many: GoodsClass[] = [
      ...categories,
      { id: 3, name: 'More', icon: null, cardTypes: [9000, 9200, 9300, 9400].map((rate, i) => cardType(31 + i, `More ${i}`, rate)) },
    ];
    const html = fillCatalogueSlots(catalogueSlot('home', 'zh-CN', chineseLabels), { 'zh-CN': many });
    expect([...html.matchAll(/<span class="fs-home-category-name">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual([
      '&lt;b&gt;Gift&lt;/b&gt; &amp; co',
      'Phone',
      'More',
    ]);
    expect(html).toContain('<img class="fs-home-category-icon" src="/uploads/icons/gift.png" alt="">');
    expect(html).toContain('<div class="fs-home-category-icon fs-home-category-blank"></div>');
    expect(html).toContain('<span class="fs-home-card-title">热门回收</span><span class="fs-home-more">全部卡种</span>');
    expect([...html.matchAll(/<div class="fs-ct-name">([^<]*)<\/div>/g)].map((m) => m[1])).toEqual([
      'Mobile',
      'JD &quot;E&quot; card',
      'More 3',
      'More 2',
      'More 1',
    ]);
    expect(html).toContain('<span class="fs-ct-category">Phone</span><span class="fs-badge fs-badge-physical">实体卡</span>');
  });

  it("keeps a language's skeleton while it has no categories, and takes each language's own", () => {
    const page = `${catalogueSlot('goodsClass', 'zh-CN', chineseLabels)}|${catalogueSlot('goodsClass', 'en-US', englishLabels)}`;
    expect(fillCatalogueSlots(page, {})).toBe(page);
    const html = fillCatalogueSlots(page, { 'zh-CN': categories, 'en-US': [] });
    expect(html).toContain('共 2 种卡券');
    expect(html.endsWith(`|${catalogueSlot('goodsClass', 'en-US', englishLabels)}`)).toBe(true);
  });
});

describe('filling the home banner slots', () => {
  it('takes an absolute address as it is, a stored path from the root, and escapes both for the attribute', () => {
    const html = fillHomeBanners(`${homeBannerSlot('zh-CN')}|${homeBannerSlot('en-US')}`, {
      'zh-CN': 'https://cdn.example.com/b.png?w=750&t="x"',
      'en-US': 'uploads/content/b.png',
    });
    expect(html).toBe(
      '<img src="https://cdn.example.com/b.png?w=750&amp;t=&quot;x&quot;" alt="" fetchpriority="high">|<img src="/uploads/content/b.png" alt="" fetchpriority="high">',
    );
  });
});

describe('the home banner preload', () => {
  it('names the banner of the language the browser prefers, Chinese without one, and none it cannot carry in a header', () => {
    const images = { 'zh-CN': 'uploads/content/zh.png', 'en-US': 'https://cdn.example.com/en.png?w=750' };
    expect(homeBannerPreload(images, 'en-GB,en;q=0.8')).toBe(
      '<https://cdn.example.com/en.png?w=750>; rel=preload; as=image; fetchpriority=high',
    );
    expect(homeBannerPreload(images, undefined)).toBe('</uploads/content/zh.png>; rel=preload; as=image; fetchpriority=high');
    expect(homeBannerPreload({ 'zh-CN': 'uploads/content/zh.png' }, 'en-US')).toBeUndefined();
    expect(homeBannerPreload({ 'zh-CN': 'uploads/横幅.png' }, 'zh-CN')).toBeUndefined();
  });
});
