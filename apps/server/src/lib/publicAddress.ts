/**
 * Whether an IP address is one of the internet's, for requests we make to addresses others give
 * us (merchants' callback addresses): never to this machine, a private network, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT or a reserved range, whether written as
 * IPv4, IPv6, or IPv4 inside IPv6 (::ffff:10.0.0.1, 64:ff9b::a00:1, 2002:a00:1::).
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and the like)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counted as two). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 one carries: mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16). */
function embeddedIpv4(groups: number[]): string | undefined {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return ipv4Of(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return ipv4Of(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return ipv4Of(groups[1]!, groups[2]!);
  return undefined;
}

/** True for an address of the public internet; false for anything else, or for text that is no address. */
export function isPublicAddress(ip: string): boolean {
  const address = ip.split('%')[0]!; // a zone id (fe80::1%eth0) names an interface: link-local anyway
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address.toLowerCase());
  const inner = embeddedIpv4(groups);
  if (inner !== undefined) return isPublicAddress(inner);
  return !notPublic.check(address, 'ipv6');
}

/** This machine: 127.0.0.0/8, ::1, or either inside IPv6. */
export function isLoopbackAddress(ip: string): boolean {
  const address = ip.split('%')[0]!;
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family !== 6) return false;
  const groups = ipv6Groups(address.toLowerCase());
  const inner = embeddedIpv4(groups);
  if (inner !== undefined) return isLoopbackAddress(inner);
  return groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; a literal address resolves to itself. Swapped in tests to make a name resolve anywhere. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const family = isIP(hostname);
  if (family === 4 || family === 6) return [{ address: hostname, family }];
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};
