import { locales, renderMessage, type Locale } from '@maika/shared';
import type { MessageKey, Messages } from './locales/keys';
import { fetchMessages, startMessages } from './locales/load';

export type { MessageKey };

const loaded: Partial<Record<Locale, Messages>> = { ...startMessages };

type Texts = Readonly<Partial<Record<string, string>>>;

/** The texts pages carry themselves (locales/pages/), once each page has added them. */
const pageTexts: Record<Locale, Record<string, string>> = { 'zh-CN': {}, 'en-US': {} };

/**
 * Adds a page's own texts in every locale. They are imported by the page alone, so a mini-program
 * downloads them with the page's subpackage instead of with the main package at launch; the page
 * adds them when its code loads, before it renders.
 */
export function addPageMessages(messages: Readonly<Record<Locale, Texts>>): void {
  for (const locale of locales) Object.assign(pageTexts[locale], messages[locale]);
}

/** Makes `locale`'s messages available to translate (H5 fetches a locale it did not start with). */
export async function loadMessages(locale: Locale): Promise<void> {
  loaded[locale] ??= await fetchMessages(locale);
}

/**
 * The text of `key` in `locale`, rendered by the shared `renderMessage`: plural blocks resolved,
 * `{name}` placeholders filled from `params`. A locale not loaded yet speaks Chinese, the default,
 * when that is loaded (the app loads a locale before switching to it).
 */
export function translate(locale: Locale, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  const started = loaded[locale];
  // On H5 only the start locale is loaded at first: the default's messages are then absent too.
  const messages: Texts = started ?? loaded['zh-CN'] ?? {};
  // A page's text not added yet shows its key: visible, where a missing text would stop the page.
  const text = messages[key] ?? pageTexts[started ? locale : 'zh-CN'][key] ?? key;
  return params ? renderMessage(text, params, locale) : text;
}
