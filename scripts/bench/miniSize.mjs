/**
 * The main package of each mini-program build: what the vendor counts against its 2 MB limit
 * (every file of the build but the license notes and the developer tools' project files), held to
 * DESIGN's budget of 1.5 MB so there is room to grow.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const miniPackageBudgetBytes = 1.5 * 1024 * 1024;

const notUploaded = /(\.LICENSE\.txt|^project\.config\.json|^project\.private\.config\.json|^mini\.project\.json)$/;

function filesOf(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((file) => statSync(file).isFile());
}

/** Bytes of the main package of `target`'s build, or null when the build is missing. */
export function miniMainPackage(repoRoot, target) {
  const dist = join(repoRoot, 'apps/mobile/dist', target);
  if (!existsSync(join(dist, 'app.json'))) return null;
  const files = filesOf(dist)
    .map((file) => relative(dist, file).split(sep).join('/'))
    .filter((file) => !notUploaded.test(file));
  const bytes = files.reduce((sum, file) => sum + statSync(join(dist, file)).size, 0);
  return { target, files: files.length, bytes, budgetBytes: miniPackageBudgetBytes };
}
