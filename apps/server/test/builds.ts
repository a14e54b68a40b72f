/**
 * The builds the server tests run or serve, made before any test starts (vitest globalSetup of the
 * server project). Made by a test instead, they were made while other files ran beside it: those
 * files' servers found a half-written apps/mobile/dist/h5 and failed to start, and the two files
 * that run the compiled server could rebuild it into one directory at once.
 *
 * The compiled server is rebuilt when older than its sources, since its tests run it. The H5 app and
 * the console are built only when missing, as `npm start` does: the server tests check how a build
 * is served, not what its pages show; the browser journeys, which do, rebuild them when stale.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const steps: string[][] = [['scripts/build-server.mjs', '--if-stale'], ['scripts/ensure-h5.mjs'], ['scripts/ensure-admin.mjs']];

export default function setup(): void {
  for (const [script, ...args] of steps) {
    const run = spawnSync(process.execPath, [script!, ...args], { cwd: repoRoot, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${script} failed:\n${run.stdout}${run.stderr}`);
  }
}
