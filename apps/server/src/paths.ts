import { fileURLToPath } from 'node:url';

/**
 * Where the server's own files are. This module sits directly under src/, and the build puts the
 * compiled server directly under dist/, so from either one `..` is apps/server.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export const migrationsFolder = `${serverRoot}drizzle`;
export const assetsDir = `${serverRoot}assets`;
export const h5Dist = `${repoRoot}apps/mobile/dist/h5`;
/** The H5 build is there once this is: a build still being written has its folder first. */
export const h5Index = `${h5Dist}/index.html`;
export const adminDist = `${repoRoot}apps/admin/dist`;
