import { describe, expect, it } from 'vitest';
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

// The values docs/product.md "Client constants" and docs/design.md "Sessions and SMS codes" state:
// a change here is a change of the product, made in both places.
describe('the product constants', () => {
  it('keeps the client timings and sizes docs/product.md states', () => {
    expect(RequestConfig).toEqual({ timeoutMs: 12_000, platformDefaultTimeoutMs: 60_000 });
    expect(PlatformErrorCode).toEqual({ timeout: 5, abort: 600_003, networkFailure: 602_001 });
    expect(ToastConfig).toEqual({ durationMs: 1_500, helperDurationMs: 2_000 });
    expect(VersionInfo).toEqual({ stamp: '2024-12-02 19:00:00', constant: '2' });
    expect(ScrollConfig).toEqual({ refresherThresholdPx: 45, pageBottomDistancePx: 50, reachBottomThrottleMs: 350 });
    expect(SwiperConfig).toEqual({ autoplayIntervalMs: 5_000, durationMs: 500 });
    expect(ImageConfig).toEqual({ previewMinZoom: 1, previewMaxZoom: 4, defaultCount: 9 });
    expect(InputConfig).toEqual({ maxLength: 140 });
    expect(LongPressConfig).toEqual({ delayMs: 350, moveTolerancePx: 10 });
    expect(RootFontConfig).toEqual({ baseWidthPx: 375, maxWidthPx: 960 });
    expect(NavigationConfig).toEqual({ animationMs: 300 });
    expect(AsyncPageConfig).toEqual({ loadingDelayMs: 200, errorTimeoutMs: 60_000 });
  });

  it('keeps the brand colour on the tab bar and the nav bar', () => {
    expect(BRAND_COLOR).toBe('#0eb2e9');
    expect(TabBarConfig).toEqual({ heightPx: 60, selectedColor: '#0eb2e9' });
    expect(NavBarConfig).toEqual({ backgroundColor: '#0eb2e9', titleColor: '#ffffff', maxWidthPx: 1_920 });
  });

  it('keeps the SMS code rules docs/design.md states', () => {
    expect(OtpRules).toEqual({
      length: 6,
      ttlSeconds: 300,
      maxWrongAttempts: 5,
      resendIntervalSeconds: 60,
      dailyCapPerPhone: 10,
      dailyCapPerIp: 50,
    });
  });
});
