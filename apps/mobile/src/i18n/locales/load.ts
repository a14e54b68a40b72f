import type { Locale } from '@maika/shared';
import type { Messages } from './keys';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

/**
 * The messages the app starts with. A mini-program package carries every locale (it cannot fetch
 * code later, and its size budget allows it); H5 starts with one (load.h5.ts).
 */
export const startMessages: Partial<Record<Locale, Messages>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The messages of a locale the app did not start with. */
export function fetchMessages(locale: Locale): Promise<Messages> {
  return Promise.resolve(locale === 'en-US' ? enUS : zhCN);
}
