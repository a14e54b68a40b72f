import { pickLocale, type Locale } from '@maika/shared';
import Taro from '@tarojs/taro';
import { useCallback } from 'react';
import { useSettingsStore } from '@/stores/settings';
import { translate, type MessageKey } from './messages';

export type { MessageKey } from './messages';

/**
 * The language the device or browser reports: H5 passes the browser's whole preference list,
 * WeChat reports `zh_CN` / `en`, Alipay `zh-Hans` / `en`; pickLocale understands all of them.
 */
function deviceLanguage(): string | undefined {
  // An else branch, not an early return: webpack drops a dead branch with what it imports, which
  // keeps Taro's H5 system-info code and its user-agent parser (about 10 KB gzip) out of the H5 entry.
  if (process.env.TARO_ENV === 'h5') {
    return navigator.languages?.length ? navigator.languages.join(',') : navigator.language;
  } else {
    try {
      // getSystemInfoSync is deprecated on WeChat in favour of getAppBaseInfo.
      return process.env.TARO_ENV === 'weapp' ? Taro.getAppBaseInfo().language : Taro.getSystemInfoSync().language;
    } catch {
      return undefined;
    }
  }
}

let deviceLocaleCache: Locale | undefined;

/** The locale the device language maps to (read once: it cannot change while the app runs). */
export function deviceLocale(): Locale {
  deviceLocaleCache ??= pickLocale(deviceLanguage());
  return deviceLocaleCache;
}

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
