import fastifyCompress from '@fastify/compress';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import zlib, { constants } from 'node:zlib';
import type { AppInstance } from './appInstance';

/** Bytes of compressed answers kept: thousands of order list pages or public answers. */
const KEPT_BYTES = 8 * 1024 * 1024;

type Compress = (body: Buffer, options: zlib.BrotliOptions & zlib.ZlibOptions) => Buffer;

/**
 * A compressor that compresses each distinct body once: its answer is kept by the body's SHA-256,
 * and the same body asked for again (a public answer, the same for everyone; a seller's order list
 * asked again while its cards are checked) gets the bytes compressed the first time. Kept by
 * content, never by user or path, an answer can only ever be the compression of the very body
 * asked for. Compressing a page of the order list cost the server more than anything but its
 * socket writes; a lookup costs a hash of the body.
 */
export function compressingOnce(compress: Compress, kept: LRUCache<string, Buffer>, encoding: string): Compress {
  return (body, options) => {
    const key = `${encoding}:${createHash('sha256').update(body).digest('base64')}`;
    const known = kept.get(key);
    if (known) return known;
    const compressed = compress(body, options);
    kept.set(key, compressed);
    return compressed;
  };
}

/**
 * Answers above 1 KB (the catalogue, FAQ, banners, order lists) are compressed, each distinct one
 * once (`compressingOnce`). Levels measured on the demo server's public answers and a page of the
 * order list (`node --import tsx scripts/bench/compressionLevels.mjs`): brotli 3 makes them 10-68 %
 * of the JSON for 16-30 µs each, at most 60 bytes more than brotli 4, which costs half as much
 * again (23-49 µs); 11 costs milliseconds; gzip levels differ by a few bytes.
 * Front-end builds arrive already compressed (scripts/precompress.mjs) and are left alone.
 */
export async function registerCompression(app: AppInstance): Promise<void> {
  const kept = new LRUCache<string, Buffer>({ maxSize: KEPT_BYTES, sizeCalculation: (compressed) => compressed.length });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    // Compressed in place up to 64 KB (an order list page filtered by a status carries its cards: tens of KB),
    // where the plugin's stream path above its default (8 KB on two cores) cost more than sending it plain.
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
    zlibOptions: { level: 6 },
    // The plugin takes the in-place compressors from here; answers above syncThreshold stream as before.
    zlib: {
      createBrotliCompress: zlib.createBrotliCompress,
      createGzip: zlib.createGzip,
      createDeflate: zlib.createDeflate,
      brotliCompressSync: compressingOnce(zlib.brotliCompressSync, kept, 'br'),
      gzipSync: compressingOnce(zlib.gzipSync, kept, 'gzip'),
      deflateSync: compressingOnce(zlib.deflateSync, kept, 'deflate'),
    },
  });
}
