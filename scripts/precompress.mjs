#!/usr/bin/env node
/**
 * Post-build step for the H5 app and the admin console: writes a brotli (`.br`) and a gzip (`.gz`)
 * copy beside every text file worth compressing, so the server sends them as a CDN would, without
 * compressing per request (apps/server/src/http/static.ts). Maximum levels: this runs once per build.
 * `node scripts/precompress.mjs <dir>...`
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|map|xml|wasm)$/;
// Below this a compressed copy saves less than the extra header and file costs.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every eligible file under `dir`; returns how many files and bytes before and after brotli. */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const path of [...files(dir)]) {
    // Copies left by an earlier run over the same directory are remade from their source file.
    if (/\.(?:br|gz)$/.test(path)) {
      rmSync(path);
      continue;
    }
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const source = readFileSync(path);
    const brotli = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gzip = gzipSync(source, { level: 9 });
    // A copy no smaller than its source would only cost the client decoding time.
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
    totals.files += 1;
    totals.bytes += source.length;
    totals.brotliBytes += Math.min(brotli.length, source.length);
    totals.gzipBytes += Math.min(gzip.length, source.length);
  }
  return totals;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.mjs <dir>...');
    process.exit(2);
  }
  for (const dir of dirs) {
    const t = precompress(dir);
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`${dir}: ${t.files} files, ${kb(t.bytes)} → brotli ${kb(t.brotliBytes)}, gzip ${kb(t.gzipBytes)}`);
  }
}
