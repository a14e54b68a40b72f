#!/usr/bin/env node
/**
 * `npm run analyse:h5`: builds the H5 app with ANALYSE=1 (webpack's stats written beside the build)
 * and prints what the entry and each tab page load: every chunk's gzip size, and the packages and
 * source folders that make them up (module sizes before minification, so read them as shares).
 * `--no-build` reads the stats of the last analysed build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMobileTarget } from './build-mobile.mjs';
import { gzipSize } from './bench/h5Size.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(repoRoot, 'apps/mobile/dist/h5');
const statsFile = join(repoRoot, 'apps/mobile/dist/h5-stats.json');
const tabPages = ['home', 'goodsClass', 'order', 'person'];
const top = Number(process.env.ANALYSE_TOP ?? 12);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (!process.argv.includes('--no-build')) {
  process.env.ANALYSE = '1';
  const failure = await buildMobileTarget('h5');
  if (failure) {
    console.error(failure);
    process.exit(1);
  }
}
if (!existsSync(statsFile)) {
  console.error(`${statsFile} is missing: run without --no-build`);
  process.exit(1);
}
const stats = JSON.parse(readFileSync(statsFile, 'utf8'));

/** A module's owner: the npm package it comes from, or its folder in our sources. */
function owner(name) {
  const path = name.replace(/ \+ \d+ modules?$/, '').replace(/^.*!/, '');
  const packaged = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (packaged) return packaged[1];
  const shared = /packages\/shared\//.test(path);
  if (shared) return 'packages/shared';
  const source = /src\/((?:pages|components|api)\/[^/]+|[^/]+)/.exec(path);
  return source ? `src/${source[1].replace(/\.(tsx?|scss)$/, '')}` : path;
}

/** Leaf modules (concatenated ones opened up) with the chunks they are in. */
function leafModules(modules) {
  return modules.flatMap((module) =>
    module.modules?.length ? leafModules(module.modules).map((leaf) => ({ ...leaf, chunks: module.chunks })) : [module],
  );
}
const modules = leafModules(stats.modules ?? []);

const jsFile = (chunk) => chunk.files.find((file) => file.endsWith('.js'));
const chunkGzip = new Map(
  stats.chunks.map((chunk) => {
    const file = jsFile(chunk);
    return [chunk.id, file ? gzipSize(readFileSync(join(distDir, file))) : 0];
  }),
);

function report(title, chunks) {
  const ids = new Set(chunks.map((chunk) => chunk.id));
  const gzip = chunks.reduce((sum, chunk) => sum + chunkGzip.get(chunk.id), 0);
  console.log(`\n${title}: ${kb(gzip)} gzip in ${chunks.length} chunks`);
  for (const chunk of [...chunks].sort((a, b) => chunkGzip.get(b.id) - chunkGzip.get(a.id)))
    console.log(`  ${String(jsFile(chunk) ?? chunk.id).padEnd(28)} ${kb(chunkGzip.get(chunk.id)).padStart(9)}`);
  const owners = new Map();
  for (const module of modules) {
    if (!module.chunks?.some((id) => ids.has(id)) || /\.s?css$/.test(module.name)) continue;
    const key = owner(module.name);
    owners.set(key, (owners.get(key) ?? 0) + (module.size ?? 0));
  }
  const total = [...owners.values()].reduce((sum, size) => sum + size, 0);
  console.log('  largest parts (source size before minification):');
  for (const [key, size] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${key.padEnd(44)} ${kb(size).padStart(9)} ${((size / total) * 100).toFixed(0).padStart(3)}%`);
}

const initial = stats.chunks.filter((chunk) => chunk.initial);
report('entry (index.html)', initial);
for (const page of tabPages) {
  const request = new RegExp(`pages/${page}/${page}\\b`);
  const own = stats.chunks.filter((chunk) => !chunk.initial && chunk.origins?.some((origin) => request.test(origin.request ?? '')));
  report(`${page}: page chunks on top of the entry`, own);
}
