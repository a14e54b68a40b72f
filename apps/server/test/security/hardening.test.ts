/**
 * What the security sweep found or checked beyond owner scoping, each proven here: security
 * headers on every kind of answer, uploads limited to real images of bounded size on both upload
 * routes, bounded balance adjustments, and the first operator account made once when several
 * instances start together on a new database.
 */
import { Code } from '@maika/shared';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/deps';
import { contentSecurityPolicy, inlineScriptHashes } from '../../src/http/security';
import { adminLogin, ensureFirstAdmin } from '../../src/modules/operators';
import { createAdmin } from '../console';
import { enrolSession } from '../twoFactor';
import { createTestDatabase, createTestServer, testConfig, type TestServer } from '../harness';

let server: TestServer;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  server = await createTestServer();
  userToken = await server.login('13912345678');
  await createAdmin(server.deps, 'hardening', 'admin', 'hardening password 1');
  adminToken = (await adminLogin(server.deps, 'hardening', 'hardening password 1', '127.0.0.1')).token;
  await enrolSession((method, url, body) => server.call(method, url, { headers: { authorization: `Bearer ${adminToken}` }, body }));
});

describe('security headers', () => {
  const expectHardened = (headers: Record<string, unknown>, where: string) => {
    expect(headers['content-security-policy'], where).toMatch(/default-src 'self'/);
    expect(headers['content-security-policy'], where).toMatch(/object-src 'none'/);
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
    expect(headers['x-powered-by'], where).toBeUndefined();
  };

  it('are on API answers, errors and unknown routes alike', async () => {
    for (const url of ['/api/Basis/getChart?position=1', '/api/order/list', '/api/no/such/route', '/healthz']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { uuid: 'hardening-device' } });
      expectHardened(response.headers, url);
      // Scripts run only from our origin: nothing inline, no eval.
      expect(response.headers['content-security-policy'], url).toMatch(/script-src 'self'(;| 'sha256-)/);
      expect(response.headers['content-security-policy'], url).not.toMatch(/unsafe-eval/);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
    }
  });

  it('keep HSTS to production, where the site is served over HTTPS', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('give the documentation page its own policy: scripts from our origin only, no upgrade to HTTPS', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    const scripts = /script-src ([^;]*);/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scripts?.trim()).toBe("'self'");
    expect(response.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
  });

  it('admit the H5 page’s inline script by its exact hash, and nothing else inline', () => {
    const script = 'document.documentElement.style.fontSize = "20px";';
    const html = `<html><head><script>${script}</script><script src="/js/app.js"></script></head></html>`;
    const expected = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
    const policy = contentSecurityPolicy([expected]).directives;
    expect(policy.scriptSrc).toEqual(["'self'", expected]);
    expect(policy.scriptSrcAttr).toEqual(["'none'"]);
  });
});

describe('uploads', () => {
  const boundary = 'hardeningboundary';
  const multipart = (content: Buffer, type: string, filename: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  // A whole 1×1 PNG: uploads are decoded and re-encoded, so a header alone is refused.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
  const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
  const routes = [
    { url: '/api/file/upload', headers: () => ({ uuid: 'hardening-device', token: userToken }) },
    { url: '/api/admin/file/upload', headers: () => ({ authorization: `Bearer ${adminToken}` }) },
  ];
  const send = (route: (typeof routes)[number], payload: Buffer) =>
    server.app.inject({
      method: 'POST',
      url: route.url,
      headers: { ...route.headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });

  it('refuse SVG and HTML, whatever type or name the client claims, on both routes', async () => {
    for (const route of routes) {
      for (const [content, type, name] of [
        [svg, 'image/svg+xml', 'a.svg'],
        [svg, 'image/png', 'a.png'],
        [html, 'image/jpeg', 'a.jpg'],
        [html, 'text/html', 'a.html'],
      ] as const) {
        const body = (await send(route, multipart(content, type, name))).json();
        expect(body.code, `${route.url} ${name} as ${type}`).toBe(Code.UploadRejected);
      }
    }
  });

  it('refuse a file over the size limit on both routes', async () => {
    for (const route of routes) {
      const body = (await send(route, multipart(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 'image/png', 'big.png'))).json();
      expect(body.code, route.url).toBe(Code.UploadTooLarge);
    }
  });

  it('store an image under its sniffed type and serve it as that type, never sniffed by the browser', async () => {
    const body = (await send(routes[0]!, multipart(png, 'text/html', 'page.html'))).json();
    expect(body.code, body.msg).toBe(200);
    const path = (body.data.path ?? body.data.url) as string;
    expect(path).toMatch(/\.png$/);
    const served = await server.app.inject({ method: 'GET', url: path });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('balance adjustments', () => {
  it('refuse more than ¥1,000,000 at once, naming the field, instead of failing on an unsafe balance', async () => {
    const { rows } = await server.deps.database.pool.query(`select id from users where phone = '13912345678'`);
    for (const amountFen of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 100_000_001]) {
      const body = await server.call('POST', `/api/admin/users/${rows[0].id}/adjust`, {
        headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'en' },
        body: { amountFen, reason: 'typo', idempotencyKey: `hardening-${amountFen}` },
      });
      expect(body).toMatchObject({ code: Code.InvalidInput, data: { field: 'amountFen' } });
    }
  });
});

describe('concurrent ledger transfers through one shared account', () => {
  it('all complete, none dies in a deadlock: accounts are locked before the transfer row is written', async () => {
    const userIds: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await server.login(`1391234570${i}`);
      const { rows } = await server.deps.database.pool.query('select id from users where phone = $1', [`1391234570${i}`]);
      userIds.push(Number(rows[0].id));
    }
    // Every adjustment moves money to or from platform clearing, as card credits do.
    const answers = await Promise.all(
      userIds.flatMap((id) =>
        [1, 2, 3, 4].map((n) =>
          server.app.inject({
            method: 'POST',
            url: `/api/admin/users/${id}/adjust`,
            headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ amountFen: 100 * n, reason: 'concurrency', idempotencyKey: `deadlock-${id}-${n}` }),
          }),
        ),
      ),
    );
    expect(answers.map((a) => `${a.statusCode} ${a.json().code}`)).toEqual(answers.map(() => '200 200'));
  });
});

describe('the first operator account', () => {
  it('is made once when several instances start together on a new database', async () => {
    const { database } = await createTestDatabase();
    const instances = Array.from({ length: 4 }, () => createDeps(testConfig(), database));
    const results = await Promise.all(instances.map((deps) => ensureFirstAdmin(deps)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const { rows } = await database.pool.query('select username from admins');
    expect(rows).toEqual([{ username: 'admin' }]);
  });
});
