/**
 * The referral code p (docs/product.md "Pages and routes") from the way the app was opened. On H5
 * the hash router leaves two places for it: before the hash (`/?p=AB12#/pages/home/home`) or in the
 * route's own query (`/#/pages/home/home?p=AB12`). Mini-programs get it in the launch query, and in
 * the show query when a share card is opened while the mini-program still runs in the background
 * (no new launch).
 */
import { REFERRAL_CODE_PATTERN } from '@maika/shared';
import Taro from '@tarojs/taro';

/** The code in a query object, if it is one the server would accept; anything else is ignored, not sent. */
export function referralCodeInQuery(query: Readonly<Record<string, unknown>> | undefined): string | null {
  const code = query?.p;
  return typeof code === 'string' && REFERRAL_CODE_PATTERN.test(code.trim()) ? code.trim() : null;
}

export function referralCodeInUrl(href: string): string | null {
  const [beforeHash = '', hash = ''] = href.split('#', 2);
  for (const part of [hash, beforeHash]) {
    const search = part.includes('?') ? part.slice(part.indexOf('?') + 1) : '';
    const code = referralCodeInQuery(Object.fromEntries(new URLSearchParams(search)));
    if (code) return code;
  }
  return null;
}

/** The referral code the app was opened with, if any. */
export function launchReferralCode(): string | null {
  if (process.env.TARO_ENV === 'h5') return referralCodeInUrl(window.location.href);
  try {
    return referralCodeInQuery(Taro.getLaunchOptionsSync().query);
  } catch {
    return null;
  }
}

/**
 * Remembers the code of every show of a mini-program that brings one; returns the unsubscribe.
 * A show without p keeps what an earlier launch or show brought. H5 reloads with a new address instead.
 */
export function followReferralOnShow(remember: (code: string) => void): () => void {
  if (process.env.TARO_ENV === 'h5') return () => undefined;
  const onShow = (result: { query?: Readonly<Record<string, unknown>> } | undefined) => {
    const code = referralCodeInQuery(result?.query);
    if (code) remember(code);
  };
  Taro.onAppShow(onShow);
  return () => Taro.offAppShow(onShow);
}
