import type { Locale } from '@maika/shared';
import { useCallback } from 'react';
import { useSettingsStore } from '@/stores/settings';
import { deviceLocale } from './device';
import { loadMessages, translate, type MessageKey } from './messages';

export { addPageMessages, type MessageKey } from './messages';

/** The UI locale now, for code outside React (request headers, toasts). */
export function currentLocale(): Locale {
  return useSettingsStore.getState().chosenLocale ?? deviceLocale();
}

/** The UI locale; re-renders when the user switches language. */
export function useLocale(): Locale {
  return useSettingsStore((state) => state.chosenLocale) ?? deviceLocale();
}

export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

/** `t()` bound to the current locale. */
export function useT(): Translate {
  const locale = useLocale();
  return useCallback<Translate>((key, params) => translate(locale, key, params), [locale]);
}

/** `t()` for code outside React. */
export const t: Translate = (key, params) => translate(currentLocale(), key, params);

/** Switches the UI language (null: follow the device) once its messages are loaded. */
export async function chooseLocale(locale: Locale | null): Promise<void> {
  await loadMessages(locale ?? deviceLocale());
  useSettingsStore.getState().chooseLocale(locale);
}
