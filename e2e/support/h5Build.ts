import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const h5Dir = join(repoRoot, 'apps/mobile/dist/h5');
export const h5Entry = join(h5Dir, 'index.html');
/**
 * Taro empties dist/h5 when a build starts and writes index.html last, ~25 s later. A dist/h5
 * changed this recently without an index.html is a build in progress (a watch build, another
 * terminal): wait for it rather than start a second one writing into the same folder.
 */
const buildInProgressMs = 90_000;

/** Held while one test file builds, so parallel files wait for it instead of building over each other. */
const lockDir = join(tmpdir(), 'maika-e2e-h5-build.lock');
/** A lock older than any real build belongs to a run that died mid-build. */
const staleLockMs = 5 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildLooksInProgress(): boolean {
  const changed = statSync(h5Dir, { throwIfNoEntry: false })?.mtimeMs;
  return changed !== undefined && Date.now() - changed < buildInProgressMs;
}

function tryLock(): boolean {
  try {
    mkdirSync(lockDir);
    return true;
  } catch {
    const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > staleLockMs) rmSync(lockDir, { recursive: true, force: true });
    return false;
  }
}

/**
 * The server serves whatever H5 build is on disk. CI builds it before the tests; on a fresh clone
 * the first browser test builds it once with the same script `npm start` uses.
 */
export async function ensureH5Build(): Promise<void> {
  while (!existsSync(h5Entry)) {
    if (buildLooksInProgress() || !tryLock()) {
      await sleep(500);
      continue;
    }
    try {
      if (existsSync(h5Entry)) return;
      const run = spawnSync(process.execPath, ['scripts/ensure-h5.mjs'], { cwd: repoRoot, stdio: 'inherit' });
      if (run.status !== 0 || !existsSync(h5Entry)) {
        throw new Error(`could not build the H5 app (scripts/ensure-h5.mjs exited ${run.status ?? run.signal})`);
      }
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
  }
}
