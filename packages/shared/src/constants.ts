/**
 * Business constants of docs/product.md "Client constants" (and the related numbers of its
 * "Navigation" and "Response codes"), plus the SMS-code rules of docs/design.md "Sessions and SMS
 * codes". Units are in the names (Ms, Px, Seconds). constants.test.ts asserts every value, so an
 * accidental edit fails a test.
 */

/** The brand colour: selected tab, nav bar background. */
export const BRAND_COLOR = '#0eb2e9';

/** API requests (docs/product.md "Client constants"). */
export const RequestConfig = {
  /** Our time-out for API calls. */
  timeoutMs: 12_000,
  /** What the platform (Taro / mini-program) uses when none is given. */
  platformDefaultTimeoutMs: 60_000,
} as const;

/** Errors the platform's request / download / upload APIs report (docs/product.md "Response codes"). */
export const PlatformErrorCode = {
  /** request time-out (`errCode`) */
  timeout: 5,
  /** request aborted */
  abort: 600_003,
  /** network failure on download / upload */
  networkFailure: 602_001,
} as const;

export const ToastConfig = {
  /** Toast default duration. */
  durationMs: 1_500,
  /** Default of the product's own toast helper. */
  helperDurationMs: 2_000,
} as const;

/** Version stamp and constant shown / sent by the clients. */
export const VersionInfo = {
  stamp: '2024-12-02 19:00:00',
  constant: '2',
} as const;

export const ScrollConfig = {
  /** Pull-down refresher threshold (px). */
  refresherThresholdPx: 45,
  /** Distance from the page bottom that triggers "reach bottom" (px). */
  pageBottomDistancePx: 50,
  /** Reach-bottom events are throttled to one per this interval. */
  reachBottomThrottleMs: 350,
} as const;

export const SwiperConfig = {
  autoplayIntervalMs: 5_000,
  durationMs: 500,
} as const;

export const ImageConfig = {
  previewMinZoom: 1,
  previewMaxZoom: 4,
  /** Default number of images a picker allows (also the feedback image limit). */
  defaultCount: 9,
} as const;

export const InputConfig = {
  /** Default maxlength of text inputs. */
  maxLength: 140,
} as const;

export const LongPressConfig = {
  /** A press becomes a long press after this long. */
  delayMs: 350,
  /** Moving further than this cancels it (px). */
  moveTolerancePx: 10,
} as const;

/** Root font size scales with the viewport width from a 375 px design, up to 960 px. */
export const RootFontConfig = {
  baseWidthPx: 375,
  maxWidthPx: 960,
} as const;

export const NavigationConfig = {
  animationMs: 300,
} as const;

export const TabBarConfig = {
  heightPx: 60,
  selectedColor: BRAND_COLOR,
} as const;

export const NavBarConfig = {
  backgroundColor: BRAND_COLOR,
  titleColor: '#ffffff',
  maxWidthPx: 1_920,
} as const;

/** Pages loaded asynchronously (docs/product.md "Waiting for data"). */
export const AsyncPageConfig = {
  /** Show the loading indicator only after this delay. */
  loadingDelayMs: 200,
  /** Show the error (tap to reload) after this long. */
  errorTimeoutMs: 60_000,
} as const;

/** SMS login codes (docs/design.md "Sessions and SMS codes"; OWASP ASVS 5.0 V6.5/V6.6). */
export const OtpRules = {
  /** Digits in a code (from a CSPRNG). */
  length: 6,
  /** A code is valid this long, and only once. */
  ttlSeconds: 5 * 60,
  /** Wrong tries before the code is burnt. */
  maxWrongAttempts: 5,
  /** Minimum gap between two sends to one phone. */
  resendIntervalSeconds: 60,
  /** Sends per phone per day. */
  dailyCapPerPhone: 10,
  /** Sends per client IP per day. */
  dailyCapPerIp: 50,
} as const;

/** An SMS code as typed: OtpRules.length digits, checked by the server and the app's forms. */
export const SMS_CODE_PATTERN = new RegExp(`^\\d{${OtpRules.length}}$`);

/** Withdrawals that wait for finance: how long a review usually takes, as the app tells the user. */
export const WithdrawalReviewConfig = {
  usualHours: 24,
} as const;

/**
 * Length of an appeal's reason (POST /api/order/appeal), in UTF-16 units after trimming. Here
 * rather than beside the appeal schema so the order page's counter does not load zod.
 */
export const APPEAL_REASON_MIN = 5;
export const APPEAL_REASON_MAX = 200;
