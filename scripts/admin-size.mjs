#!/usr/bin/env node
/**
 * Prints the admin console's initial JS (gzip -9 of the entry and the chunks index.html preloads)
 * beside its budget, from the build in apps/admin/dist (`npm run build:admin` first). Reports,
 * never fails on the figure; exits 1 only when there is no build to measure.
 */
import { fileURLToPath } from 'node:url';
import { adminInitialJs } from './bench/adminSize.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const measured = adminInitialJs(repoRoot);
if (!measured) {
  console.error('apps/admin/dist/index.html is missing: build the console first (npm run build:admin)');
  process.exit(1);
}
for (const file of measured.files) console.log(`${String(file.gzipBytes).padStart(9)}  ${file.file} (${file.bytes} bytes before gzip)`);
const over = measured.totalGzipBytes > measured.budgetGzipBytes;
console.log(
  `${String(measured.totalGzipBytes).padStart(9)}  admin console initial JS, gzip -9 (budget ${measured.budgetGzipBytes}: ${over ? 'OVER' : 'within'})`,
);
