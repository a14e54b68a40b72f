import { Code, contract, VersionInfo } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, type TestServer } from '../../../test/harness';
import { seedDemoData } from '../../db/seed/demo';

let server: TestServer;
const calls = contract.content;
const en = { 'accept-language': 'en' };
const count = async (table: string) => Number((await server.deps.database.pool.query(`select count(*) from ${table}`)).rows[0].count);

describe('before any content exists', () => {
  beforeAll(async () => {
    server = await createTestServer();
  });

  it('answers empty lists, default settings and "not found" for a missing rich text', async () => {
    expect((await callApi(server, calls.banners, { query: {} })).data).toEqual([]);
    expect((await callApi(server, calls.notices, { query: {} })).data).toEqual({ list: [], total: 0 });
    expect((await callApi(server, calls.foundation)).data).toMatchObject({ siteName: '卖卡' });
    const missing = await callApi(server, calls.richTextTemplate, { query: { point: 3 }, headers: en });
    expect(missing).toMatchObject({ code: Code.NotFound, msg: 'This content was not found or has been removed' });
  });
});

describe('demo data', () => {
  beforeAll(async () => {
    server = await createTestServer();
  });

  it('loads once, even when two servers start at the same moment', async () => {
    const results = await Promise.all([seedDemoData(server.deps), seedDemoData(server.deps)]);
    expect(results.sort()).toEqual([false, true]);
    const categories = await count('categories');
    expect(await seedDemoData(server.deps)).toBe(false);
    expect(await count('categories')).toBe(categories);
  });

  it('has a catalogue of every kind of card, with face values and integer rates', async () => {
    const { rows } = await server.deps.database.pool.query(
      `select c.name, count(distinct t.id)::int as types, min(f.rate_bp) as min_rate, max(f.rate_bp) as max_rate
         from categories c join card_types t on t.category_id = c.id join face_values f on f.card_type_id = t.id
        group by c.name`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(['出行卡', '加油卡', '商超卡', '游戏卡', '电商卡', '话费卡'].sort());
    for (const row of rows) {
      expect(row.types).toBeGreaterThanOrEqual(2);
      expect(row.min_rate).toBeGreaterThan(5000);
      expect(row.max_rate).toBeLessThanOrEqual(10000);
    }
  });

  it('serves banners by position, each image one of our own SVGs', async () => {
    const home = await callApi(server, calls.banners, { query: { position: 1 } });
    expect(home.data.length).toBeGreaterThanOrEqual(3);
    expect(home.data.every((b) => b.position === 1)).toBe(true);
    const image = await server.app.inject({ url: home.data[0]!.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    const bad = await callApi(server, calls.banners, { query: { position: 7 as never }, headers: en });
    expect(bad).toMatchObject({ code: Code.InvalidInput, msg: 'position: must be 1 to 6' });
  });

  it('lists notices pinned first, pages them, and opens one', async () => {
    const first = await callApi(server, calls.notices, { query: { page: 1, pageSize: 2 } });
    expect(first.data.list).toHaveLength(2);
    expect(first.data.list[0]!.pinned).toBe(true);
    expect(first.data.total).toBeGreaterThan(2);
    const detail = await callApi(server, calls.noticeDetail, { query: { id: first.data.list[0]!.id } });
    expect(detail.data.content.length).toBeGreaterThan(20);
    const missing = await callApi(server, calls.noticeDetail, { query: { id: 999999 } });
    expect(missing).toMatchObject({ code: Code.NotFound, msg: '公告不存在或已删除' });
  });

  it('serves the ticker, the FAQ and the foundation settings with the release version', async () => {
    expect((await callApi(server, calls.broadcasts)).data.length).toBeGreaterThan(3);
    expect((await callApi(server, calls.faq)).data.length).toBeGreaterThan(5);
    const foundation = (await callApi(server, calls.foundation)).data;
    expect(foundation).toMatchObject({
      siteName: '卖卡',
      versionStamp: VersionInfo.stamp,
      versionCode: VersionInfo.constant,
      rebateRateBp: 100,
    });
  });

  it('gives the demo a service line and a mailing address of its own, not a made-up number or the feedback form as "online service"', async () => {
    const foundation = (await callApi(server, calls.foundation)).data;
    expect(foundation.servicePhone).not.toMatch(/^400-000-0000$|^$/);
    expect(foundation.serviceHours).toBe('09:00-22:00');
    expect(foundation.weappContact).toBe(true);
    expect(foundation.customerServiceUrl).toEqual({ h5: '', weapp: '', alipay: '' });
    expect(foundation.mailingAddress).toMatchObject({ recipient: expect.stringMatching(/\S/), address: expect.stringContaining('杭州') });
    expect(foundation.mailingAddress.addressEn).toContain('Hangzhou');
    // The pages that quote the hotline quote the same one.
    const { data } = await callApi(server, calls.richTextTemplate, { query: { point: 10 } });
    const footer = (await server.app.inject({ url: data.template })).body;
    expect(footer).toContain(foundation.servicePhone);
    expect(footer).not.toContain('400-000-0000');
  });

  it('serves every rich-text point as an HTML file at the path it names', async () => {
    for (let point = 1; point <= 10; point++) {
      const { data } = await callApi(server, calls.richTextTemplate, { query: { point } });
      expect(data.template).toMatch(new RegExp(`^/files/richText/${point}-\\d+\\.html$`));
      const file = await server.app.inject({ url: data.template });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(file.body).toContain('<');
      expect(file.body).not.toMatch(/<script|onerror=|javascript:/i);
    }
  });

  it('needs no login for any of it', async () => {
    const answers = [
      await callApi(server, calls.banners, { query: {} }),
      await callApi(server, calls.notices, { query: {} }),
      await callApi(server, calls.broadcasts),
      await callApi(server, calls.foundation),
    ];
    expect(answers.map((a) => a.code)).toEqual([Code.Ok, Code.Ok, Code.Ok, Code.Ok]);
  });
});
