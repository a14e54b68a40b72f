import { Code } from '@maika/shared';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { encrypt } from '../../lib/crypto';
import { AppError } from '../../http/envelope';
import { closureBlockers, type ClosureCheck } from '../cancellation';

const en = { 'accept-language': 'en' };

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MB = 1024 * 1024;

let server: TestServer;
beforeAll(async () => {
  // Many logins from one test address: keep the per-IP SMS cap out of the way.
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});

const query = async (sql: string, params: unknown[]) => (await server.deps.database.pool.query(sql, params)).rows;
const getInfo = (token: string, headers?: Record<string, string>) => server.call('GET', '/api/user/getInfo', { token, headers });
const updateInfo = (token: string, body: unknown) => server.call('POST', '/api/user/updateInfo', { token, body, headers: en });

interface Part {
  field?: string;
  bytes: Buffer;
  filename?: string;
  type?: string;
}

/** POST /api/file/upload as the app's uploader sends it: multipart/form-data. */
async function upload(token: string | undefined, parts: Part[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const p of parts) {
    form.append(p.field ?? 'file', new Blob([p.bytes], { type: p.type ?? 'image/png' }), p.filename ?? 'photo.png');
  }
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { uuid: 'test-device-0001', ...en, ...(token ? { token } : {}) },
    payload: form,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/user/getInfo', () => {
  it('answers the logged-in user in the documented shape, phone masked', async () => {
    const token = await server.login('13300000001');
    const res = await getInfo(token);
    expect(res.code).toBe(Code.Ok);
    expect(res.data).toEqual({
      userinfo: {
        id: expect.any(Number),
        nickname: '用户0001',
        avatar: null,
        phone: '133****0001',
        gender: 0,
        inviteCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/),
        hasReferrer: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        realInfo: { verified: false, name: null, idNum: null },
      },
    });
  });

  it('stores no nickname for a new user and shows the default in the reader language until one is chosen', async () => {
    const token = await server.login('13300000008');
    expect(await query('select nickname from users where phone = $1', ['13300000008'])).toEqual([{ nickname: null }]);
    expect((await getInfo(token, en)).data.userinfo.nickname).toBe('User 0008');
    expect((await getInfo(token, { 'accept-language': 'zh-CN' })).data.userinfo.nickname).toBe('用户0008');
    // Changing only the gender answers the default nickname, in the caller's language, still unstored.
    expect((await updateInfo(token, { gender: 1 })).data.nickname).toBe('User 0008');
    expect(await query('select nickname from users where phone = $1', ['13300000008'])).toEqual([{ nickname: null }]);
    await updateInfo(token, { nickname: '小明' });
    expect((await getInfo(token, en)).data.userinfo.nickname).toBe('小明');
  });

  it('shows a verified real name masked, never in full', async () => {
    const token = await server.login('13300000002');
    const key = server.deps.config.dataEncryptionKey;
    await query(`update users set real_name_enc = $2, id_num_enc = $3, id_num_masked = '1101**********1234' where phone = $1`, [
      '13300000002',
      encrypt(key, '张三丰'),
      encrypt(key, '110101199001011234'),
    ]);
    const res = await getInfo(token);
    expect(res.data.userinfo.realInfo).toEqual({ verified: true, name: '*三丰', idNum: '1101**********1234' });
    expect(JSON.stringify(res)).not.toContain('张三丰');
    expect(JSON.stringify(res)).not.toContain('110101199001011234');
  });

  it('needs login (995) and a live token (996)', async () => {
    expect((await server.call('GET', '/api/user/getInfo')).code).toBe(Code.NotLoggedIn);
    expect((await getInfo('no-such-token')).code).toBe(Code.TokenInvalid);
  });

  it('needs the uuid device header (1004)', async () => {
    const token = await server.login('13300000003');
    const res = await server.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } });
    expect(res.json().code).toBe(Code.DeviceIdRequired);
  });

  it('tells a frozen user to contact customer service (1201)', async () => {
    const token = await server.login('13300000004');
    await query(`update users set status = 'frozen' where phone = $1`, ['13300000004']);
    const res = await getInfo(token, en);
    expect(res).toMatchObject({ code: Code.AccountFrozen, msg: 'This account is frozen; please contact customer service' });
  });
});

describe('POST /api/user/updateInfo', () => {
  let token: string;
  beforeAll(async () => {
    token = await server.login('13300000101');
  });

  it('changes the nickname, trimmed, and getInfo shows it', async () => {
    const res = await updateInfo(token, { nickname: '  小明  ' });
    expect(res).toMatchObject({ code: Code.Ok, data: { nickname: '小明', avatar: null, gender: 0 } });
    expect((await getInfo(token)).data.userinfo.nickname).toBe('小明');
  });

  it('accepts a nickname of exactly 20 characters', async () => {
    const twenty = '一二三四五六七八九十一二三四五六七八九十';
    expect((await updateInfo(token, { nickname: twenty })).data.nickname).toBe(twenty);
  });

  it('refuses a nickname longer than 20 characters, saying so', async () => {
    const res = await updateInfo(token, { nickname: 'a'.repeat(21) });
    expect(res).toMatchObject({ code: Code.InvalidInput, msg: 'nickname: must be at most 20 characters', data: { field: 'nickname' } });
    const zh = await server.call('POST', '/api/user/updateInfo', { token, body: { nickname: 'a'.repeat(21) } });
    expect(zh.msg).toBe('nickname：最多 20 个字符');
  });

  it('counts an emoji as one character: 20 emoji are accepted, 21 refused', async () => {
    const twenty = '😀'.repeat(19) + '👨‍👩‍👧';
    expect((await updateInfo(token, { nickname: twenty })).data.nickname).toBe(twenty);
    const res = await updateInfo(token, { nickname: '😀'.repeat(21) });
    expect(res).toMatchObject({ code: Code.InvalidInput, msg: 'nickname: must be at most 20 characters', data: { field: 'nickname' } });
  });

  it('refuses a nickname of only spaces, saying it must not be empty', async () => {
    const res = await updateInfo(token, { nickname: '   ' });
    expect(res).toMatchObject({ code: Code.InvalidInput, msg: 'nickname: must not be empty', data: { field: 'nickname' } });
    const zh = await server.call('POST', '/api/user/updateInfo', { token, body: { nickname: '' } });
    expect(zh.msg).toBe('nickname：不能为空');
  });

  it('changes the gender to 0, 1 or 2', async () => {
    for (const gender of [1, 2, 0]) {
      expect((await updateInfo(token, { gender })).data.gender).toBe(gender);
    }
    expect((await getInfo(token)).data.userinfo.gender).toBe(0);
  });

  it('refuses any other gender, naming the field', async () => {
    for (const gender of [3, -1, '1', 1.5, null]) {
      const res = await updateInfo(token, { gender });
      expect(res).toMatchObject({ code: Code.InvalidInput, data: { field: 'gender' } });
      expect(res.msg).toMatch(/^gender: /);
    }
  });

  it('refuses an empty change, saying what may be changed', async () => {
    const res = await updateInfo(token, {});
    expect(res).toMatchObject({ code: Code.InvalidInput, msg: 'body: give at least one of nickname, gender, avatar' });
  });

  it('sets as avatar an image uploaded before', async () => {
    const { data } = await upload(token, [{ bytes: PNG }]);
    const res = await updateInfo(token, { avatar: data.path });
    expect(res).toMatchObject({ code: Code.Ok, data: { avatar: data.path } });
    expect((await getInfo(token)).data.userinfo.avatar).toBe(data.path);
  });

  it('refuses an avatar that was never uploaded', async () => {
    const res = await updateInfo(token, { avatar: '/uploads/avatar/2024-01/00000000-0000-0000-0000-000000000000.png' });
    expect(res).toMatchObject({
      code: Code.InvalidInput,
      msg: 'avatar: must be an image you uploaded with /api/file/upload?purpose=avatar; upload it first',
      data: { field: 'avatar' },
    });
  });

  it('refuses an avatar that is not an upload path, or climbs out of the uploads folder', async () => {
    const outside = await updateInfo(token, { avatar: 'https://example.com/a.png' });
    expect(outside).toMatchObject({ code: Code.InvalidInput, msg: 'avatar: must be a path returned by /api/file/upload' });
    const climbing = await updateInfo(token, { avatar: '/uploads/../../../../etc/passwd' });
    expect(climbing).toMatchObject({ code: Code.InvalidInput, data: { field: 'avatar' } });
    const folder = await updateInfo(token, { avatar: '/uploads/user' });
    expect(folder).toMatchObject({ code: Code.InvalidInput, data: { field: 'avatar' } });
  });

  it('changes nothing it does not own, such as the phone or the status', async () => {
    const res = await updateInfo(token, { nickname: '小红', phone: '13999999999', status: 'frozen', id: 1 });
    expect(res.code).toBe(Code.Ok);
    const [row] = await query('select phone, status, nickname from users where phone = $1', ['13300000101']);
    expect(row).toEqual({ phone: '13300000101', status: 'active', nickname: '小红' });
  });

  it('needs login', async () => {
    expect((await server.call('POST', '/api/user/updateInfo', { body: { gender: 1 } })).code).toBe(Code.NotLoggedIn);
  });
});

describe('POST /api/file/upload', () => {
  let token: string;
  beforeAll(async () => {
    token = await server.login('13300000201');
  });

  it('stores an avatar PNG and serves it under the returned public /uploads/avatar/ path', async () => {
    const res = await upload(token, [{ bytes: PNG }]);
    expect(res.code).toBe(Code.Ok);
    expect(res.data.path).toMatch(/^\/uploads\/avatar\/\d{4}-\d\d\/[0-9a-f-]{36}\.png$/);
    expect(res.data.url).toBe(res.data.path);
    const served = await server.app.inject({ method: 'GET', url: res.data.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('names the stored file by its content, not by the name or type the client gave; a GIF is kept as a PNG', async () => {
    const image = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } });
    const jpeg = await image().jpeg().toBuffer();
    const gif = await image().gif().toBuffer();
    const webp = await image().webp().toBuffer();
    for (const [bytes, extension] of [
      [jpeg, 'jpg'],
      [gif, 'png'],
      [webp, 'webp'],
    ] as const) {
      const res = await upload(token, [{ bytes, filename: 'picture.png', type: 'image/png' }]);
      expect(res.code).toBe(Code.Ok);
      expect(res.data.path.endsWith(`.${extension}`)).toBe(true);
    }
  });

  it('refuses bytes that only start like an image (1005)', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    expect((await upload(token, [{ bytes: fake, filename: 'photo.jpg', type: 'image/jpeg' }])).code).toBe(Code.UploadRejected);
  });

  it('keeps nothing on disk from a refused upload', async () => {
    const stored = async () => (await readdir(server.deps.storage.localRoot!, { recursive: true })).length;
    const before = await stored();
    expect((await upload(token, [{ bytes: Buffer.from('not an image') }])).code).toBe(Code.UploadRejected);
    expect((await upload(token, [{ bytes: Buffer.concat([PNG, Buffer.alloc(5 * MB)]) }])).code).toBe(Code.UploadTooLarge);
    expect((await upload(token, [{ field: 'image', bytes: PNG }])).code).toBe(Code.InvalidInput);
    expect(await stored()).toBe(before);
  });

  it('refuses a text file renamed .png (1005)', async () => {
    const res = await upload(token, [{ bytes: Buffer.from('just some text, not an image'), filename: 'evil.png', type: 'image/png' }]);
    expect(res).toMatchObject({ code: Code.UploadRejected, msg: 'Only JPG, PNG, GIF or WebP images can be uploaded' });
  });

  it('refuses an empty file (1005)', async () => {
    expect((await upload(token, [{ bytes: Buffer.alloc(0) }])).code).toBe(Code.UploadRejected);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length)]);
    const res = await upload(token, [{ bytes }]);
    expect(res.code).toBe(Code.Ok);
    // Stored re-encoded: the padding after the image is not kept.
    const served = await server.app.inject({ method: 'GET', url: res.data.path });
    expect(served.rawPayload.length).toBeLessThan(1024);
  });

  it('refuses an image over 5 MB (1006), saying the limit', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]);
    const res = await upload(token, [{ bytes }]);
    expect(res).toMatchObject({ code: Code.UploadTooLarge, msg: 'Images must be at most 5 MB; compress it and upload again' });
  });

  it('refuses a form without a file, naming the field file (1001)', async () => {
    const res = await upload(token, [], { note: 'no file here' });
    expect(res).toMatchObject({ code: Code.InvalidInput, data: { field: 'file' }, msg: 'file: is required' });
  });

  it('refuses an image sent under another field name, naming the field file (1001)', async () => {
    const res = await upload(token, [{ field: 'image', bytes: PNG }]);
    expect(res).toMatchObject({ code: Code.InvalidInput, data: { field: 'file' } });
    expect(res.msg).toBe('file: send the image as multipart/form-data field "file"');
  });

  it('refuses a body that is not multipart, naming the field file (1001)', async () => {
    const json = await server.call('POST', '/api/file/upload', { token, body: { file: PNG.toString('base64') }, headers: en });
    expect(json).toMatchObject({ code: Code.InvalidInput, data: { field: 'file' } });
    expect(json.msg).toBe('file: send the image as multipart/form-data field "file"');
    const zh = await server.call('POST', '/api/file/upload', { token, body: {} });
    expect(zh.msg).toBe('file：请以 multipart/form-data 的 file 字段上传图片');
    const empty = await server.call('POST', '/api/file/upload', { token });
    expect(empty).toMatchObject({ code: Code.InvalidInput, data: { field: 'file' } });
  });

  it('needs login (995), also for an anonymous token', async () => {
    expect((await upload(undefined, [{ bytes: PNG }])).code).toBe(Code.NotLoggedIn);
    const anonymous = (await server.call('GET', '/api/Authentication/getToken')).data.token;
    expect((await upload(anonymous, [{ bytes: PNG }])).code).toBe(Code.NotLoggedIn);
    expect((await upload('no-such-token', [{ bytes: PNG }])).code).toBe(Code.TokenInvalid);
  });
});

/** server.login, from a second device (the harness logs in as test-device-0001). */
async function loginOnDevice(phone: string, deviceId: string): Promise<string> {
  await query(`delete from rate_limits where key like 'sms-interval:%' || $1`, [phone]);
  expect((await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone }, deviceId })).code).toBe(Code.Ok);
  const body = { phone, code: await server.latestCode(phone) };
  const res = await server.call('POST', '/api/Authentication/smsLogin', { body, deviceId });
  expect(res.code).toBe(Code.Ok);
  return res.data.token;
}

describe('GET /api/Authentication/cancel', () => {
  const cancel = (token: string) => server.call('GET', '/api/Authentication/cancel', { token, headers: en });
  const userRow = async (id: number) => (await query('select * from users where id = $1', [id]))[0];

  it('erases who the person was, keeps the row, and ends every session on every device', async () => {
    const phone = '13300000301';
    const phoneToken = await server.login(phone);
    const otherDevice = await loginOnDevice(phone, 'another-device-02');
    const { id } = (await getInfo(phoneToken)).data.userinfo;
    const key = server.deps.config.dataEncryptionKey;
    await query(
      `update users set real_name_enc = $2, id_num_enc = $3, id_num_masked = 'x', avatar = '/uploads/a.png',
         wechat_openid = 'wx-openid', alipay_user_id = 'ali-user' where id = $1`,
      [id, encrypt(key, '李四'), encrypt(key, '110101199001011234')],
    );

    expect((await cancel(phoneToken)).code).toBe(Code.Ok);

    expect(await userRow(id)).toMatchObject({
      id,
      phone: null,
      nickname: '已注销用户',
      avatar: null,
      real_name_enc: null,
      id_num_enc: null,
      id_num_masked: null,
      wechat_openid: null,
      alipay_user_id: null,
      status: 'cancelled',
      cancelled_at: expect.any(Date),
    });
    expect((await getInfo(otherDevice)).code).toBe(Code.TokenInvalid);
    expect((await getInfo(phoneToken)).code).toBe(Code.TokenInvalid);
    const live = await query('select 1 from tokens where user_id = $1 and revoked_at is null', [id]);
    expect(live).toHaveLength(0);
  });

  it('answers a second cancel with the old token with 996', async () => {
    const token = await server.login('13300000302');
    expect((await cancel(token)).code).toBe(Code.Ok);
    expect((await cancel(token)).code).toBe(Code.TokenInvalid);
  });

  it('lets the same phone sign up again as a new user with a new invite code', async () => {
    const phone = '13300000303';
    const before = (await getInfo(await server.login(phone))).data.userinfo;
    expect((await cancel(await server.login(phone))).code).toBe(Code.Ok);

    const after = (await getInfo(await server.login(phone))).data.userinfo;
    expect(after.id).not.toBe(before.id);
    expect(after.inviteCode).not.toBe(before.inviteCode);
    expect(after).toMatchObject({ nickname: '用户0303', phone: '133****0303', avatar: null, hasReferrer: false });
  });

  it('retires the invite code of the cancelled account', async () => {
    const token = await server.login('13300000304');
    const { inviteCode } = (await getInfo(token)).data.userinfo;
    expect((await cancel(token)).code).toBe(Code.Ok);
    const referee = await server.login('13300000305', { p: inviteCode });
    expect((await getInfo(referee)).data.userinfo.hasReferrer).toBe(false);
  });

  it('cancels once when tapped twice at the same time', async () => {
    const token = await server.login('13300000306');
    const { id } = (await getInfo(token)).data.userinfo;
    const results = await Promise.all([cancel(token), cancel(token)]);
    for (const r of results) expect([Code.Ok, Code.TokenInvalid]).toContain(r.code);
    expect(results.some((r) => r.code === Code.Ok)).toBe(true);
    expect((await userRow(id)).status).toBe('cancelled');
  });

  describe('while a closure check blocks it', () => {
    async function withBlocker<T>(check: ClosureCheck, body: () => Promise<T>): Promise<T> {
      closureBlockers.push(check);
      try {
        return await body();
      } finally {
        closureBlockers.splice(closureBlockers.indexOf(check), 1);
      }
    }

    it('is refused with the balance to withdraw (1202), and nothing changes', async () => {
      const phone = '13300000401';
      const token = await server.login(phone);
      const { id } = (await getInfo(token)).data.userinfo;
      const before = await userRow(id);
      const seen: number[] = [];
      await withBlocker(
        async (_tx, userId) => {
          seen.push(userId);
          return new AppError(Code.CancelBlockedByBalance, { amount: '¥12.34' });
        },
        async () => {
          const res = await cancel(token);
          expect(res).toMatchObject({
            code: Code.CancelBlockedByBalance,
            msg: 'Your balance is ¥12.34; withdraw it before cancelling the account',
          });
          const zh = await server.call('GET', '/api/Authentication/cancel', { token });
          expect(zh.msg).toBe('账户还有余额¥12.34，请先提现再注销');
        },
      );
      expect(seen).toEqual([id, id]);
      expect(await userRow(id)).toEqual(before);
      expect((await getInfo(token)).code).toBe(Code.Ok);
    });

    it('is refused with the unfinished items (1203), and nothing changes', async () => {
      const token = await server.login('13300000402');
      const { id } = (await getInfo(token)).data.userinfo;
      const before = await userRow(id);
      await withBlocker(
        async () => new AppError(Code.CancelBlockedByOpenItems, { items: '卡券订单' }),
        async () => {
          const zh = await server.call('GET', '/api/Authentication/cancel', { token });
          expect(zh).toMatchObject({ code: Code.CancelBlockedByOpenItems, msg: '还有未完成的卡券订单，请处理完成后再注销' });
        },
      );
      expect(await userRow(id)).toEqual(before);
      expect((await getInfo(token)).code).toBe(Code.Ok);
    });

    it('runs every check, and the first that blocks decides', async () => {
      const token = await server.login('13300000403');
      const pass: ClosureCheck = async () => null;
      const block: ClosureCheck = async () => new AppError(Code.CancelBlockedByOpenItems, { items: 'withdrawals' });
      const res = await withBlocker(pass, () => withBlocker(block, () => cancel(token)));
      expect(res.code).toBe(Code.CancelBlockedByOpenItems);
      expect((await withBlocker(pass, () => cancel(token))).code).toBe(Code.Ok);
    });

    it('answers 1500 when a check itself fails, and nothing changes', async () => {
      const token = await server.login('13300000404');
      const { id } = (await getInfo(token)).data.userinfo;
      const before = await userRow(id);
      const res = await withBlocker(
        async (tx) => {
          await tx.execute('select 1');
          throw new Error('ledger unavailable');
        },
        () => server.app.inject({ method: 'GET', url: '/api/Authentication/cancel', headers: { uuid: 'test-device-0001', token } }),
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: Code.Internal, msg: '服务器开小差了，请稍后再试' });
      expect(await userRow(id)).toEqual(before);
      expect((await getInfo(token)).code).toBe(Code.Ok);
    });
  });

  it('needs login: 995 without a token or with an anonymous one', async () => {
    expect((await server.call('GET', '/api/Authentication/cancel')).code).toBe(Code.NotLoggedIn);
    const anonymous = (await server.call('GET', '/api/Authentication/getToken')).data.token;
    expect((await cancel(anonymous)).code).toBe(Code.NotLoggedIn);
  });

  it('is refused to a frozen account (1201), which stays as it is', async () => {
    const token = await server.login('13300000501');
    await query(`update users set status = 'frozen' where phone = $1`, ['13300000501']);
    expect((await cancel(token)).code).toBe(Code.AccountFrozen);
    expect((await query('select status, phone from users where phone = $1', ['13300000501']))[0]).toEqual({
      status: 'frozen',
      phone: '13300000501',
    });
  });
});
