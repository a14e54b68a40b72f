import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { auditActionLabels } from './auditActions';
import { codeMessages } from './codes';
import {
  defaultLocale,
  isLocale,
  L,
  localeSchema,
  locales,
  localize,
  pickLocale,
  placeholderSyntaxProblems,
  placeholdersOf,
  renderMessage,
  writtenIn,
} from './i18n';
import { textCatalogue } from './messages';

describe('locales', () => {
  it('are zh-CN (default) and en-US', () => {
    expect(locales).toEqual(['zh-CN', 'en-US']);
    expect(defaultLocale).toBe('zh-CN');
    expect(isLocale('en-US')).toBe(true);
    expect(isLocale('en')).toBe(false);
    expect(localeSchema.safeParse('zh-CN').success).toBe(true);
    expect(localeSchema.safeParse('fr-FR').success).toBe(false);
  });

  it('localize picks the locale', () => {
    const text = { 'zh-CN': '全部', 'en-US': 'All' };
    expect(localize(text, 'en-US')).toBe('All');
    expect(localize(text)).toBe('全部');
  });
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en', 'en-US'],
    ['en-US', 'en-US'],
    ['en-GB', 'en-US'],
    ['EN-au', 'en-US'],
    ['en_US', 'en-US'],
    ['zh-CN', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['fr-FR', 'zh-CN'],
    ['ja', 'zh-CN'],
    ['*', 'zh-CN'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en-US'],
    ['zh;q=0.5, en;q=0.9', 'en-US'],
    ['fr-FR, en;q=0.8', 'en-US'],
    ['fr-FR, de;q=0.8', 'zh-CN'],
    ['en;q=0, zh', 'zh-CN'],
    ['garbage;;;q=x', 'zh-CN'],
  ] as const)('%j → %s', (input, expected) => {
    expect(pickLocale(input)).toBe(expected);
  });

  it('never throws and always returns a supported locale', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), (input) => {
        expect(locales).toContain(pickLocale(input));
      }),
    );
  });
});

describe('one way to write and render a text', () => {
  it('writes a pair with L, frozen', () => {
    const text = L('全部', 'All');
    expect(text).toEqual({ 'zh-CN': '全部', 'en-US': 'All' });
    expect(Object.isFrozen(text)).toBe(true);
  });

  it('renders {name} placeholders, a pair param in the reader’s language, and plural blocks', () => {
    const params = { thing: L('该卡', 'This card'), count: 2 };
    expect(renderMessage('{thing}不存在（{count}）', params, 'zh-CN')).toBe('该卡不存在（2）');
    expect(renderMessage('{thing}: {count, plural, one {# try} other {# tries}} left', params, 'en-US')).toBe('This card: 2 tries left');
    expect(renderMessage('{thing} and {other}', params, 'en-US')).toBe('This card and {other}');
  });

  it('names the placeholders a text fills, plural counts included', () => {
    expect(placeholdersOf('{field}：{reason}')).toEqual(['field', 'reason']);
    expect(placeholdersOf('{count, plural, one {# card} other {# cards}} for {name}')).toEqual(['count', 'name']);
  });

  it('finds placeholders in another syntax than {name}', () => {
    expect(placeholderSyntaxProblems('{name} has {count, plural, one {# card} other {# cards}}')).toEqual([]);
    expect(placeholderSyntaxProblems('Hello {{name}}')).toEqual(['{{name}}']);
    expect(placeholderSyntaxProblems('Hello { name }')).toEqual(['{ name }']);
    expect(placeholderSyntaxProblems('Hello ${name}')).toEqual(['${name}']);
    expect(placeholderSyntaxProblems('Hello %s')).toEqual(['%s']);
    expect(placeholderSyntaxProblems('Hello {name')).toEqual(['Hello {name']);
  });

  it('writes every shared text’s placeholders as {name}: codes, catalogue texts, audit action labels', () => {
    const tables = { codeMessages, textCatalogue, auditActionLabels } as Record<string, Record<string, Record<string, string>>>;
    for (const [table, entries] of Object.entries(tables)) {
      for (const [key, text] of Object.entries(entries)) {
        for (const locale of locales) expect(placeholderSyntaxProblems(text[locale]!), `${table} ${key} ${locale}`).toEqual([]);
      }
    }
  });

  it('gives an English reader the English an operator wrote, else the Chinese', () => {
    expect(writtenIn('深圳', 'Shenzhen', 'en-US')).toBe('Shenzhen');
    expect(writtenIn('深圳', 'Shenzhen', 'zh-CN')).toBe('深圳');
    expect(writtenIn('深圳', '', 'en-US')).toBe('深圳');
    expect(writtenIn('深圳', null, 'en-US')).toBe('深圳');
  });
});
