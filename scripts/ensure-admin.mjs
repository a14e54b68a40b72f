#!/usr/bin/env node
/**
 * Run by `npm start` after ensure-h5.mjs, the same way: builds the admin console once, when
 * apps/admin/dist has no index.html, so a fresh clone serves it at /admin/. An existing build is
 * left as it is; rebuild with `npm run build:admin`.
 */
import { existsSync } from 'node:fs';
import { adminEntry, buildAdmin } from './build-admin.mjs';

if (!existsSync(adminEntry)) {
  console.log('No admin console build yet: building apps/admin (under a minute)…');
  const failure = buildAdmin();
  if (failure) {
    console.error(`Admin console build failed: ${failure}`);
    process.exit(1);
  }
}
