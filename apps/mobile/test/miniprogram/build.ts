/**
 * The mini-program builds the checks read. A check must never pass on a stale build: the build of a
 * target is (re)made here when its app.json is missing or older than any source that goes into it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type MiniTarget = 'weapp' | 'alipay';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const mobileRoot = path.join(repoRoot, 'apps', 'mobile');

/** Everything a mini-program build is made from. */
const sources = [
  path.join(mobileRoot, 'src'),
  path.join(mobileRoot, 'config'),
  path.join(mobileRoot, 'babel.config.js'),
  path.join(mobileRoot, 'package.json'),
  path.join(mobileRoot, 'project.config.json'),
  path.join(mobileRoot, 'project.alipay.json'),
  path.join(mobileRoot, 'sitemap.json'),
  path.join(repoRoot, 'packages', 'shared', 'src'),
];

/** Test files and test helpers are not part of any build. */
const notBuilt = (file: string) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);

function newestSourceTime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return notBuilt(entry) ? 0 : stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestSourceTime(path.join(entry, name))), 0);
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The output folder of `target`, built first when it is missing or older than its sources. */
export function freshBuild(target: MiniTarget): string {
  const dist = path.join(mobileRoot, 'dist', target);
  const marker = path.join(dist, 'app.json');
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const newest = Math.max(...sources.map(newestSourceTime));
  if (builtAt < newest) {
    console.log(`mobile ${target}: ${builtAt ? 'build is older than its sources' : 'no build'}; building it`);
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-mobile.mjs'), target], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`the ${target} build failed (exit ${run.status ?? run.signal})`);
  }
  return dist;
}
