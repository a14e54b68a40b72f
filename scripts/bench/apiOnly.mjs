#!/usr/bin/env node
/**
 * The API part of `npm run bench` alone, lighter by default, for a before/after comparison of a
 * change: the same servers, baselines and profiles, each figure also printed as a ratio to the
 * Fastify + pg baseline of the same run. BENCH_DURATION (5), BENCH_CONNECTIONS (50), BENCH_CARDS
 * (100000), BENCH_SKIP=profile. Prints the profiles and the ratios as JSON; writes nothing.
 */
import { measureApi } from './apiSuite.mjs';
import { startBenchBed } from './processes.mjs';

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const settings = {
  durationS: Number(process.env.BENCH_DURATION ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  cards: Number(process.env.BENCH_CARDS ?? 100_000),
};
const bed = await startBenchBed();
let api;
try {
  await bed.addServer();
  await bed.addServer();
  api = await measureApi({ bed, settings, profile: !skip.has('profile'), log: (line) => console.log(line) });
} finally {
  await bed.stop();
}
for (const [name, profile] of Object.entries(api.profiles ?? {})) {
  console.log(`\n${name}: ${profile.busyMs} ms busy, ${profile.cpuMsPerRequest} ms of server CPU per request`);
  for (const share of profile.shares) console.log(`  ${String(share.percent).padStart(5)} %  ${share.group}`);
  for (const fn of profile.functions) console.log(`  ${String(fn.percent).padStart(5)} %  ${fn.function}`);
}
const base = api.pgPoint;
const ratio = (figure) => Math.round((100 * figure.reqPerSec) / base.reqPerSec) / 100;
console.log(
  JSON.stringify(
    {
      settings,
      pgPoint: { reqPerSec: base.reqPerSec, p99Ms: base.p99Ms, cpu: base.cpu },
      publicHome: { reqPerSec: api.publicHome.reqPerSec, ratio: ratio(api.publicHome), p99Ms: api.publicHome.p99Ms },
      orderList: {
        reqPerSec: api.orderList.reqPerSec,
        ratio: ratio(api.orderList),
        p99Ms: api.orderList.p99Ms,
        p99Ratio: Math.round((10 * api.orderList.p99Ms) / base.p99Ms) / 10,
        database: api.orderList.database,
        cpu: api.orderList.cpu,
        uncompressed: {
          ratio: ratio(api.orderList.uncompressed),
          p99Ms: api.orderList.uncompressed.p99Ms,
          cpu: api.orderList.uncompressed.cpu,
        },
      },
      withdrawalCreate: {
        reqPerSec: api.withdrawalCreate.reqPerSec,
        ratio: ratio(api.withdrawalCreate),
        p99Ms: api.withdrawalCreate.p99Ms,
        created: api.withdrawalCreate.created,
        cpu: api.withdrawalCreate.cpu,
      },
      batchSubmit: { medianMs: api.batchSubmit.medianMs, maxMs: api.batchSubmit.maxMs },
    },
    null,
    2,
  ),
);
process.exit(0);
