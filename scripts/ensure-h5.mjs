#!/usr/bin/env node
/**
 * Run by `npm start`: builds the H5 app once, when apps/mobile/dist/h5 has no index.html, so a
 * fresh clone serves the app at / after `npm install && npm start`. An existing build is left as
 * it is; rebuild with `npm run build:mobile -- h5`. The compiler's output goes to
 * .maika/build-h5.log (printed only when the build fails).
 */
import { existsSync } from 'node:fs';
import { buildMobileTarget, buildOutputs } from './build-mobile.mjs';
import { buildLogFile, runLogged } from './build-output.mjs';

if (!existsSync(buildOutputs.h5)) {
  const failure = await buildMobileTarget(
    'h5',
    runLogged('Building the H5 app, first start only (about half a minute)', buildLogFile('h5')),
  );
  if (failure) {
    console.error(`H5 build failed: ${failure}`);
    process.exit(1);
  }
}
