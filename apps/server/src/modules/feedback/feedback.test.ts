import { Code, contract, FeedbackCategory, type FeedbackAddBody } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let phone = 13740000000;
const en = { lang: 'en-US' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});
const newUser = () => server.login(String((phone += 1)));

async function upload(token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/file/upload?purpose=feedback',
    headers: { uuid: 'test-device-0001', token, ...en },
    payload: form,
  });
  return res.json();
}
const calls = contract.feedback;
/** Sends any body, the refused ones included, as the typed call. */
const add = (token: string, body: unknown) => callApi(server, calls.add, { token, body: body as FeedbackAddBody, headers: en });
const records = (token: string, query: { page?: number; pageSize?: number } = {}) => callApi(server, calls.records, { token, query });
const valid = { category: FeedbackCategory.WithdrawalFlow, content: 'The withdrawal page keeps loading', images: [] as string[] };

describe('POST /api/feedback/add', () => {
  it('stores the feedback with its uploaded images, trimmed, and lists it as pending', async () => {
    const token = await newUser();
    const image = (await upload(token, PNG)).data.path as string;
    const res = await add(token, { ...valid, content: '  提现一直在加载  ', images: [image], contact: ' wx_abc ' });
    expect(res).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const listed = await records(token, { page: 1, pageSize: 20 });
    expect(listed.data.total).toBe(1);
    expect(listed.data.list[0]).toMatchObject({
      id: res.data.id,
      category: FeedbackCategory.WithdrawalFlow,
      content: '提现一直在加载',
      images: [image],
      imageUrls: [expect.stringMatching(/^\/api\/file\/private\/feedback\/.+\?expires=\d+&signature=[\w-]+$/)],
      contact: 'wx_abc',
      status: 0,
      reply: null,
      repliedAt: null,
    });
    expect((await add(token, { category: FeedbackCategory.Other, content: 'no images or contact' })).code).toBe(200);
  });

  it('refuses empty, too long and unknown-category feedback, naming the field', async () => {
    const token = await newUser();
    expect(await add(token, { ...valid, content: '   ' })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'content: must not be empty: describe the problem',
    });
    expect(await add(token, { ...valid, content: 'x'.repeat(141) })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'content: must be at most 140 characters',
    });
    expect((await add(token, { ...valid, content: '字'.repeat(140) })).code).toBe(200);
    const category = await add(token, { ...valid, category: 11 });
    expect(category.code).toBe(Code.InvalidInput);
    expect(category.msg).toMatch(/^category: must be one of: 1 \(home\), .* 10 \(other\)$/);
    expect((await add(token, { ...valid, contact: 'c'.repeat(51) })).msg).toBe('contact: must be at most 50 characters');
    const zh = await callApi(server, calls.add, { token, body: { ...valid, content: '' } });
    expect(zh.msg).toBe('content：不能为空，请描述遇到的问题');
  });

  it('refuses a tenth image, a path that is not an upload and an upload that does not exist', async () => {
    const token = await newUser();
    const image = (await upload(token, PNG)).data.path as string;
    const ten = await add(token, { ...valid, images: Array(10).fill(image) });
    expect(ten).toMatchObject({ code: Code.InvalidInput, msg: 'images: must have at most 9 images' });
    expect((await add(token, { ...valid, images: Array(9).fill(image) })).code).toBe(200);
    for (const bad of [
      '/uploads/../../etc/passwd',
      'https://evil.example.com/a.png',
      '/uploads/user/2024-01/00000000-0000-0000-0000-000000000000.png',
    ]) {
      const res = await add(token, { ...valid, images: [bad] });
      expect(res.code, bad).toBe(Code.InvalidInput);
      expect(res.msg, bad).toBe('images.0: must be a path returned by /api/file/upload?purpose=feedback');
    }
    const missing = await add(token, { ...valid, images: [image, '/private/feedback/2024-01/00000000-0000-0000-0000-000000000000.png'] });
    expect(missing).toMatchObject({
      code: Code.FeedbackImageMissing,
      msg: 'Image 2 was not found, perhaps its upload failed; remove it and upload it again',
    });
  });

  it('explains an upload refused for its type or size, so the form can say what to do', async () => {
    const token = await newUser();
    expect(await upload(token, Buffer.from('%PDF-1.4 not an image'))).toMatchObject({
      code: Code.UploadRejected,
      msg: 'Only JPG, PNG, GIF or WebP images can be uploaded',
    });
    const large = await upload(token, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(large).toMatchObject({ code: Code.UploadTooLarge, msg: 'Images must be at most 5 MB; compress it and upload again' });
  });

  it('accepts ten messages a day per user, then says when to come back; refused input does not count', async () => {
    const token = await newUser();
    expect((await add(token, { ...valid, content: '' })).code).toBe(Code.InvalidInput);
    for (let i = 0; i < 10; i += 1) expect((await add(token, { ...valid, content: `message ${i}` })).code).toBe(200);
    const refused = await add(token, valid);
    expect(refused).toMatchObject({ code: Code.FeedbackDailyLimit });
    expect(refused.msg).toMatch(/at most 10 feedback messages a day/);
    expect((await add(await newUser(), valid)).code).toBe(200);
  });

  it('needs a logged-in user', async () => {
    expect((await callApi(server, calls.add, { body: valid })).code).toBe(Code.NotLoggedIn);
    expect((await callApi(server, calls.records, { query: {} })).code).toBe(Code.NotLoggedIn);
  });
});

describe('GET /api/feedback/records and /api/feedback/detail', () => {
  it("show only the caller's own feedback; another user's id is not found", async () => {
    const mine = await newUser();
    const theirs = await newUser();
    const own = (await add(mine, valid)).data.id;
    const other = (await add(theirs, { ...valid, content: 'someone else' })).data.id;
    expect((await callApi(server, calls.detail, { token: mine, query: { id: own } })).data).toMatchObject({
      id: own,
      content: valid.content,
    });
    const foreign = await callApi(server, calls.detail, { token: mine, query: { id: other }, headers: en });
    expect(foreign).toMatchObject({ code: Code.NotFound, msg: 'This feedback was not found or has been removed' });
    const list = await records(mine);
    expect(list.data.list.map((f) => f.id)).toEqual([own]);
    expect((await callApi(server, calls.detail, { token: mine, query: { id: 'abc' } })).code).toBe(Code.InvalidInput);
  });
});
