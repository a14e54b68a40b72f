import { REFERRAL_CODE_PATTERN, referralCodeField } from '@maika/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTaro, resetDevice, showApp } from '@/testing/fakeTaro';
import { followReferralOnShow, launchReferralCode, referralCodeInQuery, referralCodeInUrl } from './referral';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

describe('referral code p', () => {
  it('is read before the hash or in the hash route query', () => {
    expect(referralCodeInUrl('https://maika.example/?p=AB12cd#/pages/home/home')).toBe('AB12cd');
    expect(referralCodeInUrl('https://maika.example/#/pages/home/home?p=XY9876')).toBe('XY9876');
    expect(referralCodeInUrl('https://maika.example/#/pages/home/home?from=share&p=XY9876')).toBe('XY9876');
    expect(referralCodeInUrl('https://maika.example/#/pages/home/home')).toBeNull();
  });

  it('is ignored when the server would refuse it, so anonymous calls keep working', () => {
    expect(referralCodeInUrl('https://maika.example/?p=%3Cscript%3E#/')).toBeNull();
    expect(referralCodeInQuery({ p: 'ab' })).toBeNull();
    expect(referralCodeInQuery({ p: ['AB12'] })).toBeNull();
    expect(referralCodeInQuery({ p: ' AB12 ' })).toBe('AB12');
  });

  it('follows the server rule for referral codes', () => {
    for (const candidate of ['AB12', 'abcdefghijklmnop', 'abc', 'abcdefghijklmnopq', 'AB-12', '中文code']) {
      expect(REFERRAL_CODE_PATTERN.test(candidate), candidate).toBe(referralCodeField.safeParse(candidate).success);
    }
  });

  describe('at launch', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('comes from the launch query in a mini-program (a shared chat card opens /pages/home/home?p=CODE)', () => {
      vi.spyOn(fakeTaro, 'getLaunchOptionsSync').mockReturnValue({ query: { p: 'AB12cd' } });
      expect(launchReferralCode()).toBe('AB12cd');
      vi.spyOn(fakeTaro, 'getLaunchOptionsSync').mockReturnValue({ query: {} });
      expect(launchReferralCode()).toBeNull();
    });

    it('comes from the address on H5, in the hash route an invite link carries', () => {
      vi.stubEnv('TARO_ENV', 'h5');
      vi.stubGlobal('window', { location: { href: 'https://maika.example/#/pages/home/home?p=XY9876' } });
      expect(launchReferralCode()).toBe('XY9876');
    });
  });

  describe('on show', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
      resetDevice();
    });

    /** The app as it starts: the launch query first, then every show (the first one comes with the launch). */
    function startApp(launchQuery: Record<string, unknown>) {
      const remembered: string[] = [];
      vi.spyOn(fakeTaro, 'getLaunchOptionsSync').mockReturnValue({ query: launchQuery as Record<string, string> });
      const atLaunch = launchReferralCode();
      if (atLaunch) remembered.push(atLaunch);
      const stop = followReferralOnShow((code) => remembered.push(code));
      showApp({ path: 'pages/home/home', query: launchQuery });
      return { remembered, stop };
    }

    it('picks up the code of a share card opened while the mini-program runs in the background', () => {
      const { remembered } = startApp({});
      expect(remembered).toEqual([]);
      showApp({ path: 'pages/home/home', query: { p: 'BG12cd' } });
      expect(remembered).toEqual(['BG12cd']);
    });

    it('keeps the launch code when a later show brings none, and takes a newer one when it does', () => {
      const { remembered } = startApp({ p: 'LA12cd' });
      showApp({ path: 'pages/person/person', query: {} });
      showApp({ path: 'pages/home/home', query: { p: '<bad>' } });
      expect(remembered.at(-1)).toBe('LA12cd');
      showApp({ path: 'pages/home/home', query: { p: 'NE34ef' } });
      expect(remembered.at(-1)).toBe('NE34ef');
    });

    it('stops listening when the app unsubscribes, and does not listen on H5', () => {
      const { remembered, stop } = startApp({});
      stop();
      showApp({ path: 'pages/home/home', query: { p: 'LATE12' } });
      expect(remembered).toEqual([]);
      vi.stubEnv('TARO_ENV', 'h5');
      const onH5 = vi.fn();
      followReferralOnShow(onH5);
      showApp({ path: 'pages/home/home', query: { p: 'H5AB12' } });
      expect(onH5).not.toHaveBeenCalled();
    });
  });
});
