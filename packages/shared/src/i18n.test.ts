import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { defaultLocale, isLocale, localeSchema, locales, localize, pickLocale } from './i18n';

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
