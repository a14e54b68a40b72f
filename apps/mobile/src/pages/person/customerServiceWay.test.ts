import type { Foundation } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { customerServiceWay } from './customerServiceWay';

const none = { h5: '', weapp: '', alipay: '' };
const site = (values: Partial<Foundation>): Foundation => ({
  siteName: '卖卡',
  customerServiceUrl: none,
  appLaunchUrl: none,
  oldPlatformUrl: '',
  versionStamp: '',
  versionCode: '',
  icp: '',
  servicePhone: '',
  serviceHours: '',
  weappContact: false,
  mailingAddress: { recipient: '', recipientEn: '', phone: '', address: '', addressEn: '' },
  rebateRateBp: 100,
  ...values,
});

describe('the customer-service entry', () => {
  it('is hidden when the operators set no way to reach customer service, on every platform', () => {
    for (const platform of ['h5', 'weapp', 'alipay'] as const) expect(customerServiceWay(site({}), platform)).toBeNull();
    expect(customerServiceWay(undefined, 'h5')).toBeNull();
    // WeChat's contact button exists only in WeChat.
    expect(customerServiceWay(site({ weappContact: true }), 'h5')).toBeNull();
  });

  it("opens WeChat's own service chat in WeChat, and shows the service phone on H5 and Alipay", () => {
    const set = site({ weappContact: true, servicePhone: '0571-8697 2210', serviceHours: '09:00-22:00' });
    expect(customerServiceWay(set, 'weapp')).toEqual({ kind: 'weappContact' });
    expect(customerServiceWay(set, 'h5')).toEqual({ kind: 'phone', phone: '0571-8697 2210', hours: '09:00-22:00' });
    expect(customerServiceWay(set, 'alipay')).toEqual({ kind: 'phone', phone: '0571-8697 2210', hours: '09:00-22:00' });
  });

  it('prefers a chat link set for the platform to the phone', () => {
    const set = site({ customerServiceUrl: { ...none, h5: 'https://kf.example.com/chat' }, servicePhone: '0571-8697 2210' });
    expect(customerServiceWay(set, 'h5')).toEqual({ kind: 'chat', url: 'https://kf.example.com/chat' });
    expect(customerServiceWay(set, 'alipay')).toMatchObject({ kind: 'phone' });
  });
});
