import { locales, placeholderSyntaxProblems, placeholdersOf } from '@maika/shared';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingParams } from '../../../../packages/shared/test/i18nCallSites';
import { allMessages as messages } from './locales/all';

type Key = keyof (typeof messages)['zh-CN'];
const sorted = (names: string[]) => [...names].sort();

describe('UI message placeholders', () => {
  it('are written {name} in every text of both languages', () => {
    for (const locale of locales) {
      for (const [key, text] of Object.entries(messages[locale])) expect(placeholderSyntaxProblems(text), `${locale} ${key}`).toEqual([]);
    }
  });

  it('are the same in both languages, so one call fills either', () => {
    for (const key of Object.keys(messages['zh-CN']) as Key[])
      expect(sorted(placeholdersOf(messages['en-US'][key])), key).toEqual(sorted(placeholdersOf(messages['zh-CN'][key])));
  });

  it('each get a value wherever the app shows their text', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const { checked, missing } = missingParams(src, (key) =>
      Object.hasOwn(messages['zh-CN'], key) ? locales.map((l) => messages[l][key as Key]) : undefined,
    );
    expect(checked).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });
});
