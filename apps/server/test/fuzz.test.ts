/**
 * Schema-driven fuzzing of every route in the OpenAPI document (fuzz.ts): this file's share of the
 * routes, the check that the shares cover every route, the routes the document cannot drive, and
 * the error handler's own promises (500 without internals, malformed JSON, unknown route).
 */
import { Code } from '@maika/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppInstance } from '../src/http/appInstance';
import { createDeps } from '../src/deps';
import { DEVICE, SHARD_FILES, expectEnvelope, fuzzOptions, fuzzRoutes, shareOf, startFuzz } from './fuzz';
import { createTestDatabase, registeredRoutes, testConfig } from './harness';

const fuzz = await startFuzz();
const { server, operations, adminToken, userToken } = fuzz;

describe('the fuzzed routes', () => {
  it('covers public, user and admin routes, each path and method once', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.some((o) => o.path.startsWith('/api/admin/'))).toBe(true);
    expect(operations.some((o) => o.path.startsWith('/api/user/'))).toBe(true);
    expect(operations.some((o) => o.path.startsWith('/api/Basis/'))).toBe(true);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(operations.length);
  });

  it('documents, and so fuzzes, every API route the app registered', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const undocumented = registeredRoutes(server)
      .filter(
        (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/dev/') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
      )
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
  });

  it('shares every route out to exactly one fuzzing file, so a new route cannot fall between them', () => {
    const dir = new URL('.', import.meta.url);
    const files = readdirSync(dir).filter((f) => /^fuzz\b.*\.test\.ts$/.test(f));
    expect(files.sort()).toEqual([...SHARD_FILES].sort());
    for (const file of files) expect(readFileSync(new URL(file, dir), 'utf8'), file).toContain('fuzzRoutes(fuzz, import.meta.url)');
    const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
    const shared = SHARD_FILES.flatMap((file) => shareOf(operations, file).map(key));
    expect(shared.sort()).toEqual(operations.map(key).sort());
    for (const file of SHARD_FILES) expect(shareOf(operations, file).length, file).toBeGreaterThan(0);
  });
});

fuzzRoutes(fuzz, import.meta.url);

// ---------------------------------------------------------------------------------------------
// Routes the document cannot drive: multipart upload, and the hidden HTML file route.

describe('routes fuzzed by hand', () => {
  const boundary = 'fuzzboundary';
  const multipart = (parts: string[], end = true) =>
    `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}${end ? `--${boundary}--\r\n` : ''}`;
  const filePart = (content: string | Buffer, name = 'file') =>
    `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content.toString('latin1')}`;
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('answers bad uploads with a code, never an internal error', async () => {
    const token = await userToken();
    const upload = (payload: string | Buffer, contentType = `multipart/form-data; boundary=${boundary}`, withToken = true) =>
      server.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        headers: { uuid: DEVICE, ...(withToken ? { token } : {}), 'content-type': contentType },
        payload,
      });
    const cases: [string, Promise<LightMyRequestResponse>, number?][] = [
      ['a JSON body', upload('{"file":"x"}', 'application/json'), Code.InvalidInput],
      [
        'a text field instead of a file',
        upload(multipart(['Content-Disposition: form-data; name="file"\r\n\r\nhello'])),
        Code.InvalidInput,
      ],
      ['no parts at all', upload(multipart([])), Code.InvalidInput],
      ['a file that is no image', upload(multipart([filePart('just text')])), Code.UploadRejected],
      ['an empty file', upload(multipart([filePart('')])), Code.UploadRejected],
      ['an image under another field name', upload(multipart([filePart(png, 'avatar')]))],
      ['a body cut short', upload(multipart([filePart(png)], false))],
      ['no boundary', upload(multipart([filePart(png)]), 'multipart/form-data')],
      ['a wrong boundary', upload(multipart([filePart(png)]), 'multipart/form-data; boundary=other')],
      ['garbage', upload(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))],
      [
        'a file over the size limit',
        upload(multipart([filePart(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]))])),
        Code.UploadTooLarge,
      ],
      ['two files', upload(multipart([filePart(png), filePart(png)]))],
      ['no token', upload(multipart([filePart(png)]), undefined, false), Code.NotLoggedIn],
    ];
    for (const [label, pending, code] of cases) {
      const body = expectEnvelope(await pending, `upload with ${label}`);
      if (code !== undefined) expect(body.code, label).toBe(code);
    }
  });

  it('answers random rich-text file names with the file, a 404, or a 1001', async () => {
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/content/richText?point=3',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ html: '<p>fuzz</p>' }),
    });
    const current = saved.json().data.template.split('/').pop() as string;
    const name = fc.oneof(
      fc.constant(current),
      fc.stringMatching(/^\d{1,2}-\d{1,12}\.html$/),
      fc.string({ unit: 'binary', minLength: 1 }),
      fc.constantFrom(
        '..%2F..%2Fetc%2Fpasswd',
        '%00.html',
        '99-1.html',
        '3-99999999999999999999.html',
        '0-0.html',
        `${'1'.repeat(5000)}.html`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(name, async (file) => {
        const encoded = /%[0-9A-F]{2}/i.test(file) ? file : encodeURIComponent(file);
        const response = await server.app.inject({ method: 'GET', url: `/files/richText/${encoded}` });
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode === 404) {
          expect(response.body).toBe('Not found');
        } else if (type.startsWith('text/html')) {
          // Other fuzzed routes save rich texts too: whatever is served must be the current version.
          const [point, version] = file.replace('.html', '').split('-').map(Number);
          const { rows } = await server.deps.database.pool.query('select html, version from rich_texts where point = $1', [point]);
          expect(rows[0]?.version).toBe(version);
          expect(response.body).toBe(rows[0].html);
        } else {
          expect(expectEnvelope(response, `/files/richText/${encoded}`).code).toBe(Code.InvalidInput);
        }
      }),
      { ...fuzzOptions, numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('error handler', () => {
  let app: AppInstance;
  beforeAll(async () => {
    // A real app with routes that fail the way a bug would: thrown errors that are not AppErrors.
    const { database } = await createTestDatabase();
    app = await buildApp(createDeps(testConfig(), database));
    app.get('/test/throws', async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 at Pool.connect (/srv/app/node_modules/pg/lib/pool.js:45:11)');
    });
    app.get('/test/throws-type-error', async () => {
      const missing = undefined as unknown as { deep: { value: number } };
      return { value: missing.deep.value };
    });
    app.get('/test/throws-string', async () => {
      throw 'a bare string';
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('turns a thrown non-AppError into HTTP 500 with code 1500 and no internals', async () => {
    for (const url of ['/test/throws', '/test/throws-type-error', '/test/throws-string']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(500);
      expect(response.json(), url).toEqual({ code: Code.Internal, msg: 'Something went wrong on our side; please try again', data: null });
      expect(response.body).not.toMatch(/ECONNREFUSED|node_modules|undefined|bare string|TypeError/);
    }
    const zh = await app.inject({ method: 'GET', url: '/test/throws' });
    expect(zh.json().msg).toBe('服务器开小差了，请稍后再试');
  });

  it('answers malformed JSON with 1001 naming body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Authentication/getLoginSms',
      headers: { uuid: DEVICE, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"phone": "138',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: Code.InvalidInput,
      msg: 'body: is not valid JSON',
      data: { field: 'body', reason: 'is not valid JSON' },
    });
  });

  it('answers an unknown route with code 1002 over HTTP 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no/such/route?x=1', headers: { uuid: DEVICE } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(Code.NotFound);
    expect(response.json().msg).toBe('接口 GET /api/no/such/route 不存在或已删除');
  });

  it('answers a path Fastify cannot route (too long a parameter, broken escapes) with 1001 naming path', async () => {
    const token = await adminToken();
    for (const id of ['9'.repeat(1001), '%zz', '%E0%A4%A']) {
      const response = await server.app.inject({
        method: 'PATCH',
        url: `/api/admin/admins/${id}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
        payload: '{"role":"admin"}',
      });
      expect(response.statusCode, id).toBe(200);
      expect(response.json(), id).toMatchObject({ code: Code.InvalidInput, data: { field: 'path' } });
      expect(response.json().msg, id).toMatch(/^path: is (too long|not a valid URL)$/);
    }
    // Up to maxParamLength a long id reaches its route, whose schema names the field.
    const long = await server.app.inject({
      method: 'PATCH',
      url: `/api/admin/admins/${'9'.repeat(200)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"role":"admin"}',
    });
    expect(long.json()).toMatchObject({ code: Code.InvalidInput, data: { field: 'id' } });
  });

  it('tells a missing field from a field of the wrong type', async () => {
    const send = (body: unknown) => server.call('POST', '/api/admin/login', { body, headers: { 'accept-language': 'en' } });
    expect((await send({ password: 'x' })).msg).toBe('username: is required');
    expect((await send({ username: 123, password: 'x' })).msg).toBe('username: must be text');
    expect((await send({ username: null, password: 'x' })).msg).toBe('username: must be text');
    expect((await send('admin')).msg).toBe('body: must be an object');
    // A schema's own message wins over the generic one, for a wrong type too.
    const sms = await server.call('POST', '/api/Authentication/getLoginSms', {
      body: { phone: 13800000000 },
      headers: { 'accept-language': 'en' },
    });
    expect(sms.msg).toBe('phone: must be an 11-digit mainland China mobile number');
  });

  it('refuses text PostgreSQL cannot store, naming the field, before it reaches a query', async () => {
    const en = { 'accept-language': 'en' };
    const login = await server.call('POST', '/api/admin/login', { body: { username: 'ad\u0000min', password: 'x' }, headers: en });
    expect(login).toMatchObject({ code: Code.InvalidInput, data: { field: 'username' } });
    expect(login.msg).toBe('username: contains characters that are not allowed');
    const zh = await server.call('POST', '/api/admin/login', { body: { username: 'a', password: 'x\u0000' } });
    expect(zh.msg).toBe('password：含有不允许的字符');
    const audit = await server.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=%00',
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(audit.json()).toMatchObject({ code: Code.InvalidInput, data: { field: 'action' } });
    // A lone surrogate is valid JSON text but no valid Unicode; jsonb (the audit detail) refuses it.
    const save = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/content/richText?point=2',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
      payload: '{"html":"<p>\\ud800</p>"}',
    });
    expect(save.json()).toMatchObject({ code: Code.InvalidInput, data: { field: 'html' } });
    const key = await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone: '13800000000', ['k\u0000']: 1 } });
    expect(key).toMatchObject({ code: Code.InvalidInput, data: { field: 'k?' } });
  });
});
