import { renderMessage, type Locale } from '@maika/shared';
import type { MessageKey, Messages } from './locales/keys';
import { fetchMessages, startMessages } from './locales/load';
import { zhCN } from './locales/zh-CN';

export type { MessageKey };

const loaded: Partial<Record<Locale, Messages>> = { ...startMessages };

/** Makes `locale`'s messages available to translate (H5 fetches a locale it did not start with). */
export async function loadMessages(locale: Locale): Promise<void> {
  loaded[locale] ??= await fetchMessages(locale);
}

/**
 * The text of `key` in `locale`, rendered by the shared `renderMessage`: plural blocks resolved,
 * `{name}` placeholders filled from `params`. A locale not loaded yet speaks Chinese, the default
 * (the app loads a locale before switching to it).
 */
export function translate(locale: Locale, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  const messages = loaded[locale] ?? zhCN;
  return params ? renderMessage(messages[key], params, locale) : messages[key];
}
