import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress } from './publicAddress';

describe('a public address', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.2.10',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
    '::127.0.0.1',
    'not an address',
  ])('is not %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:93.184.216.34', '2002:5db8:d822::1'])(
    'is %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('tells this machine apart, in IPv4, IPv6 and IPv4 inside IPv6', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::2', 'fe80::1', '128.0.0.1']) expect(isLoopbackAddress(address), address).toBe(false);
  });
});
