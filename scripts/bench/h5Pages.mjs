#!/usr/bin/env node
/**
 * The H5 weight figures of `npm run bench` without the API runs: the entry's JS, then Lighthouse
 * and each page's JS (gzip) for the tab pages, or only the pages named
 * (`node --import tsx scripts/bench/h5Pages.mjs home person`). Reads apps/mobile/dist/h5 as built.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { initialJs, pageJs } from './h5Size.mjs';
import { lighthousePages } from './lighthouse.mjs';
import { startDatabase, startMaika } from './processes.mjs';
import { tabRoutes } from '../../apps/mobile/src/routes.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entry = initialJs(repoRoot);
console.log(`entry JS: ${kb(entry.totalGzipBytes)} gzip (${entry.files.length} files, ${kb(entry.totalBytes)} raw)`);

const names = process.argv.slice(2);
const pages = tabRoutes.filter((route) => names.length === 0 || names.includes(route.name));
const db = await startDatabase();
let server;
try {
  server = await startMaika({
    APP_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: db.url,
    DATA_DIR: db.dir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  });
  const results = await lighthousePages(pages.map((route) => ({ name: route.name, url: `${server.url}/#/${route.path}` })));
  for (const { page, score, lcpMs, fcpMs, tbtMs, scriptUrls, runtimeError } of results) {
    const js = pageJs(repoRoot, scriptUrls);
    const error = runtimeError ? ` error: ${runtimeError}` : '';
    console.log(
      `${page}: score ${score}, FCP ${fcpMs} ms, LCP ${lcpMs} ms, TBT ${tbtMs} ms, JS ${kb(js.gzipBytes)} gzip in ${js.files} files${error}`,
    );
  }
} finally {
  await server?.stop();
  await db.stop();
}
