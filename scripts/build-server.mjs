#!/usr/bin/env node
/**
 * Compiles the server to JavaScript (esbuild): apps/server/dist/{main,migrate,admin,ledger-check,
 * keys-reencrypt}.js, run by plain `node` in production, with no TypeScript at run time. Our code and
 * packages/shared (TypeScript source) are bundled; every npm package stays an import, so the
 * production install provides it. The bundles sit directly in dist/, as src/paths.ts expects.
 */
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverDir = join(repoRoot, 'apps/server');
export const serverDist = join(serverDir, 'dist');
export const serverEntry = join(serverDist, 'main.js');

const entryPoints = {
  main: 'src/main.ts',
  migrate: 'src/cli/migrate.ts',
  admin: 'src/cli/admin.ts',
  'ledger-check': 'src/cli/ledgerCheck.ts',
  'keys-reencrypt': 'src/cli/keysReencrypt.ts',
};

/** Our own workspace packages are TypeScript source: bundle them; leave every npm package to node. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@maika/') ? undefined : { path: args.path, external: true }));
  },
};

/** Builds every entry; outputs are written to a temporary name and renamed, so a reader never sees half a file. */
export async function buildServer() {
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: Object.fromEntries(Object.entries(entryPoints).filter(([, file]) => existsFile(join(serverDir, file)))),
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [npmPackagesExternal],
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(serverDist, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

function existsFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** True when dist/main.js is missing or older than any server or shared source file. */
export function serverBuildIsStale() {
  if (!existsFile(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  return [join(serverDir, 'src'), join(repoRoot, 'packages/shared/src')].some((dir) => newestSourceTime(dir) > built);
}

// `--if-stale`: only when dist/main.js is missing or older than a source file (tests run this).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  if (process.argv.includes('--if-stale') && !serverBuildIsStale()) process.exit(0);
  await buildServer();
  console.log(`server: built apps/server/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
