import { describe, it, expect } from 'vitest';
import {
  AsyncPageConfig,
  BRAND_COLOR,
  ImageConfig,
  InputConfig,
  LongPressConfig,
  NavBarConfig,
  NavigationConfig,
  OtpRules,
  PlatformErrorCode,
  RequestConfig,
  RootFontConfig,
  ScrollConfig,
  SwiperConfig,
  TabBarConfig,
  ToastConfig,
  VersionInfo,
} from './constants';
import { successCodes } from './codes';

/** Each value as SPEC.md §2, §8, §9 and DESIGN.md §4 state it. Changing one needs a spec change. */
const specValues: [string, unknown, unknown][] = [
  ['API request time-out (ms)', RequestConfig.timeoutMs, 12000],
  ['platform default time-out (ms)', RequestConfig.platformDefaultTimeoutMs, 60000],
  ['toast default (ms)', ToastConfig.durationMs, 1500],
  ['toast helper default (ms)', ToastConfig.helperDurationMs, 2000],
  ['version stamp', VersionInfo.stamp, '2024-12-02 19:00:00'],
  ['version constant', VersionInfo.constant, '2'],
  ['refresher threshold', ScrollConfig.refresherThresholdPx, 45],
  ['page-bottom distance', ScrollConfig.pageBottomDistancePx, 50],
  ['reach-bottom throttle (ms)', ScrollConfig.reachBottomThrottleMs, 350],
  ['swiper autoplay (ms)', SwiperConfig.autoplayIntervalMs, 5000],
  ['swiper duration (ms)', SwiperConfig.durationMs, 500],
  ['image preview min zoom', ImageConfig.previewMinZoom, 1],
  ['image preview max zoom', ImageConfig.previewMaxZoom, 4],
  ['default image count', ImageConfig.defaultCount, 9],
  ['input maxlength', InputConfig.maxLength, 140],
  ['long press (ms)', LongPressConfig.delayMs, 350],
  ['long press move tolerance (px)', LongPressConfig.moveTolerancePx, 10],
  ['root font base width (px)', RootFontConfig.baseWidthPx, 375],
  ['root font max width (px)', RootFontConfig.maxWidthPx, 960],
  ['navigation animation (ms)', NavigationConfig.animationMs, 300],
  ['tab bar height (px)', TabBarConfig.heightPx, 60],
  ['tab bar selected colour', TabBarConfig.selectedColor, '#0eb2e9'],
  ['nav bar background', NavBarConfig.backgroundColor, '#0eb2e9'],
  ['nav bar title colour', NavBarConfig.titleColor, '#ffffff'],
  ['nav bar max width (px)', NavBarConfig.maxWidthPx, 1920],
  ['brand colour', BRAND_COLOR, '#0eb2e9'],
  ['async page loading delay (ms)', AsyncPageConfig.loadingDelayMs, 200],
  ['async page error after (ms)', AsyncPageConfig.errorTimeoutMs, 60000],
  ['platform time-out errCode', PlatformErrorCode.timeout, 5],
  ['platform abort code', PlatformErrorCode.abort, 600003],
  ['platform download/upload network failure', PlatformErrorCode.networkFailure, 602001],
  ['OTP digits', OtpRules.length, 6],
  ['OTP lifetime (s)', OtpRules.ttlSeconds, 300],
  ['OTP wrong tries', OtpRules.maxWrongAttempts, 5],
  ['OTP resend gap (s)', OtpRules.resendIntervalSeconds, 60],
  ['OTP daily cap per phone', OtpRules.dailyCapPerPhone, 10],
  ['OTP daily cap per IP', OtpRules.dailyCapPerIp, 50],
  ['success response codes', [...successCodes].sort(), [200, 300, 309, 333, 338]],
];

describe('spec constants', () => {
  it.each(specValues)('%s', (_what, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
