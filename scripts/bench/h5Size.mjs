/**
 * The JS the H5 app's index.html loads before any page (gzipped as a CDN would serve it), and
 * the JS a page needs on top of it, from the files the browser actually fetched for that page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

export const h5Dir = (repoRoot) => join(repoRoot, 'apps/mobile/dist/h5');
export const gzipSize = (content) => gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;

/** The scripts index.html loads itself: what the browser must fetch before the app can start. */
function initialScripts(html) {
  const sources = [];
  for (const tag of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag[0])?.[1];
    if (src && !/^(https?:)?\/\//i.test(src)) sources.push(src);
  }
  return sources;
}

/** One file of the build by the path a page asked for; null when it is not ours. */
export function builtFile(dir, src) {
  const file = join(dir, decodeURIComponent(src.replace(/^\//, '').split(/[?#]/, 1)[0]));
  return existsSync(file) ? file : null;
}

export function initialJs(repoRoot) {
  const dir = h5Dir(repoRoot);
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const rows = initialScripts(html).map((src) => {
    const file = builtFile(dir, src);
    if (!file) throw new Error(`index.html loads ${src}, which is not in apps/mobile/dist/h5`);
    const content = readFileSync(file);
    return { file: src, bytes: content.length, gzipBytes: gzipSize(content) };
  });
  // Inline scripts ship inside index.html itself; counted so nothing the first page runs is missed.
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).join('\n');
  if (inline.trim())
    rows.push({ file: '(inline in index.html)', bytes: Buffer.byteLength(inline), gzipBytes: gzipSize(Buffer.from(inline)) });
  const total = rows.reduce((sum, row) => ({ bytes: sum.bytes + row.bytes, gzipBytes: sum.gzipBytes + row.gzipBytes }), {
    bytes: 0,
    gzipBytes: 0,
  });
  return { files: rows, totalBytes: total.bytes, totalGzipBytes: total.gzipBytes };
}

/** Gzip bytes of the build's scripts among the URLs a page loaded (each file once). */
export function pageJs(repoRoot, scriptUrls) {
  const dir = h5Dir(repoRoot);
  const seen = new Set();
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of scriptUrls) {
    const file = builtFile(dir, new URL(url).pathname);
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const content = readFileSync(file);
    bytes += content.length;
    gzipBytes += gzipSize(content);
  }
  return { files: seen.size, bytes, gzipBytes };
}
