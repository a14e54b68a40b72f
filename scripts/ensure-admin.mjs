#!/usr/bin/env node
/**
 * Run by `npm start` after ensure-h5.mjs, the same way: builds the admin console once, when
 * apps/admin/dist has no index.html, so a fresh clone serves it at /admin/. An existing build is
 * left as it is; rebuild with `npm run build:admin`. The build's output goes to
 * .maika/build-admin.log (printed only when the build fails).
 */
import { existsSync } from 'node:fs';
import { adminEntry, buildAdmin } from './build-admin.mjs';
import { buildLogFile, runLogged } from './build-output.mjs';

if (!existsSync(adminEntry)) {
  const failure = await buildAdmin(runLogged('Building the admin console, first start only (under a minute)', buildLogFile('admin')));
  if (failure) {
    console.error(`Admin console build failed: ${failure}`);
    process.exit(1);
  }
}
