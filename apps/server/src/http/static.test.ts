import Fastify, { type FastifyInstance } from 'fastify';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuild } from './static';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
// Repetitive but not trivially so, like a real bundle.
const script = Array.from({ length: 400 }, (_, i) => `export function f${i}(a){return a*${i}+"${i.toString(36)}";}`).join('\n');
const indexHtml = `<!doctype html><html><head><script src="/js/app.1a2b3c4d.js"></script></head><body>${'<div class="page"></div>'.repeat(80)}</body></html>`;

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'maika-build-'));
  mkdirSync(join(root, 'js'));
  writeFileSync(join(root, 'index.html'), indexHtml);
  writeFileSync(join(root, 'js/app.1a2b3c4d.js'), script);
  writeFileSync(join(root, 'js/tiny.5e6f7a8b.js'), 'export const a = 1;');
  const run = spawnSync(process.execPath, ['scripts/precompress.mjs', root], { cwd: repoRoot, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  app = Fastify();
  await serveBuild(app, root, '/');
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

describe('a front-end build served as a CDN would', () => {
  it('has brotli and gzip copies made at build time, and none for files too small to gain', () => {
    for (const file of ['index.html', 'js/app.1a2b3c4d.js']) {
      expect(existsSync(join(root, `${file}.br`))).toBe(true);
      expect(existsSync(join(root, `${file}.gz`))).toBe(true);
    }
    expect(existsSync(join(root, 'js/tiny.5e6f7a8b.js.br'))).toBe(false);
  });

  it('sends brotli to a client that accepts it, gzip to one that accepts only gzip, the plain file otherwise, varying on Accept-Encoding', async () => {
    const brotli = await get('/js/app.1a2b3c4d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 3);

    const gzip = await get('/js/app.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/js/app.1a2b3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const response of [brotli, gzip, plain]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
    }
  });

  it('lets hashed files be cached for a year as immutable', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/js/app.1a2b3c4d.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/js/tiny.5e6f7a8b.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated every time: no-cache with an ETag, 304 when the ETag still matches', async () => {
    for (const url of ['/', '/index.html']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(indexHtml);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^(W\/)?".+"$/);

      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const stale = await get(url, { 'accept-encoding': 'br', 'if-none-match': 'W/"0-0"' });
      expect(stale.statusCode).toBe(200);
    }
  });
});
