import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import type { AdminRole } from '../../db/schema';
import { adminCall, adminRaw, auditActions, expectRoleMatrix, operators, type Method } from '../../../test/console';

let server: TestServer;
let ops: Record<AdminRole, string>;
beforeAll(async () => {
  server = await createTestServer();
  ops = await operators(server);
});

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const call = (method: Method, url: string, body?: unknown, token = ops.support) => adminCall(server, token, method, url, body);
const publicGet = async (url: string) => (await server.call('GET', url)).data;

async function uploadImage(token: string, bytes = PNG) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'banner.png');
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/admin/file/upload',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    payload: form,
  });
  return res.json();
}

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
    const probes: [Method, string, unknown?][] = [
      ['GET', '/api/admin/content/foundation'],
      ['PUT', '/api/admin/content/foundation', {}],
    ];
    for (const path of ['banners', 'notices', 'broadcasts', 'faq']) {
      probes.push(
        ['GET', `/api/admin/content/${path}`],
        ['POST', `/api/admin/content/${path}`, {}],
        ['PUT', `/api/admin/content/${path}/999999`, {}],
        ['DELETE', `/api/admin/content/${path}/999999`],
      );
    }
    await expectRoleMatrix(server, ops, ['admin', 'support'], probes);
    expect((await uploadImage(ops.reviewer)).code).toBe(Code.AdminForbidden);
    expect((await uploadImage(ops.finance)).code).toBe(Code.AdminForbidden);
  });

  it('banners: upload, create, edit, disable and delete, as the public call shows them', async () => {
    const uploaded = await uploadImage(ops.support);
    expect(uploaded.data).toEqual({ path: expect.stringMatching(/^\/uploads\/content\/.+\.png$/), url: uploaded.data.path });
    expect((await uploadImage(ops.support, Buffer.from('not an image'))).code).toBe(Code.UploadRejected);

    const body = { position: 2, image: uploaded.data.path, link: '/pages/sellCard/index', title: '夏季活动', sort: 1 };
    const created = await call('POST', '/api/admin/content/banners', body);
    expect(created.data).toMatchObject({ ...body, enabled: true, imageUrl: uploaded.data.path });
    const id = created.data.id as number;
    expect(await publicGet('/api/Basis/getChart?position=2')).toContainEqual({
      id,
      position: 2,
      title: '夏季活动',
      image: uploaded.data.path,
      link: '/pages/sellCard/index',
    });

    const edited = await call('PUT', `/api/admin/content/banners/${id}`, { ...body, title: '秋季活动', link: null, enabled: false });
    expect(edited.data).toMatchObject({ id, title: '秋季活动', link: null, enabled: false });
    expect((await publicGet('/api/Basis/getChart?position=2')).map((b: { id: number }) => b.id)).not.toContain(id);
    const listed = await call('GET', '/api/admin/content/banners?position=2');
    expect(listed.data.list.find((b: { id: number }) => b.id === id)).toMatchObject({ enabled: false });

    expect((await call('DELETE', `/api/admin/content/banners/${id}`)).code).toBe(200);
    expect((await call('DELETE', `/api/admin/content/banners/${id}`)).code).toBe(Code.NotFound);
    expect((await call('PUT', `/api/admin/content/banners/${id}`, body)).code).toBe(Code.NotFound);
    expect(await auditActions(server, 'banners', id)).toEqual([
      'content.banners.create',
      'content.banners.update',
      'content.banners.delete',
    ]);
  });

  it('banners: refuse an image that was never uploaded, a bad position and a bad link', async () => {
    const missing = await call('POST', '/api/admin/content/banners', {
      position: 1,
      image: '/uploads/content/2020-01/nothing.png',
      title: 'x',
    });
    expect(missing).toMatchObject({ code: Code.InvalidInput, msg: 'image: was not found; upload the image again' });
    const outside = await call('POST', '/api/admin/content/banners', { position: 1, image: 'https://evil.example.com/a.png', title: 'x' });
    expect(outside.code).toBe(Code.InvalidInput);
    expect(outside.msg).toMatch(/^image: /);
    const { data } = await uploadImage(ops.admin);
    const position = await call('POST', '/api/admin/content/banners', { position: 7, image: data.path, title: 'x' });
    expect(position.msg).toMatch(/^position: must be one of/);
    const link = await call('POST', '/api/admin/content/banners', {
      position: 1,
      image: data.path,
      title: 'x',
      link: 'javascript:alert(1)',
    });
    expect(link.msg).toMatch(/^link: must be a web address/);
  });

  it('notices, ticker lines and FAQ round-trip to the public calls', async () => {
    const notice = await call('POST', '/api/admin/content/notices', { title: '系统维护通知', content: '今晚 23:00 维护', pinned: true });
    expect(notice.data).toMatchObject({ title: '系统维护通知', pinned: true, enabled: true, publishedAt: expect.any(String) });
    const detail = await publicGet(`/api/Basis/getNoticeDetail?id=${notice.data.id}`);
    expect(detail).toMatchObject({ title: '系统维护通知', content: '今晚 23:00 维护', pinned: true });
    const publishedAt = '2030-01-02T03:04:05.000Z';
    const renamed = await call('PUT', `/api/admin/content/notices/${notice.data.id}`, {
      title: '维护完成',
      content: '已恢复',
      publishedAt,
    });
    expect(renamed.data).toMatchObject({ title: '维护完成', pinned: false, publishedAt });
    const edited = await call('PUT', `/api/admin/content/notices/${notice.data.id}`, { title: '维护完成', content: '已恢复' });
    expect(edited.data.publishedAt).toBe(publishedAt);
    expect((await publicGet('/api/Basis/getNotice')).list[0]).toMatchObject({ id: notice.data.id, title: '维护完成' });

    const first = await call('POST', '/api/admin/content/broadcasts', { text: '第二条', sort: 2 });
    const second = await call('POST', '/api/admin/content/broadcasts', { text: '第一条', sort: 1 });
    const lines = (await publicGet('/api/Basis/getBroadcast')).map((b: { text: string }) => b.text);
    expect(lines.indexOf('第一条')).toBeLessThan(lines.indexOf('第二条'));
    await call('PUT', `/api/admin/content/broadcasts/${first.data.id}`, { text: '第二条', enabled: false });
    expect((await publicGet('/api/Basis/getBroadcast')).map((b: { text: string }) => b.text)).not.toContain('第二条');
    expect((await call('DELETE', `/api/admin/content/broadcasts/${second.data.id}`)).code).toBe(200);

    const faq = await call('POST', '/api/admin/content/faq', { question: '多久到账？', answer: '审核通过后立即到账。', sort: -1 });
    expect((await publicGet('/api/Basis/getFaq'))[0]).toEqual({ id: faq.data.id, question: '多久到账？', answer: '审核通过后立即到账。' });
    const empty = await call('POST', '/api/admin/content/faq', { question: ' ', answer: 'x' });
    expect(empty).toMatchObject({ code: Code.InvalidInput, msg: 'question: must not be empty' });
    const all = await call('GET', '/api/admin/content/faq?page=1&pageSize=1');
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

    await call('PUT', '/api/admin/content/richText?point=8', { html: hostile, htmlEn: '<script>only code</script>' });
    const { template } = await publicGet('/api/file/getRichTextTemplate?point=8');
    expect((await server.app.inject({ url: template })).body).toBe(kept);
    // An English version with nothing left after cleaning is no English version: the console shows it empty.
    expect((await call('GET', '/api/admin/content/richText?point=8')).data).toMatchObject({ html: kept, htmlEn: '' });

    const notice = await call('POST', '/api/admin/content/notices', { title: '安全提醒', content: hostile, contentEn: hostile });
    expect(notice.data).toMatchObject({ content: kept, contentEn: kept });
    const edited = await call('PUT', `/api/admin/content/notices/${notice.data.id}`, {
      title: '安全提醒',
      content: '<p>已更新<img src="x.png" onerror="alert(3)"></p><button>点我</button>',
    });
    expect(edited.data).toMatchObject({ content: '<p>已更新<img src="x.png" /></p>', contentEn: null });
    expect(await publicGet(`/api/Basis/getNoticeDetail?id=${notice.data.id}`)).toMatchObject({
      content: '<p>已更新<img src="x.png" /></p>',
    });
  });

  it('refuses an announcement or a rich text with nothing left to read once cleaned, naming the field, and keeps what was saved', async () => {
    const reason = 'has no text or picture once tags that are not allowed are removed; write some text';
    const notice = await call('POST', '/api/admin/content/notices', { title: '停机公告', content: '<p>今晚维护</p>' });
    expect(await call('POST', '/api/admin/content/notices', { title: '空公告', content: '<script>alert(1)</script>' })).toMatchObject({
      code: Code.InvalidInput,
      msg: `content: ${reason}`,
    });
    const emptied = await call('PUT', `/api/admin/content/notices/${notice.data.id}`, {
      title: '停机公告',
      content: '<p> </p><p>&nbsp;</p>',
    });
    expect(emptied).toMatchObject({ code: Code.InvalidInput, msg: `content: ${reason}` });
    expect(await publicGet(`/api/Basis/getNoticeDetail?id=${notice.data.id}`)).toMatchObject({ content: '<p>今晚维护</p>' });
    // A picture alone is something to read; an empty English editor is no English version.
    const picture = await call('PUT', `/api/admin/content/notices/${notice.data.id}`, {
      title: '停机公告',
      content: '<p><img src="/uploads/notice.png"></p>',
      contentEn: '<p></p>',
    });
    expect(picture.data).toMatchObject({ content: '<p><img src="/uploads/notice.png" /></p>', contentEn: null });

    await call('PUT', '/api/admin/content/richText?point=9', { html: '<p>隐私政策正文</p>' });
    const blank = await call('PUT', '/api/admin/content/richText?point=9', { html: '<iframe src="https://evil.example"></iframe>' });
    expect(blank).toMatchObject({ code: Code.InvalidInput, msg: `html: ${reason}` });
    const { template } = await publicGet('/api/file/getRichTextTemplate?point=9');
    expect((await server.app.inject({ url: template })).body).toBe('<p>隐私政策正文</p>');
  });

  it('foundation: saved settings show in the public call; bad links are refused with the field named', async () => {
    const saved = await call('PUT', '/api/admin/content/foundation', validFoundation);
    expect(saved.data).toMatchObject({ ...validFoundation, versionStamp: expect.any(String) });
    expect(await publicGet('/api/Basis/getFoundation')).toMatchObject(validFoundation);

    const bad = await call('PUT', '/api/admin/content/foundation', { ...validFoundation, oldPlatformUrl: 'old.example.com' });
    expect(bad).toMatchObject({
      code: Code.InvalidInput,
      msg: 'oldPlatformUrl: must be a full web address starting with http:// or https://',
    });
    const script = await call('PUT', '/api/admin/content/foundation', {
      ...validFoundation,
      customerServiceUrl: { h5: 'javascript:alert(1)', weapp: '', alipay: '' },
    });
    expect(script.code).toBe(Code.InvalidInput);
    expect(script.msg).toMatch(/^customerServiceUrl\.h5: must be empty, a web address/);
    const zh = await adminRaw(
      server,
      ops.support,
      'PUT',
      '/api/admin/content/foundation',
      { ...validFoundation, oldPlatformUrl: 'old' },
      'zh-CN',
    );
    expect(zh.json().msg).toContain('须为以 http:// 或 https:// 开头的完整网址');
    expect(await publicGet('/api/Basis/getFoundation')).toMatchObject(validFoundation);
  });

  it('foundation: only an administrator changes the rebate rate, within 0 to 30%', async () => {
    await call('PUT', '/api/admin/content/foundation', validFoundation, ops.admin);
    const bySupport = await call('PUT', '/api/admin/content/foundation', { ...validFoundation, rebateRateBp: 200 });
    expect(bySupport.code).toBe(Code.AdminForbidden);
    expect((await call('PUT', '/api/admin/content/foundation', { ...validFoundation, rebateRateBp: 3001 }, ops.admin)).code).toBe(
      Code.InvalidInput,
    );
    const byAdmin = await call('PUT', '/api/admin/content/foundation', { ...validFoundation, rebateRateBp: 200 }, ops.admin);
    expect(byAdmin.data.rebateRateBp).toBe(200);
    expect((await publicGet('/api/Basis/getFoundation')).rebateRateBp).toBe(200);
    expect(await auditActions(server, 'settings', 'foundation')).toContain('content.foundation.save');
  });
});
