/**
 * The JS the admin console's index.html makes the browser fetch before the first page shows: the
 * entry script and the chunks it preloads (`modulepreload`), each gzipped at level 9 as
 * `gzip -9c file | wc -c` counts it. Pages and the signed-in frame load later, by route.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtFile, gzipSize } from './h5Size.mjs';

export const adminDir = (repoRoot) => join(repoRoot, 'apps/admin/dist');
/** docs/design.md "Budgets". */
export const adminBudgetGzipBytes = 300 * 1024;
/** The path the server serves the console under (apps/admin/vite.config.ts `base`). */
const base = '/admin/';

/** The entry module scripts and the module preloads of index.html, in document order. */
export function initialAdminScripts(html) {
  const sources = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attribute = (name) => new RegExp(`\\b${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag[0])?.[1];
    const url = tag[1].toLowerCase() === 'script' ? attribute('src') : attribute('rel') === 'modulepreload' ? attribute('href') : undefined;
    if (url && !/^(https?:)?\/\//i.test(url)) sources.push(url);
  }
  return sources;
}

/** Null when the console has not been built. */
export function adminInitialJs(repoRoot) {
  const dir = adminDir(repoRoot);
  if (!existsSync(join(dir, 'index.html'))) return null;
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = initialAdminScripts(html).map((src) => {
    const file = builtFile(dir, src.startsWith(base) ? src.slice(base.length) : src);
    if (!file) throw new Error(`index.html loads ${src}, which is not in apps/admin/dist`);
    const content = readFileSync(file);
    return { file: src, bytes: content.length, gzipBytes: gzipSize(content) };
  });
  return {
    files,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    budgetGzipBytes: adminBudgetGzipBytes,
  };
}
