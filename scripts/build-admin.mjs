#!/usr/bin/env node
/**
 * Builds the admin console (apps/admin, Vite) into apps/admin/dist, which the server serves at
 * /admin/, and fails unless the build left its index.html behind.
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runShown } from './build-output.mjs';
import { precompress } from './precompress.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const adminDist = fileURLToPath(new URL('../apps/admin/dist', import.meta.url));
export const adminEntry = `${adminDist}/index.html`;

/**
 * Builds the console; resolves with an error message, or null when its output is there. `run`
 * decides where the build's output goes (see build-output.mjs): shown as it comes by default.
 */
export async function buildAdmin(run = runShown) {
  // A stale entry file from an earlier build would hide a failed one.
  rmSync(adminEntry, { force: true });
  const started = Date.now();
  const build = await run('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: repoRoot });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (build.status !== 0) return `build exited with ${build.status ?? build.signal} after ${seconds} s`;
  if (!existsSync(adminEntry)) return `build exited 0 but ${adminEntry} is missing`;
  precompress(adminDist);
  console.log(`admin console: built in ${seconds} s`);
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const failure = await buildAdmin();
  if (failure) console.error(`admin build failed: ${failure}`);
  process.exit(failure ? 1 : 0);
}
