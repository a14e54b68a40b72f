import { Code } from '@maika/shared';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTwoTestServers, eventually, type TestServer } from '../../../test/harness';
import { waitBounds } from '../../../test/waits';
import { seedDemoData } from '../../db/seed/demo';
import { adminCall, operator, uploadContentImage } from '../../../test/console';

let a: TestServer;
let b: TestServer;
let support: string;
let admin: string;

beforeAll(async () => {
  [a, b] = await createTwoTestServers();
  await seedDemoData(a.deps);
  support = await operator(a, 'support');
  admin = await operator(a, 'admin');
});

const uploadImage = async () => (await uploadContentImage(a, support)).data.path;

const bannerTitles = async (server: TestServer) =>
  (await server.call('GET', '/api/Basis/getChart?position=1')).data.map((banner: { title: string }) => banner.title);
const get = (server: TestServer, url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { uuid: 'cache-test-device', ...headers } });

describe('public content kept in memory', () => {
  it('keeps answers only while it listens for changes', () => {
    expect(a.deps.publicCache.active).toBe(true);
    expect(b.deps.publicCache.active).toBe(true);
  });

  it('serves a banner changed through instance A’s console from instance B', async () => {
    const before = await bannerTitles(b);
    expect(before.length).toBeGreaterThan(0);
    const image = await uploadImage();
    const created = await adminCall(a, support, 'POST', '/api/admin/content/banners', {
      position: 1,
      image,
      link: null,
      title: '双十二活动',
      sort: 0,
    });
    expect(created.code).toBe(Code.Ok);
    // The instance that made the change shows it at once.
    expect(await bannerTitles(a)).toContain('双十二活动');
    expect(await eventually(async () => (await bannerTitles(b)).includes('双十二活动'), { withinMs: waitBounds.propagation })).toBe(true);

    const edited = await adminCall(a, support, 'PUT', `/api/admin/content/banners/${created.data.id}`, {
      position: 1,
      image,
      link: null,
      title: '元旦活动',
      sort: 0,
    });
    expect(edited.code).toBe(Code.Ok);
    expect(
      await eventually(
        async () => {
          const titles = await bannerTitles(b);
          return titles.includes('元旦活动') && !titles.includes('双十二活动');
        },
        { withinMs: waitBounds.propagation },
      ),
    ).toBe(true);
  });

  it('shows each kind of public content edited through the console in the same instance’s very next answer', async () => {
    const pool = a.deps.database.pool;
    const one = async (text: string) => (await pool.query(text)).rows[0].id as number;
    const typeId = await one('select id from card_types where enabled order by id limit 1');
    const categoryId = await one(`select category_id as id from card_types where id = ${typeId}`);
    const faceValueId = await one(`select id from face_values where card_type_id = ${typeId} order by id limit 1`);
    const image = await uploadImage();
    const foundation = (await adminCall(a, support, 'GET', '/api/admin/content/foundation')).data;
    const edits: { url: string; edit: () => Promise<unknown>; shows: string }[] = [
      {
        url: '/api/Basis/getChart?position=1',
        edit: () =>
          adminCall(a, support, 'POST', '/api/admin/content/banners', { position: 1, image, link: null, title: '端午活动', sort: 0 }),
        shows: '端午活动',
      },
      {
        url: '/api/Basis/getNotice?page=1&pageSize=10',
        edit: () =>
          adminCall(a, support, 'POST', '/api/admin/content/notices', { title: '系统升级通知', content: '今晚升级。', pinned: true }),
        shows: '系统升级通知',
      },
      {
        url: '/api/Basis/getBroadcast',
        edit: () => adminCall(a, support, 'POST', '/api/admin/content/broadcasts', { text: '新到一批油卡', sort: -5 }),
        shows: '新到一批油卡',
      },
      {
        url: '/api/Basis/getFaq',
        edit: () => adminCall(a, support, 'POST', '/api/admin/content/faq', { question: '可以开发票吗？', answer: '不可以。', sort: -5 }),
        shows: '可以开发票吗？',
      },
      {
        url: '/api/Basis/getFoundation',
        edit: () => adminCall(a, support, 'PUT', '/api/admin/content/foundation', { ...foundation, siteName: '卖卡新站' }),
        shows: '卖卡新站',
      },
      {
        url: '/api/Basis/getFoundation',
        edit: () => adminCall(a, admin, 'PUT', '/api/admin/settings/rebateRate', { rateBp: 1234 }),
        shows: '"rebateRateBp":1234',
      },
      {
        url: '/api/file/getRichTextTemplate?point=3',
        edit: () => adminCall(a, support, 'PUT', '/api/admin/content/richText?point=3', { html: '<p>新的协议</p>' }),
        shows: `/files/richText/3-${Number((await pool.query('select version from rich_texts where point = 3')).rows[0]?.version ?? 0) + 1}.html`,
      },
      {
        url: '/api/goods/getClassList',
        edit: () => adminCall(a, admin, 'PUT', `/api/admin/categories/${categoryId}`, { name: '改名的分类' }),
        shows: '改名的分类',
      },
      {
        url: `/api/goods/getGoodsDetail?id=${typeId}`,
        edit: () => adminCall(a, admin, 'PUT', `/api/admin/cardTypes/${typeId}`, { name: '改名的卡种' }),
        shows: '改名的卡种',
      },
      {
        url: `/api/goods/getGoodsDetail?id=${typeId}`,
        edit: () => adminCall(a, admin, 'POST', `/api/admin/cardTypes/${typeId}/faceValues`, { faceValueFen: 77_700, rateBp: 9_111 }),
        shows: '77700',
      },
      {
        url: `/api/goods/getGoodsDetail?id=${typeId}`,
        edit: () => adminCall(a, admin, 'PUT', `/api/admin/faceValues/${faceValueId}`, { rateBp: 9_222 }),
        shows: '9222',
      },
    ];
    // The notice usually comes back before the next request anyway; the wait is what makes it certain.
    const heard = vi.spyOn(a.deps.publicCache, 'heard');
    try {
      for (const { url, edit, shows } of edits) {
        expect((await get(a, url)).body, url).not.toContain(shows);
        heard.mockClear();
        expect(await edit()).toMatchObject({ code: Code.Ok });
        expect(heard, url).toHaveBeenCalledTimes(1);
        expect((await get(a, url)).body, url).toContain(shows);
      }
    } finally {
      heard.mockRestore();
    }
  });

  it('keeps its answers through a console write that changes no public content, which does not wait to hear of public changes', async () => {
    await bannerTitles(a);
    const loads = a.deps.publicCache.loads;
    const token = await a.login('13800001235');
    const { rows } = await a.deps.database.pool.query('select id from users where phone = $1', ['13800001235']);
    const heard = vi.spyOn(a.deps.publicCache, 'heard');
    try {
      expect((await adminCall(a, support, 'POST', `/api/admin/users/${rows[0].id}/freeze`, { reason: '异常交易' })).code).toBe(Code.Ok);
      expect(heard).not.toHaveBeenCalled();
    } finally {
      heard.mockRestore();
    }
    expect((await a.call('GET', '/api/user/getInfo', { token })).code).toBe(Code.TokenInvalid);
    await bannerTitles(a);
    expect(a.deps.publicCache.loads).toBe(loads);
  });

  it('answers 304 while the client’s ETag is current, the same tag on every instance, and a new tag after a change', async () => {
    const first = await get(b, '/api/Basis/getFaq');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get(a, '/api/Basis/getFaq')).headers.etag).toBe(etag);

    const again = await get(b, '/api/Basis/getFaq', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(b, '/api/Basis/getFaq', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    const added = await adminCall(a, support, 'POST', '/api/admin/content/faq', {
      question: '多久到账？',
      answer: '审核通过后立即到账。',
      sort: 0,
    });
    expect(added.code).toBe(Code.Ok);
    expect(
      await eventually(async () => (await get(b, '/api/Basis/getFaq', { 'if-none-match': etag })).statusCode === 200, {
        withinMs: waitBounds.propagation,
      }),
    ).toBe(true);
    const changed = await get(b, '/api/Basis/getFaq', { 'if-none-match': etag });
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.map((f: { question: string }) => f.question)).toContain('多久到账？');
  });

  it('sends a kept answer byte for byte as the call that filled the cache did, with the same tag and type, and 304 for that tag', async () => {
    const pool = a.deps.database.pool;
    const noticeId = (await pool.query('select id from notices order by id limit 1')).rows[0].id;
    const goodsId = (await pool.query('select id from card_types order by id limit 1')).rows[0].id;
    const urls = [
      '/api/Basis/getChart',
      '/api/Basis/getChart?position=1',
      '/api/Basis/getNotice?page=1&pageSize=10',
      `/api/Basis/getNoticeDetail?id=${noticeId}`,
      '/api/Basis/getBroadcast',
      '/api/Basis/getFoundation',
      '/api/Basis/getFaq',
      '/api/file/getRichTextTemplate?point=1',
      '/api/goods/getClassList',
      `/api/goods/getGoodsDetail?id=${goodsId}`,
    ];
    for (const lang of ['zh-CN', 'en-US']) {
      a.deps.publicCache.clear();
      for (const url of urls) {
        const filling = await get(a, url, { lang });
        expect(filling.statusCode, url).toBe(200);
        expect(filling.json().code, url).toBe(Code.Ok);
        for (const kept of [await get(a, url, { lang }), await get(a, url, { lang })]) {
          expect(kept.body, url).toBe(filling.body);
          expect(kept.headers['content-type'], url).toBe(filling.headers['content-type']);
          expect(kept.headers.etag, url).toBe(filling.headers.etag);
        }
        const unchanged = await get(a, url, { lang, 'if-none-match': String(filling.headers.etag) });
        expect(unchanged.statusCode, url).toBe(304);
        expect(unchanged.body, url).toBe('');
      }
    }
  });

  it('compresses JSON answers above 1 KB for clients that accept it and leaves small ones alone', async () => {
    const plain = await get(b, '/api/goods/getClassList');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await get(b, '/api/goods/getClassList', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const small = await get(b, '/api/Basis/getFoundation', { 'accept-encoding': 'gzip, br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads from the database while its LISTEN connection is down, and keeps answers again once it is back', async () => {
    const pool = a.deps.database.pool;
    const ticker = async () => (await b.call('GET', '/api/Basis/getBroadcast')).data.map((line: { text: string }) => line.text);
    await ticker();
    await pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`);
    expect(await eventually(async () => !b.deps.publicCache.active, { withinMs: 5000 })).toBe(true);
    // Reconnecting takes its own time; until then every change shows at once.
    await pool.query(`insert into broadcasts (text) values ('用户 138****0000 刚刚卖出一张京东E卡')`);
    if (!b.deps.publicCache.active) expect(await ticker()).toContain('用户 138****0000 刚刚卖出一张京东E卡');

    expect(await eventually(async () => b.deps.publicCache.active, { withinMs: 10_000 })).toBe(true);
    await ticker();
    await pool.query(`insert into broadcasts (text) values ('用户 139****1111 刚刚卖出一张话费卡')`);
    expect(
      await eventually(async () => (await ticker()).includes('用户 139****1111 刚刚卖出一张话费卡'), { withinMs: waitBounds.propagation }),
    ).toBe(true);
  });

  it('stops a revoked token on every instance', async () => {
    const token = await a.login('13800001234');
    expect((await b.call('GET', '/api/order/list', { token })).code).toBe(Code.Ok);
    expect((await a.call('GET', '/api/Authentication/logOut', { token })).code).toBe(Code.Ok);
    expect(
      await eventually(async () => (await b.call('GET', '/api/order/list', { token })).code !== Code.Ok, {
        withinMs: waitBounds.propagation,
      }),
    ).toBe(true);
    expect((await b.call('GET', '/api/order/list', { token })).code).toBe(Code.TokenInvalid);
  });
});
