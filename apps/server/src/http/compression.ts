import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { AppInstance } from './appInstance';

/**
 * Answers above 1 KB (the catalogue, FAQ, banners, order lists) are compressed per request.
 * Levels measured on the demo server's answers (`node --import tsx scripts/bench/compressionLevels.mjs`):
 * brotli 4 makes them as small as gzip's best or smaller (25-54 % of the JSON) for 20-45 µs each;
 * brotli 5 saves another 3-10 % for up to twice the CPU, 11 costs over a millisecond; gzip levels
 * differ by a few bytes.
 * Front-end builds arrive already compressed (scripts/precompress.mjs) and are left alone.
 */
export async function registerCompression(app: AppInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    // Compressed in place up to 64 KB, as the order list's page (34 KB) is: brotli 4 takes 66 µs on it, where the
    // plugin's stream path above its default (8 KB on two cores) cost more than sending it plain.
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
