/**
 * Lighthouse alone, for comparing H5 builds: `node --import tsx scripts/bench/lighthouseOnly.mjs
 * [runs] [buildDir...]`. Starts one server as the bench does, then for each run measures the four
 * tab pages with each named build in turn (apps/mobile/dist/h5 is pointed at it), so builds are
 * compared in alternation on the same machine state. Prints each run and the medians, and what
 * Lighthouse's own diagnostics say makes TBT and LCP.
 */
import { existsSync, lstatSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageJs } from './h5Size.mjs';
import { diagnostics, formatDiagnostics, launchChromium, lighthousePage } from './lighthouse.mjs';
import { startBenchBed } from './processes.mjs';
import { tabRoutes } from '../../apps/mobile/src/routes.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const distH5 = join(repoRoot, 'apps/mobile/dist/h5');
const runs = Number(process.argv[2] ?? 3);
const builds = process.argv.slice(3).map((dir) => resolve(dir));

/** Where apps/mobile/dist/h5 waits while named builds are measured; put back at the end. */
const keptH5 = `${distH5}.kept`;
const isLink = () => existsSync(distH5) && lstatSync(distH5).isSymbolicLink();

function useBuild(dir) {
  if (!dir) return;
  if (existsSync(distH5) && !isLink()) renameSync(distH5, keptH5);
  rmSync(distH5, { force: true });
  symlinkSync(dir, distH5);
}

function restoreBuild() {
  if (isLink()) rmSync(distH5);
  if (existsSync(keptH5)) renameSync(keptH5, distH5);
}

// Stopped early, the measured builds still leave apps/mobile/dist/h5 as it was.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    restoreBuild();
    process.exit(1);
  });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// The first server loads the demo data; it serves the H5 build only when one is there as it starts.
useBuild(builds[0]);
const bed = await startBenchBed();
const chrome = await launchChromium();
const rows = [];
try {
  await bed.addServer();
  for (let run = 0; run < runs; run += 1) {
    for (const build of builds.length ? builds : [null]) {
      useBuild(build);
      // A server of its own for each build: the CSP admits index.html's inline scripts by the hashes read at start.
      const server = await bed.startServer();
      try {
        for (const route of tabRoutes) {
          const url = `${server.url}/#/${route.path}`;
          const { summary, lhr } = await lighthousePage(chrome.port, url);
          const row = {
            build: build ?? 'dist/h5',
            page: route.name,
            run,
            score: summary.score,
            fcp: summary.fcpMs,
            lcp: summary.lcpMs,
            tbt: summary.tbtMs,
            cls: summary.cls,
            jsKB: Number((pageJs(repoRoot, summary.scriptUrls).gzipBytes / 1024).toFixed(1)),
            error: summary.runtimeError,
          };
          rows.push(row);
          console.log(JSON.stringify(row));
          if (run === 0) {
            const found = diagnostics(lhr, server.url);
            console.log(formatDiagnostics(found));
            console.log('  requests', JSON.stringify(found.requests.map((r) => [r.url.slice(0, 60), r.type, r.kb, r.startMs, r.endMs])));
          }
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await chrome.kill();
  await bed.stop();
  restoreBuild();
}
console.log('\nmedians (score fcp lcp tbt cls jsKB):');
for (const build of new Set(rows.map((r) => r.build)))
  for (const route of tabRoutes) {
    const mine = rows.filter((r) => r.build === build && r.page === route.name);
    console.log(build, route.name, ['score', 'fcp', 'lcp', 'tbt', 'cls', 'jsKB'].map((k) => median(mine.map((r) => r[k]))).join(' '));
  }
process.exit(0);
