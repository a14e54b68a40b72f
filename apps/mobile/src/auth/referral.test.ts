import { referralCodeField } from '@maika/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTaro } from '@/testing/fakeTaro';
import { launchReferralCode, REFERRAL_CODE_PATTERN, referralCodeInQuery, referralCodeInUrl } from './referral';

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
});
