#!/usr/bin/env node
/**
 * `npm run bench`: measures what docs/design.md "Budgets" budgets and reports each figure beside its budget
 * and the parameters that produced it; never fails on a figure, only when something cannot be
 * measured. Writes bench/results.json. Runs on a fresh embedded PostgreSQL of its own.
 *
 * BENCH_DURATION (seconds per autocannon run, default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_CARDS (default 1000000), BENCH_LIGHTHOUSE_RUNS (runs per tab page, default 3; medians
 * reported), BENCH_CREDITS and BENCH_CREDIT_TIMEOUT (bench/credits.mjs), BENCH_PG_SETTINGS
 * (bench/processes.mjs), BENCH_SKIP=lighthouse,api,profile to leave parts out.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminInitialJs } from './bench/adminSize.mjs';
import { initialJs, pageJs } from './bench/h5Size.mjs';
import { miniMainPackage } from './bench/miniSize.mjs';
import { measureApi } from './bench/apiSuite.mjs';
import { lighthouseBudget, lighthousePages, withinLighthouseBudget } from './bench/lighthouse.mjs';
import { startBenchBed } from './bench/processes.mjs';
import { printTable } from './bench/report.mjs';
import { tabRoutes } from '../apps/mobile/src/routes.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsFile = join(repoRoot, 'bench/results.json');
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const settings = {
  durationS: Number(process.env.BENCH_DURATION ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  cards: Number(process.env.BENCH_CARDS ?? 1_000_000),
};
const started = Date.now();

if (!existsSync(join(repoRoot, 'apps/mobile/dist/h5/index.html'))) {
  console.error('apps/mobile/dist/h5/index.html is missing: build the app first (npm run build:mobile -- h5)');
  process.exit(1);
}

const results = {
  command: 'npm run bench',
  measuredAt: new Date().toISOString(),
  machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
  settings,
};
results.h5InitialJs = { ...initialJs(repoRoot), budgetGzipBytes: 80 * 1024 };
results.adminInitialJs = adminInitialJs(repoRoot) ?? { missing: 'apps/admin/dist has no build: npm run build:admin' };
results.miniMainPackages = ['weapp', 'alipay'].map(
  (target) => miniMainPackage(repoRoot, target) ?? { target, missing: `apps/mobile/dist/${target} has no build: npm run build:mobile` },
);

console.log('$ npm run bench');
console.log(`starting an embedded PostgreSQL in a temporary directory and a server on it (${settings.cards} cards to seed)...`);
const bed = await startBenchBed();
try {
  const first = await bed.addServer();
  if (!skip.has('lighthouse')) {
    console.log('Lighthouse on each tab page...');
    const pages = tabRoutes.map((route) => ({ name: route.name, url: `${first.url}/#/${route.path}` }));
    results.lighthouse = (await lighthousePages(pages)).map(({ scriptUrls, diagnostics, ...page }) => {
      const js = { ...pageJs(repoRoot, scriptUrls), budgetGzipBytes: 100 * 1024 };
      // What Lighthouse says makes TBT and LCP, kept for each page that misses a budget.
      const within = withinLighthouseBudget(page) && js.gzipBytes <= js.budgetGzipBytes;
      return { ...page, js, ...(within ? {} : { diagnostics }) };
    });
    results.lighthouseBudget = lighthouseBudget;
  }
  if (!skip.has('api')) {
    // The second instance only now: the first has loaded the demo data by itself.
    await bed.addServer();
    results.api = await measureApi({ bed, settings, profile: !skip.has('profile'), log: (line) => console.log(line) });
  }
} finally {
  await bed.stop();
}
results.durationS = Math.round((Date.now() - started) / 1000);

printTable(results);
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwhole bench took ${results.durationS} s; written to ${relative(repoRoot, resultsFile)}`);
process.exit(0);
