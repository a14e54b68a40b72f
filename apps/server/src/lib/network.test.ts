import { describe, expect, it } from 'vitest';
import { clientNetwork } from './network';

describe('client networks', () => {
  it('groups addresses into client networks', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:0db8:0000:0000:abcd::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('groups IPv6 addresses by their /48 when asked, IPv4 addresses as before', () => {
    expect(clientNetwork('2001:db8:7:1::1', 48)).toBe('2001:db8:7::/48');
    expect(clientNetwork('2001:db8:7:ffff:1:2:3:4', 48)).toBe('2001:db8:7::/48');
    expect(clientNetwork('2001:db8:8::1', 48)).toBe('2001:db8:8::/48');
    expect(clientNetwork('203.0.113.9', 48)).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9', 48)).toBe('203.0.113.9');
  });
});
