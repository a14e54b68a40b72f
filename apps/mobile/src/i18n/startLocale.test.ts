import { pickLocale } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { startLocaleOf, startLocaleScript } from './startLocale';

/** The settings store's entry as Taro's H5 storage writes it: `{ data }` around zustand's JSON. */
const storedChoice = (chosenLocale: string | null) => JSON.stringify({ data: JSON.stringify({ state: { chosenLocale }, version: 1 }) });

describe('the start locale index.html decides', () => {
  it('follows the language chosen in Settings over the browser', () => {
    expect(startLocaleOf(storedChoice('en-US'), ['zh-CN'])).toBe('en-US');
    expect(startLocaleOf(storedChoice('zh-CN'), ['en-US', 'en'])).toBe('zh-CN');
  });

  it('follows the browser when Settings follow the device or hold nothing readable', () => {
    expect(startLocaleOf(storedChoice(null), ['en-GB'])).toBe('en-US');
    expect(startLocaleOf(null, ['en-US'])).toBe('en-US');
    expect(startLocaleOf('not json', ['en'])).toBe('en-US');
    expect(startLocaleOf(storedChoice('fr-FR'), ['en'])).toBe('en-US');
    expect(startLocaleOf(JSON.stringify({ data: 42 }), ['zh-TW'])).toBe('zh-CN');
  });

  it('picks what the app picks for the same browser languages', () => {
    const lists = [['en-US'], ['zh-CN', 'en'], ['fr', 'en-GB', 'zh'], ['fr', 'de'], [], ['EN_us'], ['zh-Hant-TW', 'en'], ['ja', 'zh-HK']];
    for (const languages of lists) expect(startLocaleOf(null, languages), languages.join(',')).toBe(pickLocale(languages.join(',')));
  });

  it("sets the document's language and adds the script of an English start's messages, none for a Chinese start", () => {
    const run = (languages: string[], stored: string | null) => {
      const added: string[] = [];
      const document = {
        documentElement: { lang: 'zh-CN' },
        createElement: () => ({ src: '' }),
        head: { appendChild: (element: { src: string }) => added.push(element.src) },
      };
      const localStorage = { getItem: (key: string) => (key === 'settings' ? stored : null) };
      const navigator = { languages, language: languages[0] };
      new Function('document', 'localStorage', 'navigator', startLocaleScript({ 'en-US': '/js/i18n-en-US.0123abcd.js' }))(
        document,
        localStorage,
        navigator,
      );
      return { added, lang: document.documentElement.lang };
    };
    expect(run(['en-US', 'en'], null)).toEqual({ added: ['/js/i18n-en-US.0123abcd.js'], lang: 'en-US' });
    expect(run(['zh-CN'], null)).toEqual({ added: [], lang: 'zh-CN' });
    expect(run(['zh-CN'], storedChoice('en-US'))).toEqual({ added: ['/js/i18n-en-US.0123abcd.js'], lang: 'en-US' });
  });
});
