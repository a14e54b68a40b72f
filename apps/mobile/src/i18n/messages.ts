import type { Locale } from '@maika/shared';
import { enUS } from './locales/en-US';
import { zhCN } from './locales/zh-CN';

export type MessageKey = keyof typeof zhCN;
export type Messages = Readonly<Record<MessageKey, string>>;

export const messages: Readonly<Record<Locale, Messages>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

/** The text of `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function translate(locale: Locale, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  const text = messages[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
