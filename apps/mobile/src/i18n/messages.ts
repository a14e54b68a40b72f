import { applyPlurals, type Locale } from '@maika/shared';
import type { MessageKey, Messages } from './locales/keys';
import { fetchMessages, startMessages } from './locales/load';
import { zhCN } from './locales/zh-CN';

export type { MessageKey, Messages };

const loaded: Partial<Record<Locale, Messages>> = { ...startMessages };

/** Makes `locale`'s messages available to translate (H5 fetches a locale it did not start with). */
export async function loadMessages(locale: Locale): Promise<void> {
  loaded[locale] ??= await fetchMessages(locale);
}

/**
 * The text of `key` in `locale`: plural blocks (`{count, plural, one {# card} other {# cards}}`)
 * resolved by the locale's plural rules, then `{name}` placeholders filled from `params`. A locale
 * not loaded yet speaks Chinese, the default (the app loads a locale before switching to it).
 */
export function translate(locale: Locale, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  const messages = loaded[locale] ?? zhCN;
  if (!params) return messages[key];
  const text = applyPlurals(messages[key], locale, params);
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in params ? String(params[name]) : placeholder));
}
