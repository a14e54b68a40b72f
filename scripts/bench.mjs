#!/usr/bin/env node
/**
 * `npm run bench`: measures what DESIGN.md §5 budgets and reports it; never fails on a figure,
 * only when there is nothing to measure. For now: the JS the H5 app loads before its first page,
 * gzipped as a CDN would serve it, against the 120 KB budget. Writes bench/results.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const h5Dir = join(repoRoot, 'apps/mobile/dist/h5');
const indexHtml = join(h5Dir, 'index.html');
const resultsFile = join(repoRoot, 'bench/results.json');
const command = 'npm run bench';
const budgetBytes = 120 * 1024;

if (!existsSync(indexHtml)) {
  console.error(`${relative(repoRoot, indexHtml)} is missing: build the app first (npm run build:mobile -- h5)`);
  process.exit(1);
}

/** The scripts index.html loads itself: what the browser must fetch before the app can start. */
function initialScripts(html) {
  const sources = [];
  for (const tag of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag[0])?.[1];
    if (src && !/^(https?:)?\/\//i.test(src)) sources.push(src);
  }
  return sources;
}

const html = readFileSync(indexHtml, 'utf8');
const rows = initialScripts(html).map((src) => {
  const file = join(h5Dir, src.replace(/^\//, '').split(/[?#]/, 1)[0]);
  if (!existsSync(file)) {
    console.error(`index.html loads ${src}, which is not in ${relative(repoRoot, h5Dir)}`);
    process.exit(1);
  }
  const content = readFileSync(file);
  return { file: src, bytes: content.length, gzipBytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length };
});
// Inline scripts ship inside index.html itself; counted so nothing the first page runs is missed.
const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).join('\n');
if (inline.trim()) {
  const content = Buffer.from(inline);
  rows.push({ file: '(inline in index.html)', bytes: content.length, gzipBytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length });
}

const total = rows.reduce((sum, row) => ({ bytes: sum.bytes + row.bytes, gzipBytes: sum.gzipBytes + row.gzipBytes }), { bytes: 0, gzipBytes: 0 });
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const withinBudget = total.gzipBytes <= budgetBytes;

const table = [
  ['file', 'bytes', 'gzip bytes'],
  ...rows.map((row) => [row.file, String(row.bytes), String(row.gzipBytes)]),
  ['total', String(total.bytes), String(total.gzipBytes)],
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
const line = (row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ');

console.log(`$ ${command}`);
console.log(`H5 initial JS (scripts apps/mobile/dist/h5/index.html loads; gzip level 9, node:zlib)\n`);
console.log(line(table[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
for (const row of table.slice(1, -1)) console.log(line(row));
console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
console.log(line(table.at(-1)));
console.log(
  `\ninitial JS gzip: ${kb(total.gzipBytes)} of the ${kb(budgetBytes)} budget (DESIGN.md §5): ` +
    (withinBudget ? `within, ${kb(budgetBytes - total.gzipBytes)} to spare` : `OVER by ${kb(total.gzipBytes - budgetBytes)}`),
);

const results = {
  command,
  measuredAt: new Date().toISOString(),
  h5InitialJs: {
    source: 'apps/mobile/dist/h5/index.html',
    gzipLevel: 9,
    files: rows,
    totalBytes: total.bytes,
    totalGzipBytes: total.gzipBytes,
    budgetGzipBytes: budgetBytes,
    withinBudget,
  },
};
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written to ${relative(repoRoot, resultsFile)}`);
