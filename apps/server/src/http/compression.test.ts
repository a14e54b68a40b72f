import { LRUCache } from 'lru-cache';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness';
import { seedDemoData } from '../db/seed/demo';
import { compressingOnce } from './compression';

const options = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };

describe('compressing each distinct answer once', () => {
  it('compresses a body asked for again only the first time, and every other body on its own', () => {
    const kept = new LRUCache<string, Buffer>({ maxSize: 1 << 20, sizeCalculation: (b) => b.length });
    const bodies: string[] = [];
    const compress = compressingOnce(
      (body, o) => {
        bodies.push(body.toString());
        return brotliCompressSync(body, o);
      },
      kept,
      'br',
    );
    const list = (orders: number) => JSON.stringify({ code: 200, data: { list: Array.from({ length: orders }, (_, i) => ({ id: i })) } });
    const first = compress(Buffer.from(list(40)), options);
    // The same body in another buffer, as the next request brings it.
    const again = compress(Buffer.from(list(40)), options);
    const other = compress(Buffer.from(list(41)), options);
    expect(bodies).toEqual([list(40), list(41)]);
    expect(again).toBe(first);
    expect(brotliDecompressSync(again).toString()).toBe(list(40));
    expect(brotliDecompressSync(other).toString()).toBe(list(41));
  });

  it('keeps encodings apart', () => {
    const kept = new LRUCache<string, Buffer>({ maxSize: 1 << 20, sizeCalculation: (b) => b.length });
    const body = Buffer.from('x'.repeat(2_000));
    const br = compressingOnce(() => Buffer.from('br'), kept, 'br');
    const gzip = compressingOnce(() => Buffer.from('gzip'), kept, 'gzip');
    expect(br(body, {}).toString()).toBe('br');
    expect(gzip(body, {}).toString()).toBe('gzip');
  });
});

describe('compressed answers through the app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await seedDemoData(server.deps);
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { uuid: 'compression-test-device', ...headers } });

  it('answers each of two answers asked in turn with its own body, the second time as the first', async () => {
    // The catalogue in Chinese and in English: one path, two bodies.
    const langs = ['zh-CN', 'en-US'];
    const plain = await Promise.all(langs.map(async (lang) => (await get('/api/goods/getClassList', { lang })).body));
    for (const body of plain) expect(body.length).toBeGreaterThan(1024);
    expect(plain[0]).not.toBe(plain[1]);
    for (let round = 0; round < 2; round++) {
      for (const [i, lang] of langs.entries()) {
        const compressed = await get('/api/goods/getClassList', { lang, 'accept-encoding': 'br' });
        expect(compressed.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain[i]);
      }
    }
  });
});
