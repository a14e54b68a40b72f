import { Code, contract } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, eventually, type TestServer } from '../../../test/harness';
import { seedDemoData } from '../../db/seed/demo';

let server: TestServer;
const calls = contract.catalogue;
const classList = () => callApi(server, calls.classList);
const detail = (id: number, headers?: Record<string, string>) => callApi(server, calls.detail, { query: { id }, headers });
const search = (keyword: string) => callApi(server, calls.search, { query: { keyword } });
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);

beforeAll(async () => {
  server = await createTestServer();
  await seedDemoData(server.deps);
});

describe('catalogue', () => {
  it('lists categories in order, each with its card types and their best rate', async () => {
    const { code, data } = await classList();
    expect(code).toBe(Code.Ok);
    expect(data[0]!.name).toBe('话费卡');
    const cmcc = data[0]!.cardTypes.find((t) => t.name === '中国移动充值卡');
    const { rows } = await sql(
      'select max(f.rate_bp) as best from face_values f join card_types t on t.id = f.card_type_id where t.name = $1',
      ['中国移动充值卡'],
    );
    expect(cmcc).toMatchObject({ bestRateBp: rows[0].best, maintenance: false });
    expect(cmcc!.logo).toMatch(/^\/assets\/demo\/.+\.svg$/);
  });

  it('hides disabled card types as soon as the change is notified, and a category left with nothing', async () => {
    const { rows } = await sql(`select id from categories where name = '出行卡'`);
    expect((await classList()).data.map((c) => c.name)).toContain('出行卡');
    await sql('update card_types set enabled = false where category_id = $1', [rows[0].id]);
    // The catalogue is kept in memory until PostgreSQL's notice of the change arrives.
    await eventually(async () => !(await classList()).data.some((c) => c.name === '出行卡'));
    await sql('update card_types set enabled = true where category_id = $1', [rows[0].id]);
  });

  it('gives a card type its input rules and face values with rates, smallest first', async () => {
    const { rows } = await sql(`select id from card_types where name = '京东E卡'`);
    const { data } = await detail(rows[0].id);
    expect(data).toMatchObject({ name: '京东E卡', categoryName: '电商卡', needsCardNo: true });
    expect([1, 2, 3]).toContain(data.cardNoRule.ruleType);
    const values = data.faceValues.map((f) => f.faceValueFen);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    for (const f of data.faceValues) {
      expect(Number.isInteger(f.faceValueFen)).toBe(true);
      expect(Number.isInteger(f.rateBp)).toBe(true);
    }
  });

  it('shows the maintenance note of a channel under maintenance', async () => {
    const { rows } = await sql('select id from card_types where maintenance limit 1');
    const { data } = await detail(rows[0].id);
    expect(data.maintenance).toBe(true);
    expect(data.maintenanceNote).toBeTruthy();
  });

  it('answers "not found" for a card type that does not exist or is disabled', async () => {
    const missing = await detail(999999, { 'accept-language': 'en' });
    expect(missing).toMatchObject({ code: Code.NotFound, msg: 'This card type was not found or has been removed' });
    const { rows } = await sql(`update card_types set enabled = false where name = '网易一卡通' returning id`);
    await eventually(async () => (await detail(rows[0].id)).code === Code.NotFound);
  });

  it('finds card types by part of the name, case-insensitively, with wildcards taken literally', async () => {
    const jd = await search('e卡');
    expect(jd.data.map((t) => t.name)).toContain('京东E卡');
    expect(jd.data[0]!.categoryName).toBe('电商卡');
    expect((await search('%')).data).toEqual([]);
    expect((await search('_')).data).toEqual([]);
  });

  it('asks for a keyword when the search is empty', async () => {
    const res = await search(' ');
    expect(res).toMatchObject({ code: Code.InvalidInput, msg: 'keyword：不能为空' });
  });
});
