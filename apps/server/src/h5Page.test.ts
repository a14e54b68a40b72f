import { Code, homeBannerSlot } from '@maika/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness';
import { adminCall, operator, uploadContentImage } from '../test/console';
import type { AppInstance } from './http/appInstance';
import { fillHomeBanners, serveH5Index } from './h5Page';

const indexHtml =
  '<!DOCTYPE html><html><body>' +
  `<template id="first-screen-home-zh-CN"><div class="fs-sk fs-banner">${homeBannerSlot('zh-CN')}</div></template>` +
  `<template id="first-screen-home-en-US"><div class="fs-sk fs-banner">${homeBannerSlot('en-US')}</div></template>` +
  '<div id="app"></div></body></html>';

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
