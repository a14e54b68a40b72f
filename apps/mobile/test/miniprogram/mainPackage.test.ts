/**
 * What the main package of each mini-program build leaves to the subpackages: the texts only one
 * feature's pages show ship with those pages (src/i18n/locales/merchant.ts and messageCentre.ts),
 * not with the main package every launch downloads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { merchantMessages } from '@/i18n/locales/merchant';
import { messageCentreMessages } from '@/i18n/locales/messageCentre';
import { builtDir, filesUnder, subPackageRoots, type AppPages } from './build';

/** One key of each page-owned dictionary, with the pages that must carry it. */
const pageOwnedTexts = [
  { key: Object.keys(merchantMessages['zh-CN']).at(-1)!, pages: ['pages/merchant/'] },
  { key: Object.keys(messageCentreMessages['zh-CN']).at(-1)!, pages: ['pages/message/', 'pages/messageSettings/'] },
];

describe.each(['weapp', 'alipay'] as const)('the %s main package', (target) => {
  it("leaves the merchant page's and the message centre's own texts to their subpackages", () => {
    const dist = builtDir(target);
    const roots = subPackageRoots(JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8')) as AppPages);
    const scripts = filesUnder(dist).filter((file) => file.endsWith('.js'));
    for (const { key, pages } of pageOwnedTexts) {
      const holding = scripts.filter((file) => readFileSync(path.join(dist, file), 'utf8').includes(`"${key}"`));
      expect(
        holding.filter((file) => !roots.some((root) => file.startsWith(root))),
        key,
      ).toEqual([]);
      for (const page of pages)
        expect(
          holding.some((file) => file.startsWith(page)),
          `${key} in ${page}`,
        ).toBe(true);
    }
  });
});
