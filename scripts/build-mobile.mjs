#!/usr/bin/env node
/**
 * Builds the mobile app for each target (all three unless targets are named:
 * `node scripts/build-mobile.mjs h5`) and fails unless each build left its entry file behind:
 * Taro exits 0 without building anything when its config does not load.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runShown } from './build-output.mjs';
import { precompress } from './precompress.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const mobileDist = (relative) => fileURLToPath(new URL(`../apps/mobile/dist/${relative}`, import.meta.url));

/** What each target must produce for the build to count. */
export const buildOutputs = {
  h5: mobileDist('h5/index.html'),
  weapp: mobileDist('weapp/app.json'),
  alipay: mobileDist('alipay/app.json'),
};

/**
 * Builds one target; resolves with an error message, or null when its output is there. `run`
 * decides where the build's output goes (see build-output.mjs): shown as it comes by default.
 */
export async function buildMobileTarget(target, run = runShown) {
  const output = buildOutputs[target];
  if (!output) return `unknown target ${target}; expected one of ${Object.keys(buildOutputs).join(', ')}`;
  // A stale entry file from an earlier build would hide a failed one.
  rmSync(output, { force: true });
  const started = Date.now();
  const build = await run('npm', ['run', `build:${target}`, '-w', 'apps/mobile'], {
    cwd: repoRoot,
    // Always the production bundle: under vitest NODE_ENV is 'test', and Taro would then emit a
    // development build (React Refresh hooks, no minifier) that renders a blank page when served.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (build.status !== 0) return `${target}: build exited with ${build.status ?? build.signal} after ${seconds} s`;
  if (!existsSync(output)) return `${target}: build exited 0 but ${output} is missing (is the Taro config valid?)`;
  // Only H5 is served over HTTP (by our server); the mini-program builds are uploaded as they are.
  if (target === 'h5') precompress(dirname(output));
  console.log(`mobile ${target}: built in ${seconds} s`);
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const targets = process.argv.slice(2);
  const failures = [];
  for (const target of targets.length ? targets : Object.keys(buildOutputs)) {
    const failure = await buildMobileTarget(target);
    if (failure !== null) failures.push(failure);
  }
  for (const failure of failures) console.error(`mobile build failed: ${failure}`);
  process.exit(failures.length ? 1 : 0);
}
