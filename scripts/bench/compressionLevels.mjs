#!/usr/bin/env node
/**
 * `node --import tsx scripts/bench/compressionLevels.mjs`: the CPU cost and size of each gzip level
 * and brotli quality on the public JSON answers of a demo server and on a page of the order list
 * (the bench's seeded seller, seedCards.ts), to choose the levels the server
 * compresses its JSON answers with (apps/server/src/http/compression.ts). CPU time per answer is
 * the median of many runs in this process; compare levels with each other, not with other machines.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { logIn } from './apiSuite.mjs';
import { startBenchBed } from './processes.mjs';
import { seedCards } from './seedCards.ts';

const CALLS = ['/api/goods/getClassList', '/api/Basis/getChart', '/api/Basis/getNotice', '/api/Basis/getFoundation', '/api/Basis/getFaq'];
const RUNS = 400;

function medianMicros(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const bed = await startBenchBed();
const server = await bed.addServer();
const bodies = [];
try {
  for (const path of CALLS)
    bodies.push({
      path,
      body: Buffer.from(await (await fetch(`${server.url}${path}`, { headers: { uuid: 'bench-device-0001' } })).text()),
    });
  const seed = await seedCards(bed.db.url, { cards: 20_000, encryptionKey: bed.encryptionKey });
  const token = await logIn(server, bed.db.database.pool, seed.targetPhone);
  const path = '/api/order/list?status=999&page=1&pageSize=10';
  bodies.push({
    path,
    body: Buffer.from(await (await fetch(`${server.url}${path}`, { headers: { uuid: 'bench-device-0001', token } })).text()),
  });
} finally {
  await bed.stop();
}

const codecs = [
  ...[1, 4, 6, 9].map((level) => ({ name: `gzip ${level}`, run: (b) => gzipSync(b, { level }) })),
  ...[1, 3, 4, 5, 6, 11].map((quality) => ({
    name: `brotli ${quality}`,
    run: (b) =>
      brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  })),
];
for (const { path, body } of bodies) {
  console.log(`\n${path}: ${body.length} bytes`);
  for (const codec of codecs) {
    const size = codec.run(body).length;
    console.log(
      `  ${codec.name.padEnd(10)} ${String(size).padStart(6)} bytes (${((size / body.length) * 100).toFixed(0).padStart(3)}%)  ${medianMicros(
        () => codec.run(body),
      )
        .toFixed(0)
        .padStart(5)} µs`,
    );
  }
}
process.exit(0);
