import { Code, FeedbackCategory } from '@maika/shared';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestServer, testClock, type TestServer } from '../../../test/harness';
import { adminCall, operator } from '../../../test/console';
import { cleanUploads } from '../maintenance';

const en = { 'accept-language': 'en' };
let server: TestServer;
let phone = 13750000000;
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});
const newUser = () => server.login(String((phone += 1)));
const query = async (sql: string, params: unknown[] = []) => (await server.deps.database.pool.query(sql, params)).rows;

const solid = (width = 8, height = 6) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

async function upload(target: TestServer, token: string, bytes: Buffer, purpose?: 'avatar' | 'feedback') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const url = purpose ? `/api/file/upload?purpose=${purpose}` : '/api/file/upload';
  const res = await target.app.inject({ method: 'POST', url, headers: { uuid: 'test-device-0001', token, ...en }, payload: form });
  return res.json();
}
const addFeedback = (token: string, images: string[]) =>
  server.call('POST', '/api/feedback/add', {
    token,
    headers: en,
    body: { category: FeedbackCategory.Other, content: 'see the screenshot', images },
  });
const privateFile = (dir: string, path: string) => join(dir, 'private-uploads', path.replace(/^\/private\//, ''));

describe('uploads have owners', () => {
  it("refuses another user's upload in feedback and as an avatar", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const aliceShot = (await upload(server, alice, await solid().png().toBuffer(), 'feedback')).data.path as string;
    const aliceFace = (await upload(server, alice, await solid().png().toBuffer(), 'avatar')).data.path as string;

    expect(await addFeedback(bob, [aliceShot])).toMatchObject({
      code: Code.FeedbackImageMissing,
      msg: expect.stringContaining('Image 1 was not found'),
    });
    const avatar = await server.call('POST', '/api/user/updateInfo', { token: bob, headers: en, body: { avatar: aliceFace } });
    expect(avatar).toMatchObject({ code: Code.InvalidInput, data: { field: 'avatar' } });
    expect((await addFeedback(alice, [aliceShot])).code).toBe(Code.Ok);
  });

  it('keeps each upload to its purpose: an avatar upload is not a feedback image', async () => {
    const token = await newUser();
    const face = (await upload(server, token, await solid().png().toBuffer())).data.path as string;
    expect(face).toMatch(/^\/uploads\/avatar\//);
    const shot = (await upload(server, token, await solid().png().toBuffer(), 'feedback')).data.path as string;
    expect(shot).toMatch(/^\/private\/feedback\//);

    const asAvatar = await server.call('POST', '/api/user/updateInfo', { token, headers: en, body: { avatar: shot } });
    expect(asAvatar.code).toBe(Code.InvalidInput);
    expect((await server.call('POST', '/api/user/updateInfo', { token, body: { avatar: face } })).code).toBe(Code.Ok);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=banner',
      headers: { uuid: 'test-device-0001', token, ...en },
    });
    expect(bad.json()).toMatchObject({ code: Code.InvalidInput, msg: 'purpose: must be avatar or feedback' });
  });
});

describe('uploaded images are re-encoded', () => {
  it('strips EXIF and GPS metadata from a photo', async () => {
    const token = await newUser();
    const photo = await solid(40, 30)
      .jpeg()
      .withExif({ IFD0: { Make: 'LeakyCam', Model: 'GPS 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const { data } = await upload(server, token, photo);
    const served = await server.app.inject({ method: 'GET', url: data.path });

    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('LeakyCam'))).toBe(false);
  });

  it('keeps an avatar at 120 px on its short side, twice the 60 points it is drawn at, and a feedback image at 2048 on its longest', async () => {
    const token = await newUser();
    const avatar = await upload(server, token, await solid(1000, 600).png().toBuffer());
    const served = await server.app.inject({ method: 'GET', url: avatar.data.path });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 200, height: 120 });

    const feedback = await upload(server, token, await solid(3000, 1000).png().toBuffer(), 'feedback');
    const stored = await server.deps.storage.read(feedback.data.path);
    expect(await sharp(stored!).metadata()).toMatchObject({ width: 2048, height: 683 });
  });

  it('never enlarges a small image', async () => {
    const token = await newUser();
    const { data } = await upload(server, token, await solid(50, 40).png().toBuffer());
    const served = await server.app.inject({ method: 'GET', url: data.path });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 50, height: 40 });
  });
});

describe('feedback images are private', () => {
  it('are not served as files, only through a signed address that says private, no-store', async () => {
    const token = await newUser();
    const up = await upload(server, token, await solid().png().toBuffer(), 'feedback');
    expect(up.data.url).toMatch(/^\/api\/file\/private\/feedback\/.+\?expires=\d+&signature=/);
    expect((await server.app.inject({ method: 'GET', url: up.data.path })).statusCode).not.toBe(200);
    expect((await server.app.inject({ method: 'GET', url: up.data.path.replace('/private/', '/uploads/') })).statusCode).not.toBe(200);

    await addFeedback(token, [up.data.path]);
    const [record] = (await server.call('GET', '/api/feedback/records?page=1&pageSize=10', { token })).data.list;
    const shown = await server.app.inject({ method: 'GET', url: record.imageUrls[0] });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.headers['content-type']).toBe('image/png');
    expect((await sharp(shown.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses a tampered or expired signature', async () => {
    const token = await newUser();
    const url = (await upload(server, token, await solid().png().toBuffer(), 'feedback')).data.url as string;
    const tampered = url.replace(/signature=./, (m) => (m.endsWith('A') ? 'signature=B' : 'signature=A'));
    const refused = await server.app.inject({ method: 'GET', url: tampered, headers: en });
    expect(refused.json()).toMatchObject({ code: Code.InvalidInput, data: { field: 'signature' } });
    expect(refused.headers['content-type']).toContain('application/json');

    const expires = Number(/expires=(\d+)/.exec(url)![1]);
    const later = url.replace(`expires=${expires}`, `expires=${expires + 3600}`);
    expect((await server.app.inject({ method: 'GET', url: later })).json().code).toBe(Code.InvalidInput);
    const past = await server.app.inject({ method: 'GET', url: url.replace(/expires=\d+/, 'expires=1') });
    expect(past.json().code).toBe(Code.InvalidInput);
  });

  it('are logged by their path only: the signature in the address never reaches the request log', async () => {
    const logs = captureLogs();
    const logged = await createTestServer({ logger: logs.logger, limitRules: { smsIpPerDay: 10_000 } });
    const token = await logged.login('13750009910');
    const url = (await upload(logged, token, await solid().png().toBuffer(), 'feedback')).data.url as string;
    const signature = /signature=([^&]+)/.exec(url)![1]!;

    expect((await logged.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const requestLines = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('/api/file/private/'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.some((line) => line.includes(`"url":"${url.split('?')[0]}"`))).toBe(true);
    expect(logs.text()).not.toContain(signature);
  });

  it('are shown to support through the admin feedback list', async () => {
    const token = await newUser();
    const path = (await upload(server, token, await solid().png().toBuffer(), 'feedback')).data.path as string;
    const { data } = await addFeedback(token, [path]);
    const support = await operator(server, 'support');
    const item = await adminCall(server, support, 'GET', `/api/admin/feedback/${data.id}`);
    expect(item.data.images).toEqual([path]);
    const shown = await server.app.inject({ method: 'GET', url: item.data.imageUrls[0] });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
  });
});

describe('upload quotas', () => {
  it('allows UPLOAD_DAILY_FILES images a day per user, then says the allowance', async () => {
    const limited = await createTestServer({ env: { UPLOAD_DAILY_FILES: '2' }, limitRules: { smsIpPerDay: 10_000 } });
    const token = await limited.login('13750009901');
    const other = await limited.login('13750009902');
    const png = await solid().png().toBuffer();
    expect((await upload(limited, token, png)).code).toBe(Code.Ok);
    expect((await upload(limited, token, png, 'feedback')).code).toBe(Code.Ok);

    const third = await upload(limited, token, png);

    expect(third).toMatchObject({ code: Code.UploadQuotaExceeded, msg: expect.stringContaining('2 images') });
    const { rows } = await limited.deps.database.pool.query('select count(*)::int as n from uploads');
    expect(rows[0].n).toBe(2);
    expect((await upload(limited, other, png)).code).toBe(Code.Ok);
  });

  it('allows UPLOAD_DAILY_MB of stored images a day per user', async () => {
    const limited = await createTestServer({ env: { UPLOAD_DAILY_MB: '1' }, limitRules: { smsIpPerDay: 10_000 } });
    const token = await limited.login('13750009903');
    // Random pixels do not compress: about 0.7 MB as a PNG, kept at that size as a feedback image.
    const noise = await sharp(Buffer.from(Array.from({ length: 480 * 480 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 480, height: 480, channels: 3 },
    })
      .png()
      .toBuffer();
    expect((await upload(limited, token, noise, 'feedback')).code).toBe(Code.Ok);
    expect(await upload(limited, token, noise, 'feedback')).toMatchObject({
      code: Code.UploadQuotaExceeded,
      msg: expect.stringContaining('1 MB'),
    });
  });
});

describe('uploads are refused before decoding when they can be', () => {
  /** A real JPEG whose frame header (SOF0) is rewritten to claim another size: its pixels no longer decode. */
  async function jpegClaiming(width: number, height: number): Promise<Buffer> {
    const bytes = await solid(16, 16).jpeg().toBuffer();
    const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    bytes.writeUInt16BE(height, frame + 5);
    bytes.writeUInt16BE(width, frame + 7);
    return bytes;
  }
  /** A PNG whose header is sound and whose pixel data is damaged: it only fails once decoded. */
  async function damagedPng(): Promise<Buffer> {
    const bytes = await solid(16, 16).png().toBuffer();
    const data = bytes.indexOf('IDAT') + 4;
    for (let i = data; i < data + 8; i += 1) bytes[i] = bytes[i]! ^ 0xff;
    return bytes;
  }

  it('refuses an image whose header claims more than 16 megapixels, saying its size', async () => {
    const token = await newUser();
    const huge = await jpegClaiming(5000, 4000);
    expect(await sharp(huge).metadata()).toMatchObject({ width: 5000, height: 4000 });

    expect(await upload(server, token, huge)).toMatchObject({
      code: Code.UploadTooManyPixels,
      msg: 'The image is 5000 × 4000 pixels, more than the 16 megapixels allowed; scale it down and upload again',
    });
  });

  it('refuses an upload past the daily allowance before decoding it', async () => {
    const limited = await createTestServer({ env: { UPLOAD_DAILY_FILES: '1' }, limitRules: { smsIpPerDay: 10_000 } });
    const token = await limited.login('13750009920');
    expect((await upload(limited, token, await solid().png().toBuffer())).code).toBe(Code.Ok);
    const undecodable = await damagedPng();
    expect(await sharp(undecodable).metadata()).toMatchObject({ format: 'png', width: 16 });
    expect((await upload(limited, await limited.login('13750009921'), undecodable)).code).toBe(Code.UploadRejected);

    expect((await upload(limited, token, undecodable)).code).toBe(Code.UploadQuotaExceeded);
  });

  it("limits each user's uploads per minute, then says when to try again", async () => {
    const clock = testClock();
    const limited = await createTestServer({ clock, limitRules: { smsIpPerDay: 10_000, uploadsPerMinute: 2 } });
    const token = await limited.login('13750009930');
    const png = await solid().png().toBuffer();
    expect((await upload(limited, token, png)).code).toBe(Code.Ok);
    expect((await upload(limited, token, png)).code).toBe(Code.Ok);

    expect(await upload(limited, token, png)).toMatchObject({ code: Code.RateLimited, msg: 'Too many attempts; try again in 60 s' });
    expect((await upload(limited, await limited.login('13750009931'), png)).code).toBe(Code.Ok);
    clock.advance(60_000);
    expect((await upload(limited, token, png)).code).toBe(Code.Ok);
  });
});

describe('unused uploads', () => {
  it('are deleted with their files a day after upload, unless an avatar or feedback uses them', async () => {
    const token = await newUser();
    const png = await solid().png().toBuffer();
    const unused = (await upload(server, token, png, 'feedback')).data.path as string;
    const attached = (await upload(server, token, png, 'feedback')).data.path as string;
    const firstFace = (await upload(server, token, png)).data.path as string;
    const secondFace = (await upload(server, token, png)).data.path as string;
    const fresh = (await upload(server, token, png, 'feedback')).data.path as string;
    await addFeedback(token, [attached]);
    await server.call('POST', '/api/user/updateInfo', { token, body: { avatar: firstFace } });
    await server.call('POST', '/api/user/updateInfo', { token, body: { avatar: secondFace } });
    await query(`update uploads set created_at = now() - interval '25 hours' where path = any($1)`, [
      [unused, attached, firstFace, secondFace],
    ]);
    const dataDir = server.deps.config.dataDir;
    expect(existsSync(privateFile(dataDir, unused))).toBe(true);

    await cleanUploads(server.deps);

    const left = (await query('select path from uploads where path = any($1)', [[unused, attached, firstFace, secondFace, fresh]])).map(
      (r) => r.path,
    );
    expect(left.sort()).toEqual([attached, secondFace, fresh].sort());
    expect(existsSync(privateFile(dataDir, unused))).toBe(false);
    expect(existsSync(privateFile(dataDir, attached))).toBe(true);
    expect(existsSync(join(dataDir, firstFace))).toBe(false);
    expect((await server.app.inject({ method: 'GET', url: secondFace })).statusCode).toBe(200);
  });
});
