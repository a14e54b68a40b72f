#!/usr/bin/env node
/**
 * Run by `npm start`: builds the H5 app once, when apps/mobile/dist/h5 has no index.html, so a
 * fresh clone serves the app at / after `npm install && npm start`. An existing build is left as
 * it is; rebuild with `npm run build:mobile -- h5`.
 */
import { existsSync } from 'node:fs';
import { buildMobileTarget, buildOutputs } from './build-mobile.mjs';

if (!existsSync(buildOutputs.h5)) {
  console.log('No H5 build yet: building apps/mobile for H5 (about half a minute)…');
  const failure = buildMobileTarget('h5');
  if (failure) {
    console.error(`H5 build failed: ${failure}`);
    process.exit(1);
  }
}
