import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of address an IP is, whatever way it was written. IPv6 forms that carry an IPv4 address
 * (::ffff:a.b.c.d, ::ffff:7f00:1, ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged as that IPv4.
 */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'multicast' | 'reserved' | 'invalid';

function list(entries: [string, number][], family: 'ipv4' | 'ipv6'): BlockList {
  const blockList = new BlockList();
  for (const [network, prefix] of entries) blockList.addSubnet(network, prefix, family);
  return blockList;
}

const V4: [AddressClass, BlockList][] = [
  [
    'metadata',
    list(
      [
        ['169.254.169.254', 32],
        ['100.100.100.200', 32],
      ],
      'ipv4',
    ),
  ], // AWS/GCP/Azure, Alibaba
  [
    'reserved',
    list(
      [
        ['0.0.0.0', 8],
        ['240.0.0.0', 4],
      ],
      'ipv4',
    ),
  ], // "this network", reserved, broadcast
  ['loopback', list([['127.0.0.0', 8]], 'ipv4')],
  ['link_local', list([['169.254.0.0', 16]], 'ipv4')],
  ['multicast', list([['224.0.0.0', 4]], 'ipv4')],
  [
    'private',
    list(
      [
        ['10.0.0.0', 8],
        ['172.16.0.0', 12],
        ['192.168.0.0', 16],
        ['100.64.0.0', 10], // carrier-grade NAT
        ['198.18.0.0', 15], // benchmarking
        ['192.0.0.0', 24], // IETF protocol assignments
      ],
      'ipv4',
    ),
  ],
];

const V6: [AddressClass, BlockList][] = [
  ['metadata', list([['fd00:ec2::254', 128]], 'ipv6')], // AWS metadata over IPv6
  [
    'reserved',
    list(
      [
        ['::', 128],
        ['2001::', 32],
        ['100::', 64],
      ],
      'ipv6',
    ),
  ], // unspecified, Teredo, discard
  ['loopback', list([['::1', 128]], 'ipv6')],
  [
    'link_local',
    list(
      [
        ['fe80::', 10],
        ['fec0::', 10],
      ],
      'ipv6',
    ),
  ], // link-local, old site-local
  ['multicast', list([['ff00::', 8]], 'ipv6')],
  [
    'private',
    list(
      [
        ['fc00::', 7],
        ['64:ff9b:1::', 48],
      ],
      'ipv6',
    ),
  ], // unique local, local-use NAT64
];

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

const v4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
const zero = (groups: number[], from: number, to: number) => groups.slice(from, to).every((group) => group === 0);

/** The IPv4 address an IPv6 address carries, or null. */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const [g0, g1, g2, , g4, g5, g6 = 0, g7 = 0] = g;
  if (zero(g, 0, 5) && g5 === 0xffff) return v4Of(g6, g7); // IPv4-mapped ::ffff:0:0/96
  if (zero(g, 0, 4) && g4 === 0xffff && g5 === 0) return v4Of(g6, g7); // IPv4-translated ::ffff:0:0:0/96
  if (zero(g, 0, 6) && (g6 !== 0 || g7 > 1)) return v4Of(g6, g7); // IPv4-compatible ::a.b.c.d (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && zero(g, 2, 6)) return v4Of(g6, g7); // NAT64 64:ff9b::/96
  if (g0 === 0x2002) return v4Of(g1 ?? 0, g2 ?? 0); // 6to4 2002:AABB:CCDD::/48
  return null;
}

/** The IPv6 ranges that carry an IPv4 address, and the bit where it starts (see embeddedIpv4). */
const EMBEDDED_FORMS: readonly { network: string; prefix: number; ipv4At: number }[] = [
  { network: '::ffff:0:0', prefix: 96, ipv4At: 96 }, // IPv4-mapped
  { network: '::ffff:0:0:0', prefix: 96, ipv4At: 96 }, // IPv4-translated
  { network: '::', prefix: 96, ipv4At: 96 }, // IPv4-compatible
  { network: '64:ff9b::', prefix: 96, ipv4At: 96 }, // NAT64
  { network: '2002::', prefix: 16, ipv4At: 16 }, // 6to4: 2002:AABB:CCDD::/48
];

const ALL_BITS = (1n << 128n) - 1n;
const prefixMask = (prefix: number) => ALL_BITS ^ ((1n << BigInt(128 - prefix)) - 1n);
const valueOf = (groups: number[]) => groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);

export type EmbeddedRange = { kind: 'inside'; ipv4: string; prefix: number } | { kind: 'contains' };

/**
 * How an IPv6 range relates to the forms that carry IPv4 addresses: inside one, it is the IPv4 range it
 * carries (::ffff:10.0.0.0/104 is 10.0.0.0/8; 2002:a00::/24 is 10.0.0.0/8 too); containing a whole one
 * (::ffff:0:0/96, ::/16), it covers every IPv4 address; null when it has nothing to do with them.
 */
export function embeddedIpv4Range(network: string, prefix: number): EmbeddedRange | null {
  const groups = ipv6Groups(network);
  if (!groups || prefix < 0 || prefix > 128) return null;
  const value = valueOf(groups) & prefixMask(prefix);
  for (const form of EMBEDDED_FORMS) {
    const formValue = valueOf(ipv6Groups(form.network) ?? []);
    if (prefix < form.prefix) {
      if ((formValue & prefixMask(prefix)) === value) return { kind: 'contains' };
    } else if ((value & prefixMask(form.prefix)) === formValue) {
      const v4 = Number((value >> BigInt(96 - form.ipv4At)) & 0xffffffffn);
      const ipv4 = [v4 >>> 24, (v4 >>> 16) & 255, (v4 >>> 8) & 255, v4 & 255].join('.');
      return { kind: 'inside', ipv4, prefix: Math.min(32, prefix - form.ipv4At) };
    }
  }
  return null;
}

/** An address as the guard compares it: brackets and zone dropped, embedded IPv4 unwrapped. */
export function canonicalAddress(address: string): { ip: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return { ip: bare, family: 'ipv4' };
  if (!isIPv6(bare)) return null;
  const v4 = embeddedIpv4(bare);
  return v4 ? { ip: v4, family: 'ipv4' } : { ip: bare, family: 'ipv6' };
}

export function classifyAddress(address: string): AddressClass {
  const canonical = canonicalAddress(address);
  if (!canonical) return 'invalid';
  const table = canonical.family === 'ipv4' ? V4 : V6;
  for (const [kind, blockList] of table) if (blockList.check(canonical.ip, canonical.family)) return kind;
  return 'public';
}

/** Never reachable, whatever the policy or allowlist says. */
export const ALWAYS_REFUSED: ReadonlySet<AddressClass> = new Set([
  'metadata',
  'link_local',
  'multicast',
  'reserved',
  'invalid',
]);

export const REFUSAL_REASON: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'it points to this server itself (loopback)',
  private: 'it points to a private network',
  link_local: 'it points to a link-local address',
  metadata: 'it points to a cloud metadata service',
  multicast: 'it is a multicast address',
  reserved: 'it is a reserved or unspecified address',
  invalid: 'it is not a valid IP address',
};
