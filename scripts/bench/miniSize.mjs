/**
 * The main package of each mini-program build: what the vendor counts against its 2 MB limit
 * (every file of the build outside the subpackage roots, but the license notes and the developer
 * tools' project files), held to the 1.5 MB of docs/design.md "Budgets" so there is room to grow,
 * and to its size when the H5 component work began: that work must leave the mini-programs as they were.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const miniPackageBudgetBytes = 1.5 * 1024 * 1024;
/** Each main package's bytes as measured before the H5 component switch, which may not make it grow. */
const mainPackageBefore = { weapp: 808_607, alipay: 749_613 };

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
  const subPackageRoots = (JSON.parse(readFileSync(join(dist, 'app.json'), 'utf8')).subPackages ?? []).map((sub) => `${sub.root}/`);
  const uploaded = filesOf(dist)
    .map((file) => relative(dist, file).split(sep).join('/'))
    .filter((file) => !notUploaded.test(file));
  const sizeOf = (files) => files.reduce((sum, file) => sum + statSync(join(dist, file)).size, 0);
  const files = uploaded.filter((file) => !subPackageRoots.some((root) => file.startsWith(root)));
  const largestSubPackage = Math.max(0, ...subPackageRoots.map((root) => sizeOf(uploaded.filter((file) => file.startsWith(root)))));
  return {
    target,
    files: files.length,
    bytes: sizeOf(files),
    subPackages: subPackageRoots.length,
    totalBytes: sizeOf(uploaded),
    largestSubPackageBytes: largestSubPackage,
    budgetBytes: Math.min(miniPackageBudgetBytes, mainPackageBefore[target] ?? miniPackageBudgetBytes),
    ceilingBytes: miniPackageBudgetBytes,
  };
}
