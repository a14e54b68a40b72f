import type { Locale } from '@maika/shared';
import { useSettingsStore } from '@/stores/settings';
import { deviceLocale } from '../device';
import type { Messages } from './keys';

/**
 * H5 ships each locale's messages as their own file and loads only the one the app starts in, so
 * the entry carries no dictionary and an English page does not download the Chinese one (the other
 * is loaded when the user switches language). index.html adds the start locale's file beside the
 * entry (startLocale.ts); the app waits for it before it runs.
 */
export function fetchMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en-US') return import(/* webpackChunkName: "i18n-en-US" */ './en-US').then((module) => module.enUS);
  return import(/* webpackChunkName: "i18n-zh-CN" */ './zh-CN').then((module) => module.zhCN);
}

const startLocale = useSettingsStore.getState().chosenLocale ?? deviceLocale();

export const startMessages: Partial<Record<Locale, Messages>> = { [startLocale]: await fetchMessages(startLocale) };
