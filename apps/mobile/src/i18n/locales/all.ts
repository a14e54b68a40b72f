import { enUS } from './en-US';
import { merchantMessages } from './merchant';
import { messageCentreMessages } from './messageCentre';
import { zhCN } from './zh-CN';

/**
 * Every UI text of the app in each locale: the main dictionaries and the texts pages carry
 * themselves. For the checks over every text and the browser journeys; the app never imports it,
 * as it would put every page's texts back into the mini-programs' main package.
 */
export const allMessages = {
  'zh-CN': { ...zhCN, ...merchantMessages['zh-CN'], ...messageCentreMessages['zh-CN'] },
  'en-US': { ...enUS, ...merchantMessages['en-US'], ...messageCentreMessages['en-US'] },
} as const;

/** How many texts each dictionary holds, summed: more than allMessages has when two share a key. */
export const dictionaryKeyCounts = [zhCN, merchantMessages['zh-CN'], messageCentreMessages['zh-CN']].reduce(
  (sum, dictionary) => sum + Object.keys(dictionary).length,
  0,
);
