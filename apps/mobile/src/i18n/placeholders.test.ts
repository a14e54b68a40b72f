import { locales, placeholderSyntaxProblems, placeholdersOf } from '@maika/shared';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingParams } from '../../../../packages/shared/test/i18nCallSites';
import { enUS } from './locales/en-US';
import { zhCN } from './locales/zh-CN';

const messages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
type Key = keyof typeof zhCN;
const sorted = (names: string[]) => [...names].sort();

describe('UI message placeholders', () => {
  it('are written {name} in every text of both languages', () => {
    for (const locale of locales) {
      for (const [key, text] of Object.entries(messages[locale])) expect(placeholderSyntaxProblems(text), `${locale} ${key}`).toEqual([]);
    }
  });

  it('are the same in both languages, so one call fills either', () => {
    for (const key of Object.keys(zhCN) as Key[]) expect(sorted(placeholdersOf(enUS[key])), key).toEqual(sorted(placeholdersOf(zhCN[key])));
  });

  it('each get a value wherever the app shows their text', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const { checked, missing } = missingParams(src, (key) =>
      Object.hasOwn(zhCN, key) ? locales.map((l) => messages[l][key as Key]) : undefined,
    );
    expect(checked).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });
});
