/**
 * The builds the tests read: the server serves whatever H5 and console builds are on disk, and the
 * mini-program checks read the weapp and alipay builds. A test must never pass or fail on
 * yesterday's pages, so before a project's tests run (vitest globalSetup) each build it reads is
 * made when it is missing or older than a file it is made from. CI builds all five first, and
 * then nothing is rebuilt here.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Build {
  name: string;
  /** The file a finished build leaves last, relative to the repository. */
  entry: string;
  sources: string[];
  command: [string, string[]];
}

const mobileSources = [
  'apps/mobile/src',
  'apps/mobile/config',
  'apps/mobile/types',
  'apps/mobile/babel.config.js',
  'apps/mobile/package.json',
  'apps/mobile/project.config.json',
  'apps/mobile/project.alipay.json',
  'apps/mobile/sitemap.json',
  'packages/shared/src',
  // Fixes applied to dependencies on install (patch-package), such as Taro's H5 router.
  'patches',
];

const mobile = (target: string, entry: string): Build => ({
  name: `${target} build of the mobile app`,
  entry: `apps/mobile/dist/${target}/${entry}`,
  sources: mobileSources,
  command: [process.execPath, ['scripts/build-mobile.mjs', target]],
});

export const builds = {
  h5: mobile('h5', 'index.html'),
  weapp: mobile('weapp', 'app.json'),
  alipay: mobile('alipay', 'app.json'),
  admin: {
    name: 'admin console',
    entry: 'apps/admin/dist/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'apps/admin/package.json', 'packages/shared/src'],
    command: ['npm', ['run', 'build:admin']],
  },
  server: {
    name: 'compiled server',
    entry: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'packages/shared/src'],
    command: [process.execPath, ['scripts/build-server.mjs']],
  },
} satisfies Record<string, Build>;

/** Tests and their helpers are not built into any app. */
const notBuilt = (path: string) => /\.test\.tsx?$/.test(path) || path.includes(`${sep}testing${sep}`);

/** The newest source file under `path`. */
function newestSource(path: string): { file: string; mtimeMs: number } | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (!stat.isDirectory()) return notBuilt(path) ? undefined : { file: path, mtimeMs: stat.mtimeMs };
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const found = newestSource(join(path, entry));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Why the build must be made, or null when the one on disk is current. */
export function staleness(build: Build, root = repoRoot): string | null {
  const built = statSync(join(root, build.entry), { throwIfNoEntry: false });
  if (!built) return 'there is no build';
  for (const source of build.sources) {
    const newest = newestSource(join(root, source));
    if (newest && newest.mtimeMs > built.mtimeMs) return `${relative(root, newest.file)} is newer than the build`;
  }
  return null;
}

/** Makes each build that is missing or stale; throws when one fails. */
export function ensureBuilds(names: (keyof typeof builds)[]): void {
  for (const name of names) {
    const build: Build = builds[name];
    const reason = staleness(build);
    if (!reason) continue;
    console.log(`Building the ${build.name} for the tests: ${reason}`);
    const [command, args] = build.command;
    // Production bundles: under vitest NODE_ENV is 'test', which would give development builds.
    const run = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (run.status !== 0)
      throw new Error(`could not make the ${build.name} (${[command, ...args].join(' ')} exited ${run.status ?? run.signal})`);
    const after = staleness(build);
    if (after) throw new Error(`the ${build.name} finished but is still not current: ${after}`);
  }
}

/** The output folder of a build made by the project's globalSetup. */
export function builtDir(name: keyof typeof builds): string {
  return join(repoRoot, builds[name].entry, '..');
}
