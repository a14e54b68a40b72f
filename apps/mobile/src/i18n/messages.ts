import { applyPlurals, type Locale } from '@maika/shared';
import { enUS } from './locales/en-US';
import { zhCN } from './locales/zh-CN';

export type MessageKey = keyof typeof zhCN;
export type Messages = Readonly<Record<MessageKey, string>>;

export const messages: Readonly<Record<Locale, Messages>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

/**
 * The text of `key` in `locale`: plural blocks (`{count, plural, one {# card} other {# cards}}`)
 * resolved by the locale's plural rules, then `{name}` placeholders filled from `params`.
 */
export function translate(locale: Locale, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  if (!params) return messages[locale][key];
  const text = applyPlurals(messages[locale][key], locale, params);
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in params ? String(params[name]) : placeholder));
}
