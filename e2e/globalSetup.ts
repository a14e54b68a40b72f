/**
 * The server serves whatever H5 and console builds are on disk, so before any journey runs each
 * build is made when it is missing or older than a file it is built from: a journey must never
 * pass or fail on yesterday's pages. CI builds both first, and then nothing is rebuilt here.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface Build {
  name: string;
  entry: string;
  sources: string[];
  command: [string, string[]];
}

const builds: Build[] = [
  {
    name: 'H5 app',
    entry: 'apps/mobile/dist/h5/index.html',
    sources: ['apps/mobile/src', 'apps/mobile/config', 'apps/mobile/types', 'apps/mobile/babel.config.js', 'apps/mobile/package.json', 'packages/shared/src'],
    command: [process.execPath, ['scripts/build-mobile.mjs', 'h5']],
  },
  {
    name: 'admin console',
    entry: 'apps/admin/dist/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'apps/admin/package.json', 'packages/shared/src'],
    command: ['npm', ['run', 'build:admin']],
  },
];

/** The newest source file under `path` (tests excluded: they are not built into the app). */
function newestSource(path: string): { file: string; mtimeMs: number } | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? undefined : { file: path, mtimeMs: stat.mtimeMs };
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

export default function setup(): void {
  for (const build of builds) {
    const reason = staleness(build);
    if (!reason) continue;
    console.log(`Building the ${build.name} for the browser journeys: ${reason}`);
    const [command, args] = build.command;
    // Production bundles: under vitest NODE_ENV is 'test', which would give development builds.
    const run = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (run.status !== 0) throw new Error(`could not build the ${build.name} (${[command, ...args].join(' ')} exited ${run.status ?? run.signal})`);
    const after = staleness(build);
    if (after) throw new Error(`the ${build.name} build finished but is still not current: ${after}`);
  }
}
