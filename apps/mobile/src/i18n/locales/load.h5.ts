import type { Locale } from '@maika/shared';
import { useSettingsStore } from '@/stores/settings';
import { deviceLocale } from '../device';
import type { Messages } from './keys';
import { zhCN } from './zh-CN';

/**
 * H5 ships each locale's messages as their own file and loads only the one the app starts in, so
 * the entry does not carry both (the other is loaded when the user switches language). Chinese,
 * the default, is in the entry itself; an English start waits for its file before the app runs.
 */
export function fetchMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en-US') return import(/* webpackChunkName: "i18n-en-US" */ './en-US').then((module) => module.enUS);
  return Promise.resolve(zhCN);
}

const startLocale = useSettingsStore.getState().chosenLocale ?? deviceLocale();

export const startMessages: Partial<Record<Locale, Messages>> = {
  'zh-CN': zhCN,
  ...(startLocale === 'zh-CN' ? {} : { [startLocale]: await fetchMessages(startLocale) }),
};
