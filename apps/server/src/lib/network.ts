import { isIP } from 'node:net';

/**
 * The client network a limit counts by: an IPv4 address as is, an IPv6 address by its first
 * `prefixLength` bits. The default /64 suits most limits, since one subscriber usually holds a
 * whole /64 and could otherwise try from a fresh address each time; a limit worth a shared counter
 * with neighbours asks for /48, what a site is often given.
 */
export function clientNetwork(ip: string, prefixLength: 48 | 64 = 64): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!; // drop a zone id (fe80::1%eth0)
  if (isIP(address) !== 6) return ip;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const [head = '', tail] = address.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, prefixLength / 16)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/${prefixLength}`;
}
