import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { AppInstance } from './appInstance';

/**
 * Answers above 1 KB (the catalogue, FAQ, banners, order lists) are compressed per request.
 * Levels measured on the demo server's public answers and a page of the order list
 * (`node --import tsx scripts/bench/compressionLevels.mjs`): brotli 3 makes them 10-68 % of the JSON
 * for 16-30 µs each, at most 60 bytes more than brotli 4, which costs half as much again (23-49 µs)
 * and was the order list's largest cost in the server after its socket writes; 11 costs milliseconds;
 * gzip levels differ by a few bytes.
 * Front-end builds arrive already compressed (scripts/precompress.mjs) and are left alone.
 */
export async function registerCompression(app: AppInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    // Compressed in place up to 64 KB (an order list page filtered by a status carries its cards: tens of KB),
    // where the plugin's stream path above its default (8 KB on two cores) cost more than sending it plain.
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
    zlibOptions: { level: 6 },
  });
}
