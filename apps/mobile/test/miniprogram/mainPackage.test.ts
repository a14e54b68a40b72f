/**
 * What the main package of each mini-program build leaves to the subpackages: the texts that only
 * one page shows ship with that page (src/i18n/locales/pages/), not with the main package every
 * launch downloads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageMessages } from '@/i18n/locales/pages';
import { builtDir, filesUnder, subPackageRoots, type AppPages } from './build';

describe.each(['weapp', 'alipay'] as const)('the %s main package', (target) => {
  it("leaves every page's own texts to the page's subpackage", () => {
    const dist = builtDir(target);
    const roots = subPackageRoots(JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8')) as AppPages);
    const scripts = filesUnder(dist)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, source: readFileSync(path.join(dist, file), 'utf8') }));
    expect(pageMessages.length).toBeGreaterThan(0);
    for (const page of pageMessages) {
      // A key followed by a colon is the dictionary's entry; where the page uses the key, none follows.
      const key = Object.keys(page['zh-CN']).at(-1)!;
      const holding = scripts.filter(({ source }) => source.includes(`"${key}":`)).map(({ file }) => file);
      expect(holding.length, key).toBeGreaterThan(0);
      expect(
        holding.filter((file) => !roots.some((root) => file.startsWith(root))),
        key,
      ).toEqual([]);
    }
  });
});
