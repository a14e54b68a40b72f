import type Taro from '@tarojs/taro';

/**
 * H5 only: takes the place of NutUI's utils/taro/get-system-info and of the device info Taro's H5
 * chooseMedia asks for (see config/index.ts). NutUI reads the window's size from it, and the platform
 * only to single out Android WeChat; chooseMedia only whether the system is iOS. Taro's H5
 * getDeviceInfo behind the original parses the user agent with the `platform` library (42 KB before
 * minification), which pages with a pull-to-refresh list or a picture picker then had to load.
 */

export function getWindowInfo(): Taro.getWindowInfo.Result {
  const root = document.documentElement;
  return {
    pixelRatio: window.devicePixelRatio,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    windowWidth: root.clientWidth,
    windowHeight: root.clientHeight,
    statusBarHeight: Number.NaN,
    safeArea: { bottom: 0, height: 0, left: 0, right: 0, top: 0, width: 0 },
  };
}

/** The operating system, named as Taro's H5 getDeviceInfo names it; the rest a browser does not tell. */
function operatingSystem(userAgent: string): string {
  if (/Android/i.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/HarmonyOS|OpenHarmony/i.test(userAgent)) return 'HarmonyOS';
  return 'unknown';
}

export function getDeviceInfo(): { brand: string; model: string; system: string; platform: string; benchmarkLevel: number } {
  const system = operatingSystem(navigator.userAgent);
  return { brand: 'unknown', model: 'unknown', system, platform: system, benchmarkLevel: -1 };
}

export function getAppBaseInfo(): { SDKVersion: string; language: string; version: string; theme: 'dark' | 'light' } {
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return { SDKVersion: '', language: navigator.language, version: '', theme: dark ? 'dark' : 'light' };
}
