/**
 * The mini-program builds the checks read, made before the tests by this project's globalSetup
 * (e2e/support/builds.ts) when missing or older than their sources.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export { builtDir } from '../../../../e2e/support/builds';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The page lists of a built app.json (WeChat and Alipay share the shape). */
export interface AppPages {
  pages: string[];
  subPackages?: { root: string; pages: string[] }[];
}

/** The subpackage roots of a build, each with a trailing slash, as file-path prefixes. */
export const subPackageRoots = (app: AppPages): string[] => (app.subPackages ?? []).map((sub) => `${sub.root}/`);

/** Every page path of a build: the main package's, then each subpackage's under its root. */
export const appPages = (app: AppPages): string[] => [
  ...app.pages,
  ...(app.subPackages ?? []).flatMap((sub) => sub.pages.map((page) => `${sub.root}/${page}`)),
];
