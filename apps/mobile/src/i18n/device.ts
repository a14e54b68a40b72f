import { pickLocale, type Locale } from '@maika/shared';
import Taro from '@tarojs/taro';

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
