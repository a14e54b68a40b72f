/**
 * The console's translations: one dictionary per shared `Locale`, looked up by dotted key, its
 * texts rendered by the shared `renderMessage` (`{name}` placeholders, plural blocks) like the
 * server's and the app's. refine reads it through the i18nProvider built in App.tsx, an adapter
 * over `translate`; code outside React (the HTTP client) uses `translate` directly.
 */
import { defaultLocale, isLocale, renderMessage, type Locale } from '@maika/shared';
import type { I18nProvider } from '@refinedev/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

const LOCALE_KEY = 'maika.admin.locale';

type Dictionary = { readonly [key: string]: string | Dictionary };
const dictionaries: Record<Locale, Dictionary> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The stored choice, else the browser's language: Chinese unless it asks for English. */
export function initialLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  if (isLocale(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  return browser.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

let current: Locale = initialLocale();

/** refine's page headings (`<name>.titles.<action>`) come from the resource's menu label. */
function pageTitle(dictionary: Dictionary, key: string): string | undefined {
  const match = /^(.+)\.titles\.(list|show|create|edit)$/.exec(key);
  if (!match) return undefined;
  const name = lookup(dictionary, `${match[1]}.${match[1]}`);
  const pattern = lookup(dictionary, `titles.${match[2]}`);
  return name && pattern ? renderMessage(pattern, { name }) : undefined;
}

function lookup(dictionary: Dictionary, key: string): string | undefined {
  // refine asks for a resource's menu label as `<name>.<name>`; names are API paths (`content/faq`).
  const resource = /^([^.]+)\.\1$/.exec(key)?.[1];
  const parts = resource ? ['resources', resource] : key.split('.');
  let node: string | Dictionary | undefined = dictionary;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` in `locale` with `params` filled; refine's fallback, else the key, when the dictionary has none. */
export function translate(key: string, params?: Record<string, unknown>, fallback?: string, locale: Locale = current): string {
  const found = lookup(dictionaries[locale], key) ?? pageTitle(dictionaries[locale], key) ?? fallback ?? key;
  return params ? renderMessage(found, params, locale) : found;
}

/** A provider bound to one locale; App.tsx makes a new one when the operator switches, so refine re-renders. */
export function makeI18nProvider(locale: Locale, onChange: (next: Locale) => void): I18nProvider {
  current = locale;
  // Date pickers and relative times follow the same language.
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  return {
    translate: (key, options, fallback) => translate(key, typeof options === 'object' ? options : undefined, fallback, locale),
    changeLocale: (next: string) => {
      const chosen = isLocale(next) ? next : defaultLocale;
      localStorage.setItem(LOCALE_KEY, chosen);
      current = chosen;
      onChange(chosen);
    },
    getLocale: () => locale,
  };
}
