import type { Locale } from '@maika/shared';
import { enUS } from './en-US';
import type { MessageKey, Messages } from './keys';
import { pageMessages } from './pages';
import { zhCN } from './zh-CN';

const withPageTexts = (locale: Locale, main: Messages): Readonly<Record<MessageKey, string>> =>
  Object.assign({}, main, ...pageMessages.map((page) => page[locale]));

/**
 * Every UI text of the app in each locale: the main dictionaries and the texts pages carry
 * themselves. For the checks over every text and the browser journeys; the app never imports it,
 * as it would put every page's texts back into the mini-programs' main package.
 */
export const allMessages = { 'zh-CN': withPageTexts('zh-CN', zhCN), 'en-US': withPageTexts('en-US', enUS) } as const;

/** How many texts the dictionaries hold, summed: more than allMessages has when two share a key. */
export const dictionaryKeyCounts = [zhCN, ...pageMessages.map((page) => page['zh-CN'])].reduce(
  (sum, texts) => sum + Object.keys(texts).length,
  0,
);
