import { locales, placeholderSyntaxProblems, placeholdersOf } from '@maika/shared';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingParams } from '../../../../packages/shared/test/i18nCallSites';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

/** Each dictionary as dotted key → text, the keys `translate` looks up. */
const flat = (node: object, prefix = ''): [string, string][] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flat(value as object, `${prefix}${key}.`),
  );
const texts = { 'zh-CN': new Map(flat(zhCN)), 'en-US': new Map(flat(enUS)) };
const sorted = (names: string[]) => [...names].sort();

describe('console translation placeholders', () => {
  it('are written {name} in every text of both languages, as the app and the server write them', () => {
    for (const locale of locales) {
      for (const [key, text] of texts[locale]) expect(placeholderSyntaxProblems(text), `${locale} ${key}`).toEqual([]);
    }
  });

  it('are the same in both languages, so one call fills either', () => {
    for (const [key, text] of texts['zh-CN'])
      expect(sorted(placeholdersOf(texts['en-US'].get(key) ?? '')), key).toEqual(sorted(placeholdersOf(text)));
  });

  it('each get a value wherever the console shows their text', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const { checked, missing } = missingParams(src, (key) =>
      texts['zh-CN'].has(key) ? locales.map((l) => texts[l].get(key)!) : undefined,
    );
    expect(checked).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });
});
