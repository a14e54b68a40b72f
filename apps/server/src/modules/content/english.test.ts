import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { seedDemoData } from '../../db/seed/demo';
import { adminCall, operator } from '../../../test/console';

let server: TestServer;
let support: string;
let admin: string;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const english = { headers: { lang: 'en-US' } };
const chinese = { headers: { lang: 'zh-CN' } };
const en = async (url: string) => (await server.call('GET', url, english)).data;
const zh = async (url: string) => (await server.call('GET', url, chinese)).data;
const idOf = async (table: string, column: string, value: string): Promise<number> =>
  (await sql(`select id from ${table} where ${column} = $1`, [value])).rows[0].id;

beforeAll(async () => {
  server = await createTestServer();
  await seedDemoData(server.deps);
  support = await operator(server, 'support');
  admin = await operator(server, 'admin');
});

describe('catalogue in the reader’s language', () => {
  it('names categories and card types in English for an English reader and in Chinese otherwise', async () => {
    const english = await en('/api/goods/getClassList');
    expect(english[0].name).toBe('Phone top-up cards');
    expect(english[0].cardTypes.map((t: { name: string }) => t.name)).toContain('China Mobile top-up card');
    const chinese = await zh('/api/goods/getClassList');
    expect(chinese[0].name).toBe('话费卡');
    expect(chinese[0].cardTypes.map((t: { name: string }) => t.name)).toContain('中国移动充值卡');
  });

  it('follows the lang header over the browser’s Accept-Language', async () => {
    const { data } = await server.call('GET', '/api/goods/getClassList', { headers: { lang: 'en-US', 'accept-language': 'zh-CN' } });
    expect(data[0].name).toBe('Phone top-up cards');
  });

  it('gives a card type’s detail and maintenance note in English', async () => {
    const jd = await idOf('card_types', 'name', '京东E卡');
    expect(await en(`/api/goods/getGoodsDetail?id=${jd}`)).toMatchObject({ name: 'JD E-card', categoryName: 'Online shopping cards' });
    expect(await zh(`/api/goods/getGoodsDetail?id=${jd}`)).toMatchObject({ name: '京东E卡', categoryName: '电商卡' });
    const shanda = await idOf('card_types', 'name', '盛大一卡通');
    expect((await en(`/api/goods/getGoodsDetail?id=${shanda}`)).maintenanceNote).toMatch(/^Channel under maintenance/);
  });

  it('falls back to the Chinese name where no English one was written', async () => {
    const category = await idOf('categories', 'name', '游戏卡');
    await sql('update categories set name_en = null where id = $1', [category]);
    await sql("update card_types set name_en = '' where name = '网易一卡通'");
    // Changed behind the server's back: its cache hears of it through the notices, which this waits for.
    await server.deps.publicCache.heard(server.deps.database.pool);
    const games = (await en('/api/goods/getClassList')).find((c: { id: number }) => c.id === category);
    expect(games.name).toBe('游戏卡');
    expect(games.cardTypes.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['网易一卡通', 'Tencent Q-coin card']));
    await sql("update categories set name_en = 'Game cards' where id = $1", [category]);
    await sql("update card_types set name_en = 'NetEase game card' where name = '网易一卡通'");
    await server.deps.publicCache.heard(server.deps.database.pool);
  });

  it('finds a card type by its English or its Chinese name, whatever the reader’s language', async () => {
    const byEnglish = await zh('/api/goods/search?keyword=JD');
    expect(byEnglish.map((t: { name: string }) => t.name)).toEqual(['京东E卡']);
    const byEnglishInEnglish = await en('/api/goods/search?keyword=jd%20e');
    expect(byEnglishInEnglish.map((t: { name: string }) => t.name)).toEqual(['JD E-card']);
    const byChinese = await en(`/api/goods/search?keyword=${encodeURIComponent('京东')}`);
    expect(byChinese).toMatchObject([{ name: 'JD E-card', categoryName: 'Online shopping cards' }]);
  });

  it('names the card type of a user’s orders in the reader’s language', async () => {
    const token = await server.login('13900001111');
    const jd = await idOf('card_types', 'name', '京东E卡');
    const submitted = await server.call('POST', '/api/order/submit', {
      token,
      body: {
        goodsId: jd,
        faceValueFen: 10000,
        cards: [{ cardNo: '1234567890123456', cardPwd: 'ABCD1234EFGH5678' }],
        idempotencyKey: 'english-order-1',
        agree: true,
      },
    });
    expect(submitted.code).toBe(Code.Ok);
    const list = await server.call('GET', '/api/order/list?status=999', { token, ...english });
    expect(list.data.list[0].goodsName).toBe('JD E-card');
    const detail = await server.call('GET', `/api/order/detail?id=${submitted.data.orderId}`, { token, ...chinese });
    expect(detail.data.order.goodsName).toBe('京东E卡');
  });
});

describe('site content in the reader’s language', () => {
  it('serves banners, announcements, ticker lines and FAQ in English, Chinese without lang', async () => {
    const englishBanners = await en('/api/Basis/getChart?position=1');
    expect(englishBanners.map((b: { title: string }) => b.title)).toContain('JD E-cards, top rates');
    expect(englishBanners.every((b: { image: string }) => b.image.endsWith('.en.svg'))).toBe(true);
    const englishPicture = await server.app.inject({
      url: englishBanners.find((b: { title: string }) => b.title === 'JD E-cards, top rates').image,
    });
    expect(englishPicture.body).toContain('>JD E-cards, top rates<');
    const chineseBanners = (await server.call('GET', '/api/Basis/getChart?position=1')).data;
    expect(chineseBanners.map((b: { title: string }) => b.title)).toContain('京东E卡 高价回收');
    expect(chineseBanners.some((b: { image: string }) => b.image.endsWith('.en.svg'))).toBe(false);

    const notices = await en('/api/Basis/getNotice');
    expect(notices.list[0].title).toBe('Beware of scams');
    const detail = await en(`/api/Basis/getNoticeDetail?id=${notices.list[0].id}`);
    expect(detail.content).toContain('Maika customer service never asks for your SMS code');
    expect((await zh(`/api/Basis/getNoticeDetail?id=${notices.list[0].id}`)).title).toBe('谨防诈骗提醒');

    const ticker = (await en('/api/Basis/getBroadcast')).map((b: { text: string }) => b.text);
    expect(ticker).toContain('138****5678 sold a ¥100.00 China Mobile top-up card, credited ¥97.80');
    expect(ticker.join('')).not.toMatch(/[\u4e00-\u9fff]/);

    const faq = await en('/api/Basis/getFaq');
    expect(faq[0]).toMatchObject({ question: 'How long does checking take after I submit a card?' });
    expect((await zh('/api/Basis/getFaq'))[0].question).toBe('提交卡券后多久能审核完成？');
  });

  it('falls back to the Chinese of an item an operator wrote no English for', async () => {
    const created = await adminCall(server, support, 'POST', '/api/admin/content/broadcasts', { text: '新到一批加油卡', sort: -1 });
    expect(created.data.textEn).toBeNull();
    expect((await en('/api/Basis/getBroadcast'))[0].text).toBe('新到一批加油卡');
  });

  it('serves the English file of a rich text to English readers and the Chinese one to others', async () => {
    const english = await en('/api/file/getRichTextTemplate?point=9');
    const chinese = await zh('/api/file/getRichTextTemplate?point=9');
    expect(english.template).toMatch(/^\/files\/richText\/9-\d+\.en\.html$/);
    expect(chinese.template).toMatch(/^\/files\/richText\/9-\d+\.html$/);
    expect((await server.app.inject({ url: english.template })).body).toContain('<h3>Rebate rules</h3>');
    expect((await server.app.inject({ url: chinese.template })).body).toContain('<h3>返佣规则</h3>');
  });

  it('words the rebate rules as the app does: 返佣 and 邀请好友, never 返利 or 分享', async () => {
    const { template } = await zh('/api/file/getRichTextTemplate?point=9');
    const rules = (await server.app.inject({ url: template })).body;
    expect(rules).toContain('返佣明细');
    expect(rules).toContain('“邀请好友”页面');
    expect(rules).not.toMatch(/返利|分享/);
    const faq = (await zh('/api/Basis/getFaq')).map((f: { answer: string }) => f.answer).join('');
    expect(faq).not.toContain('返利');
  });
});

describe('English versions edited in the console', () => {
  it('serves an English card type name saved by an operator at once', async () => {
    const id = await idOf('card_types', 'name', '永辉超市卡');
    const saved = await adminCall(server, admin, 'PUT', `/api/admin/cardTypes/${id}`, { nameEn: 'Yonghui gift card' });
    expect(saved.code).toBe(Code.Ok);
    expect((await en(`/api/goods/getGoodsDetail?id=${id}`)).name).toBe('Yonghui gift card');
    expect((await zh(`/api/goods/getGoodsDetail?id=${id}`)).name).toBe('永辉超市卡');
  });

  it('keeps a rich text’s English version when only the Chinese is saved, and drops it when emptied', async () => {
    const token = support;
    await adminCall(server, token, 'PUT', '/api/admin/content/richText?point=8', { html: '<p>收购意向</p>', htmlEn: '<p>What we buy</p>' });
    await adminCall(server, token, 'PUT', '/api/admin/content/richText?point=8', { html: '<p>收购意向（新）</p>' });
    const stored = await adminCall(server, token, 'GET', '/api/admin/content/richText?point=8');
    expect(stored.data).toMatchObject({ html: '<p>收购意向（新）</p>', htmlEn: '<p>What we buy</p>' });

    await adminCall(server, token, 'PUT', '/api/admin/content/richText?point=8', { html: '<p>收购意向（新）</p>', htmlEn: '' });
    const { template } = await en('/api/file/getRichTextTemplate?point=8');
    expect(template).toMatch(/^\/files\/richText\/8-\d+\.html$/);
    expect((await server.app.inject({ url: template })).body).toBe('<p>收购意向（新）</p>');
    expect((await server.app.inject({ url: template.replace('.html', '.en.html') })).statusCode).toBe(404);
  });

  it('turns an English field left empty into none, so English readers get the Chinese', async () => {
    const created = await adminCall(server, support, 'POST', '/api/admin/content/faq', {
      question: '能开发票吗？',
      questionEn: '  ',
      answer: '暂不支持。',
      answerEn: 'Not yet.',
      sort: -1,
    });
    expect(created.data).toMatchObject({ questionEn: null, answerEn: 'Not yet.' });
    expect((await en('/api/Basis/getFaq'))[0]).toMatchObject({ question: '能开发票吗？', answer: 'Not yet.' });
  });
});
