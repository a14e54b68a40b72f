import { Code, contentLink, contract, pathOf, type AnswerOf, type ContractCall } from '@maika/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, type CallApiOptions } from '../../../test/callApi';
import { createTestServer, type Body, type TestServer } from '../../../test/harness';
import { banners, type AdminRole } from '../../db/schema';
import { demoBanners } from '../../db/seed/content';
import { adminRaw, auditActions, expectRoleMatrix, operators, uploadContentImage, type Method, type Probe } from '../../../test/console';

let server: TestServer;
let ops: Record<AdminRole, string>;
beforeAll(async () => {
  server = await createTestServer();
  ops = await operators(server);
});

const calls = contract.content;
type Options<C extends ContractCall> = Omit<CallApiOptions<C>, 'token' | 'headers'>;
const typedCall = callApi as <C extends ContractCall>(
  server: TestServer,
  call: C,
  options: CallApiOptions<C>,
) => Promise<Body<AnswerOf<C>>>;
/** An operator's call (support's unless another token is given), in English. */
const call = <C extends ContractCall>(c: C, options: Options<C>, token = ops.support) =>
  typedCall(server, c, { ...options, token, headers: { 'accept-language': 'en-US' } } as CallApiOptions<C>);
/** A public call's data, as the app reads it. */
const publicGet = async <C extends ContractCall>(c: C, options: Options<C> = {} as Options<C>) =>
  (await typedCall(server, c, options as CallApiOptions<C>)).data;
/** A body the schema refuses, sent as it is. */
const refused = (body: object) => body as never;

const uploadImage = (token: string, bytes?: Buffer) => uploadContentImage(server, token, bytes);

const validFoundation = {
  siteName: '卖卡测试',
  customerServiceUrl: { h5: 'https://kf.example.com/chat', weapp: '/pages/service/index', alipay: '' },
  appLaunchUrl: { h5: '', weapp: '', alipay: '' },
  oldPlatformUrl: 'https://old.example.com',
  icp: '京ICP备00000000号',
  servicePhone: '400-000-0000',
  serviceHours: '9:00-21:00',
  rebateRateBp: 100,
};

describe('admin content', () => {
  it('is open to administrators and support only', async () => {
    const probe = (c: ContractCall, body?: object): Probe => [c.method as Method, pathOf(c, { id: 999999 }), body];
    const probes: Probe[] = [probe(calls.adminFoundation), probe(calls.saveFoundation, {})];
    for (const noun of ['Banner', 'Notice', 'Broadcast', 'Faq'] as const) {
      probes.push(
        probe(calls[`admin${noun}s`]),
        probe(calls[`create${noun}`], {}),
        probe(calls[`update${noun}`], {}),
        probe(calls[`delete${noun}`]),
      );
    }
    await expectRoleMatrix(server, ops, ['admin', 'support'], probes);
    expect((await uploadImage(ops.reviewer)).code).toBe(Code.AdminForbidden);
    expect((await uploadImage(ops.finance)).code).toBe(Code.AdminForbidden);
  });

  it('keeps a content image no wider than a phone at 2× (750 px), without its metadata, and never enlarges one', async () => {
    const banner = await sharp({ create: { width: 1500, height: 600, channels: 3, background: '#0eb2e9' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'LeakyCam' } })
      .toBuffer();
    const stored = async (bytes: Buffer) => {
      const { data } = await uploadImage(ops.support, bytes);
      return (await server.app.inject({ method: 'GET', url: data.path })).rawPayload;
    };
    const scaled = await stored(banner);
    const metadata = await sharp(scaled).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 750, height: 300 });
    expect(metadata.exif).toBeUndefined();
    expect(scaled.includes(Buffer.from('LeakyCam'))).toBe(false);
    const logo = await sharp({ create: { width: 88, height: 88, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await sharp(await stored(logo)).metadata()).toMatchObject({ format: 'png', width: 88, height: 88 });
  });

  it('banners: upload, create, edit, disable and delete, as the public call shows them', async () => {
    const uploaded = await uploadImage(ops.support);
    expect(uploaded.data).toEqual({ path: expect.stringMatching(/^\/uploads\/content\/.+\.png$/), url: uploaded.data.path });
    expect((await uploadImage(ops.support, Buffer.from('not an image'))).code).toBe(Code.UploadRejected);

    const body = { position: 2 as const, image: uploaded.data.path, link: '/pages/sellCard/index', title: '夏季活动', sort: 1 };
    const created = await call(calls.createBanner, { body });
    expect(created.data).toMatchObject({ ...body, enabled: true, imageUrl: uploaded.data.path });
    const id = created.data.id;
    expect(await publicGet(calls.banners, { query: { position: 2 } })).toContainEqual({
      id,
      position: 2,
      title: '夏季活动',
      image: uploaded.data.path,
      link: '/pages/sellCard/index',
    });

    const edited = await call(calls.updateBanner, { params: { id }, body: { ...body, title: '秋季活动', link: null, enabled: false } });
    expect(edited.data).toMatchObject({ id, title: '秋季活动', link: null, enabled: false });
    expect((await publicGet(calls.banners, { query: { position: 2 } })).map((b) => b.id)).not.toContain(id);
    const listed = await call(calls.adminBanners, { query: { position: 2 } });
    expect(listed.data.list.find((b) => b.id === id)).toMatchObject({ enabled: false });

    expect((await call(calls.deleteBanner, { params: { id } })).code).toBe(200);
    expect((await call(calls.deleteBanner, { params: { id } })).code).toBe(Code.NotFound);
    expect((await call(calls.updateBanner, { params: { id }, body })).code).toBe(Code.NotFound);
    expect(await auditActions(server, 'banners', id)).toEqual([
      'content.banners.create',
      'content.banners.update',
      'content.banners.delete',
    ]);
  });

  it('banners: refuse an image that was never uploaded, a bad position and a bad link', async () => {
    const missing = await call(calls.createBanner, {
      body: { position: 1, image: '/uploads/content/2020-01/nothing.png', title: 'x' },
    });
    expect(missing).toMatchObject({ code: Code.InvalidInput, msg: 'image: was not found; upload the image again' });
    const outside = await call(calls.createBanner, { body: { position: 1, image: 'https://evil.example.com/a.png', title: 'x' } });
    expect(outside.code).toBe(Code.InvalidInput);
    expect(outside.msg).toMatch(/^image: /);
    const { data } = await uploadImage(ops.admin);
    const position = await call(calls.createBanner, { body: refused({ position: 7, image: data.path, title: 'x' }) });
    expect(position.msg).toMatch(/^position: must be one of/);
    const link = await call(calls.createBanner, { body: { position: 1, image: data.path, title: 'x', link: 'javascript:alert(1)' } });
    expect(link.msg).toMatch(/^link: must be a web address/);
  });

  it("banners: an edit that leaves the pictures out keeps them, so a demo banner's title changes alone", async () => {
    // A demo banner shows a picture of ours (/assets/demo/…), which no upload made.
    const demo = demoBanners[0]!;
    const [row] = await server.deps.database.db
      .insert(banners)
      .values({ ...demo, sort: 50 })
      .returning();
    const { link, titleEn, sort, enabled } = row!;
    const position = demo.position;
    const edited = await call(calls.updateBanner, {
      params: { id: row!.id },
      body: { position, title: '闲置卡券 立即变现', titleEn, link, sort, enabled },
    });
    expect(edited).toMatchObject({
      code: 200,
      data: { title: '闲置卡券 立即变现', image: demo.image, imageEn: demo.imageEn, link: demo.link },
    });
    const removed = await call(calls.updateBanner, { params: { id: row!.id }, body: { position, title: 'x', link, imageEn: null } });
    expect(removed.data).toMatchObject({ image: demo.image, imageEn: null });
    await call(calls.deleteBanner, { params: { id: row!.id } });
  });

  it("the demo banners' links are app page paths the banner form accepts", () => {
    for (const { link } of demoBanners) if (link !== null) expect(contentLink.safeParse(link).success, link).toBe(true);
  });

  it("gives a field's problem alone beside the message, in the reader's language, for a form to show at the field", async () => {
    const { data } = await uploadImage(ops.admin);
    const body = { position: 1 as const, image: data.path, title: 'x', link: 'javascript:alert(1)' };
    const english = await call(calls.createBanner, { body });
    expect(english).toMatchObject({
      code: Code.InvalidInput,
      data: { field: 'link', reason: 'must be a web address starting with http:// or https://, or an app page path starting with /' },
    });
    const chinese = await typedCall(server, calls.createBanner, { body, token: ops.support, headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.data).toEqual({ field: 'link', reason: '须为以 http:// 或 https:// 开头的网址，或以 / 开头的应用页面路径' });
    const missing = await call(calls.createBanner, { body: { ...body, link: null, image: '/uploads/content/2020-01/nothing.png' } });
    expect(missing.data).toEqual({ field: 'image', reason: 'was not found; upload the image again' });
  });

  it('notices, ticker lines and FAQ round-trip to the public calls', async () => {
    const notice = await call(calls.createNotice, { body: { title: '系统维护通知', content: '今晚 23:00 维护', pinned: true } });
    expect(notice.data).toMatchObject({ title: '系统维护通知', pinned: true, enabled: true, publishedAt: expect.any(String) });
    const detail = await publicGet(calls.noticeDetail, { query: { id: notice.data.id } });
    expect(detail).toMatchObject({ title: '系统维护通知', content: '今晚 23:00 维护', pinned: true });
    const publishedAt = '2030-01-02T03:04:05.000Z';
    const renamed = await call(calls.updateNotice, {
      params: { id: notice.data.id },
      body: { title: '维护完成', content: '已恢复', publishedAt },
    });
    expect(renamed.data).toMatchObject({ title: '维护完成', pinned: false, publishedAt });
    const edited = await call(calls.updateNotice, { params: { id: notice.data.id }, body: { title: '维护完成', content: '已恢复' } });
    expect(edited.data.publishedAt).toBe(publishedAt);
    expect((await publicGet(calls.notices, { query: {} })).list[0]).toMatchObject({ id: notice.data.id, title: '维护完成' });

    const first = await call(calls.createBroadcast, { body: { text: '第二条', sort: 2 } });
    const second = await call(calls.createBroadcast, { body: { text: '第一条', sort: 1 } });
    const lines = (await publicGet(calls.broadcasts)).map((b) => b.text);
    expect(lines.indexOf('第一条')).toBeLessThan(lines.indexOf('第二条'));
    await call(calls.updateBroadcast, { params: { id: first.data.id }, body: { text: '第二条', enabled: false } });
    expect((await publicGet(calls.broadcasts)).map((b) => b.text)).not.toContain('第二条');
    expect((await call(calls.deleteBroadcast, { params: { id: second.data.id } })).code).toBe(200);

    const faq = await call(calls.createFaq, { body: { question: '多久到账？', answer: '审核通过后立即到账。', sort: -1 } });
    expect((await publicGet(calls.faq))[0]).toEqual({ id: faq.data.id, question: '多久到账？', answer: '审核通过后立即到账。' });
    const empty = await call(calls.createFaq, { body: { question: ' ', answer: 'x' } });
    expect(empty).toMatchObject({ code: Code.InvalidInput, msg: 'question: must not be empty' });
    const all = await call(calls.adminFaqs, { query: { page: 1, pageSize: 1 } });
    expect(all.data).toMatchObject({ total: expect.any(Number), list: [expect.objectContaining({ id: faq.data.id })] });
  });

  it('stores a rich text and an announcement without the tags, handlers and links the allow-list refuses', async () => {
    const hostile =
      '<h3 onclick="steal()">须知</h3><script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
      '<p class="x" style="position:fixed;white-space:nowrap">请<font color="red">注意</font>' +
      '<a href="javascript:alert(2)">这里</a><a href="https://maika.example/help">帮助</a></p>';
    const kept =
      '<h3>须知</h3><p style="white-space:nowrap">请注意<a rel="noopener noreferrer">这里</a>' +
      '<a href="https://maika.example/help" rel="noopener noreferrer">帮助</a></p>';

    await call(calls.saveRichText, { query: { point: 8 }, body: { html: hostile, htmlEn: '<script>only code</script>' } });
    const { template } = await publicGet(calls.richTextTemplate, { query: { point: 8 } });
    expect((await server.app.inject({ url: template })).body).toBe(kept);
    // An English version with nothing left after cleaning is no English version: the console shows it empty.
    expect((await call(calls.adminRichText, { query: { point: 8 } })).data).toMatchObject({ html: kept, htmlEn: '' });

    const notice = await call(calls.createNotice, { body: { title: '安全提醒', content: hostile, contentEn: hostile } });
    expect(notice.data).toMatchObject({ content: kept, contentEn: kept });
    const edited = await call(calls.updateNotice, {
      params: { id: notice.data.id },
      body: { title: '安全提醒', content: '<p>已更新<img src="x.png" onerror="alert(3)"></p><button>点我</button>' },
    });
    expect(edited.data).toMatchObject({ content: '<p>已更新<img src="x.png" /></p>', contentEn: null });
    expect(await publicGet(calls.noticeDetail, { query: { id: notice.data.id } })).toMatchObject({
      content: '<p>已更新<img src="x.png" /></p>',
    });
  });

  it('refuses an announcement or a rich text with nothing left to read once cleaned, naming the field, and keeps what was saved', async () => {
    const reason = 'has no text or picture once tags that are not allowed are removed; write some text';
    const notice = await call(calls.createNotice, { body: { title: '停机公告', content: '<p>今晚维护</p>' } });
    expect(await call(calls.createNotice, { body: { title: '空公告', content: '<script>alert(1)</script>' } })).toMatchObject({
      code: Code.InvalidInput,
      msg: `content: ${reason}`,
    });
    const emptied = await call(calls.updateNotice, {
      params: { id: notice.data.id },
      body: { title: '停机公告', content: '<p> </p><p>&nbsp;</p>' },
    });
    expect(emptied).toMatchObject({ code: Code.InvalidInput, msg: `content: ${reason}` });
    expect(await publicGet(calls.noticeDetail, { query: { id: notice.data.id } })).toMatchObject({ content: '<p>今晚维护</p>' });
    // A picture alone is something to read; an empty English editor is no English version.
    const picture = await call(calls.updateNotice, {
      params: { id: notice.data.id },
      body: { title: '停机公告', content: '<p><img src="/uploads/notice.png"></p>', contentEn: '<p></p>' },
    });
    expect(picture.data).toMatchObject({ content: '<p><img src="/uploads/notice.png" /></p>', contentEn: null });

    await call(calls.saveRichText, { query: { point: 9 }, body: { html: '<p>隐私政策正文</p>' } });
    const blank = await call(calls.saveRichText, { query: { point: 9 }, body: { html: '<iframe src="https://evil.example"></iframe>' } });
    expect(blank).toMatchObject({ code: Code.InvalidInput, msg: `html: ${reason}` });
    const { template } = await publicGet(calls.richTextTemplate, { query: { point: 9 } });
    expect((await server.app.inject({ url: template })).body).toBe('<p>隐私政策正文</p>');
  });

  it('foundation: saved settings show in the public call; bad links are refused with the field named', async () => {
    const saved = await call(calls.saveFoundation, { body: validFoundation });
    expect(saved.data).toMatchObject({ ...validFoundation, versionStamp: expect.any(String) });
    expect(await publicGet(calls.foundation)).toMatchObject(validFoundation);

    const bad = await call(calls.saveFoundation, { body: { ...validFoundation, oldPlatformUrl: 'old.example.com' } });
    expect(bad).toMatchObject({
      code: Code.InvalidInput,
      msg: 'oldPlatformUrl: must be a full web address starting with http:// or https://',
    });
    const script = await call(calls.saveFoundation, {
      body: { ...validFoundation, customerServiceUrl: { h5: 'javascript:alert(1)', weapp: '', alipay: '' } },
    });
    expect(script.code).toBe(Code.InvalidInput);
    expect(script.msg).toMatch(/^customerServiceUrl\.h5: must be empty, a web address/);
    const zh = await adminRaw(
      server,
      ops.support,
      calls.saveFoundation.method,
      pathOf(calls.saveFoundation),
      { ...validFoundation, oldPlatformUrl: 'old' },
      'zh-CN',
    );
    expect(zh.json().msg).toContain('须为以 http:// 或 https:// 开头的完整网址');
    expect(await publicGet(calls.foundation)).toMatchObject(validFoundation);
  });

  it('foundation: saves the customer service and the card mailing address; an address is whole or empty', async () => {
    const mailingAddress = {
      recipient: '收卡中心',
      recipientEn: 'Card Receiving',
      phone: '0571-8888 0000',
      address: '杭州市西湖区文三路 1 号',
      addressEn: 'No. 1 Wensan Road, Hangzhou',
    };
    const body = { ...validFoundation, weappContact: true, mailingAddress };
    expect((await call(calls.saveFoundation, { body })).code).toBe(Code.Ok);
    expect(await publicGet(calls.foundation)).toMatchObject({ weappContact: true, mailingAddress });

    const partial = await call(calls.saveFoundation, { body: { ...body, mailingAddress: { ...mailingAddress, recipient: '' } } });
    expect(partial).toMatchObject({
      code: Code.InvalidInput,
      msg: 'mailingAddress: needs a recipient, a phone and an address, or nothing at all',
    });
    // A body without the new fields (an older console) leaves them as saved.
    expect((await call(calls.saveFoundation, { body: validFoundation })).code).toBe(Code.Ok);
    expect(await publicGet(calls.foundation)).toMatchObject({ weappContact: true, mailingAddress });

    const none = { recipient: '', recipientEn: '', phone: '', address: '', addressEn: '' };
    expect((await call(calls.saveFoundation, { body: { ...body, weappContact: false, mailingAddress: none } })).code).toBe(Code.Ok);
    expect(await publicGet(calls.foundation)).toMatchObject({ weappContact: false, mailingAddress: none });
  });

  it('foundation: only an administrator changes the rebate rate, within 0 to 30%', async () => {
    await call(calls.saveFoundation, { body: validFoundation }, ops.admin);
    const bySupport = await call(calls.saveFoundation, { body: { ...validFoundation, rebateRateBp: 200 } });
    expect(bySupport.code).toBe(Code.AdminForbidden);
    expect((await call(calls.saveFoundation, { body: { ...validFoundation, rebateRateBp: 3001 } }, ops.admin)).code).toBe(
      Code.InvalidInput,
    );
    const byAdmin = await call(calls.saveFoundation, { body: { ...validFoundation, rebateRateBp: 200 } }, ops.admin);
    expect(byAdmin.data.rebateRateBp).toBe(200);
    expect((await publicGet(calls.foundation)).rebateRateBp).toBe(200);
    expect(await auditActions(server, 'settings', 'foundation')).toContain('content.foundation.save');
  });
});
