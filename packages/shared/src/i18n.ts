/**
 * Locales of the product. The UI ships in Simplified Chinese (the default) and US English; the
 * device or browser language picks one and Settings can switch it.
 */
import { z } from 'zod';
import { applyPlurals, PLURAL_BLOCK } from './plural';

export const locales = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-CN';

/** A text in every locale, e.g. `{ 'zh-CN': '未审核', 'en-US': 'Unreviewed' }`. */
export type LocalizedText = Readonly<Record<Locale, string>>;

/** The one way to write a text in both locales: `L('未审核', 'Unreviewed')`. */
export const L = (zh: string, en: string): LocalizedText => Object.freeze({ 'zh-CN': zh, 'en-US': en });

export const localeSchema = z.enum(locales, {
  error: `locale must be one of: ${locales.join(', ')}`,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** `en`, `en-US`, `en_GB`, `EN`: any tag whose primary language subtag is `en`. */
function isEnglishTag(tag: string): boolean {
  return tag.split(/[-_]/, 1)[0]!.toLowerCase() === 'en';
}

function isChineseTag(tag: string): boolean {
  return tag.split(/[-_]/, 1)[0]!.toLowerCase() === 'zh';
}

/**
 * Chooses the UI locale from an `Accept-Language` header or a single language tag (browser
 * `navigator.language`, WeChat `en` / `zh_CN`, Alipay `en-US` / `zh-Hans`).
 *
 * Any English tag maps to `en-US`; everything else maps to `zh-CN`. For a header listing several
 * languages, the most preferred one (highest `q`, then header order) that is English or Chinese
 * decides, so `fr, en;q=0.8` gives English and `zh-TW, en;q=0.5` gives Chinese; if none of them
 * is English or Chinese, the default `zh-CN` applies.
 */
export function pickLocale(acceptLanguageHeaderOrTag: string | undefined): Locale {
  if (!acceptLanguageHeaderOrTag) return defaultLocale;
  const ranges = acceptLanguageHeaderOrTag
    .split(',')
    .map((part, index) => {
      const [rawTag = '', ...params] = part.split(';');
      let q = 1;
      for (const param of params) {
        const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
        if (m) {
          const parsed = Number(m[1]);
          q = Number.isFinite(parsed) ? parsed : 0;
        }
      }
      return { tag: rawTag.trim(), q, index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);

  for (const { tag } of ranges) {
    if (isEnglishTag(tag)) return 'en-US';
    if (isChineseTag(tag)) return 'zh-CN';
  }
  return defaultLocale;
}

/**
 * Operator-written text kept in a Chinese and an optional English version (database zh/en
 * columns, site settings), for a reader: the English when one was written, else the Chinese.
 */
export function writtenIn(chinese: string, english: string | null | undefined, locale: Locale): string {
  return (locale === 'en-US' && english) || chinese;
}

/** "中文 / English": for texts an operator of either language reads, such as a console conflict's status. */
export const inBothLanguages = (text: LocalizedText): string => `${text['zh-CN']} / ${text['en-US']}`;

/** The text for `locale`, falling back to the default locale. */
export function localize(text: LocalizedText, locale: Locale = defaultLocale): string {
  return text[locale] ?? text[defaultLocale];
}

/** A param in both languages (an enum label, the name of a thing) is rendered in the reader's. */
export type MessageParam = string | number | LocalizedText;
export type MessageParams = Record<string, MessageParam>;

const isLocalizedText = (value: unknown): value is LocalizedText =>
  typeof value === 'object' && value !== null && locales.every((locale) => typeof (value as LocalizedText)[locale] === 'string');

/**
 * The one renderer of every text, the server's, the app's and the console's: plural blocks
 * (`{count, plural, one {# card} other {# cards}}`) resolved by the locale's plural rules, then
 * `{name}` placeholders filled from `params`. A param in both languages is filled in `locale`'s;
 * a placeholder without a param stays as written.
 */
export function renderMessage(template: string, params: Readonly<Record<string, unknown>> = {}, locale: Locale = defaultLocale): string {
  return applyPlurals(template, locale, params).replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return isLocalizedText(value) ? value[locale] : String(value);
  });
}

/**
 * What in `template` looks like a placeholder in a syntax other than `{name}`: `{{name}}`,
 * `{ name }`, `${name}`, `%s`, or any brace left once the `{name}` placeholders and plural
 * blocks are taken out. Empty for a well-written text.
 */
export function placeholderSyntaxProblems(template: string): string[] {
  const problems = [...template.matchAll(/%[sd]|\$\{[^}]*\}?|\{\{[^}]*\}*|\{\s+\w+\s*\}|\{\w+\s+\}/g)].map((match) => match[0]);
  const rest = template.replace(PLURAL_BLOCK, '').replace(/\{\w+\}/g, '');
  if (problems.length === 0 && /[{}]/.test(rest)) problems.push(rest);
  return problems;
}

/** Every `{name}` a template fills, plural blocks' counts included, in order of first use. */
export function placeholdersOf(template: string): string[] {
  const names = [...template.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((match) => match[1]!);
  return [...new Set(names)];
}
