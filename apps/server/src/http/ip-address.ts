import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What kind of address an IP is, whatever way it was written. IPv6 forms that carry an IPv4 address
 * (::ffff:a.b.c.d, ::ffff:7f00:1, ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged as that IPv4.
 *
 * Parsing and range matching are ipaddr.js's. Only strings node:net's isIP accepts ever reach it: ipaddr.js also
 * reads inet_aton shorthands ("0x7f.1", "017700000001", "127.1", octal "010.0.0.1" as 8.0.0.1) that Node's
 * connect never takes as an address, so here they stay "invalid" rather than becoming an address they are not.
 */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'multicast' | 'reserved' | 'invalid';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidr = (text: string): Cidr => ipaddr.parseCIDR(text);

/**
 * The ranges of each class, IPv4 and IPv6 together (ipaddr.subnetMatch skips the other family), checked in this
 * order: the first match wins, so a metadata address is not taken for link-local or private.
 */
const RANGES: Record<Exclude<AddressClass, 'public' | 'invalid'>, Cidr[]> = {
  metadata: [
    cidr('169.254.169.254/32'), // AWS/GCP/Azure
    cidr('100.100.100.200/32'), // Alibaba
    cidr('fd00:ec2::254/128'), // AWS over IPv6
  ],
  reserved: [
    cidr('0.0.0.0/8'), // "this network"
    cidr('240.0.0.0/4'), // reserved, broadcast
    cidr('::/128'), // unspecified
    cidr('2001::/32'), // Teredo
    cidr('100::/64'), // discard
  ],
  loopback: [cidr('127.0.0.0/8'), cidr('::1/128')],
  link_local: [cidr('169.254.0.0/16'), cidr('fe80::/10'), cidr('fec0::/10')], // link-local, old site-local
  multicast: [cidr('224.0.0.0/4'), cidr('ff00::/8')],
  private: [
    cidr('10.0.0.0/8'),
    cidr('172.16.0.0/12'),
    cidr('192.168.0.0/16'),
    cidr('100.64.0.0/10'), // carrier-grade NAT
    cidr('198.18.0.0/15'), // benchmarking
    cidr('192.0.0.0/24'), // IETF protocol assignments
    cidr('fc00::/7'), // unique local
    cidr('64:ff9b:1::/48'), // local-use NAT64
  ],
};

/** An IPv6 address as ipaddr.js reads it (zone dropped), or null when node:net does not take it as one. */
function parseIpv6(address: string): ipaddr.IPv6 | null {
  if (!isIPv6(address)) return null;
  // Node allows zone ids ipaddr.js does not ("%eth0.5"); the zone says nothing about the address. ipaddr.js reads
  // exactly "::a.b.c.d" (IPv4-compatible) as ::ffff:a.b.c.d (IPv4-mapped), another address; spelled "0::a.b.c.d"
  // it reads the address Node connects to (::0.0.0.1 is ::1, not 0.0.0.1).
  const bare = address.replace(/%.*$/, '').replace(/^::(?=\d+\.\d+\.\d+\.\d+$)/, '0::');
  try {
    return ipaddr.IPv6.parse(bare);
  } catch {
    return null;
  }
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  return parseIpv6(address)?.parts ?? null;
}

/** The IPv6 ranges that carry an IPv4 address, and the bit where it starts. */
const EMBEDDED_FORMS: readonly {
  network: ipaddr.IPv6;
  prefix: number;
  ipv4At: number;
  except?: [ipaddr.IPv6, number];
}[] = [
  { network: ipaddr.IPv6.parse('::ffff:0:0'), prefix: 96, ipv4At: 96 }, // IPv4-mapped
  { network: ipaddr.IPv6.parse('::ffff:0:0:0'), prefix: 96, ipv4At: 96 }, // IPv4-translated
  // IPv4-compatible (deprecated); :: and ::1 are the unspecified and loopback addresses, not 0.0.0.0 and 0.0.0.1.
  { network: ipaddr.IPv6.parse('::'), prefix: 96, ipv4At: 96, except: ipaddr.IPv6.parseCIDR('::/127') },
  { network: ipaddr.IPv6.parse('64:ff9b::'), prefix: 96, ipv4At: 96 }, // NAT64
  { network: ipaddr.IPv6.parse('2002::'), prefix: 16, ipv4At: 16 }, // 6to4: 2002:AABB:CCDD::/48
];

/** The 32 bits from `bit` on of an IPv6 address, as an IPv4 address. */
const ipv4At = (address: ipaddr.IPv6, bit: number) =>
  ipaddr.fromByteArray(address.toByteArray().slice(bit / 8, bit / 8 + 4)).toString();

/** The IPv4 address an IPv6 address carries, or null. */
export function embeddedIpv4(address: string): string | null {
  const parsed = parseIpv6(address);
  if (!parsed) return null;
  for (const form of EMBEDDED_FORMS) {
    if (!parsed.match(form.network, form.prefix)) continue;
    return form.except && parsed.match(form.except) ? null : ipv4At(parsed, form.ipv4At);
  }
  return null;
}

export type EmbeddedRange = { kind: 'inside'; ipv4: string; prefix: number } | { kind: 'contains' };

/**
 * How an IPv6 range relates to the forms that carry IPv4 addresses: inside one, it is the IPv4 range it
 * carries (::ffff:10.0.0.0/104 is 10.0.0.0/8; 2002:a00::/24 is 10.0.0.0/8 too); containing a whole one
 * (::ffff:0:0/96, ::/16), it covers every IPv4 address; null when it has nothing to do with them.
 */
export function embeddedIpv4Range(network: string, prefix: number): EmbeddedRange | null {
  const parsed = parseIpv6(network);
  if (!parsed || !Number.isInteger(prefix) || prefix < 0 || prefix > 128) return null;
  const base = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toNormalizedString()}/${prefix}`);
  for (const form of EMBEDDED_FORMS) {
    if (prefix < form.prefix) {
      if (form.network.match(base, prefix)) return { kind: 'contains' };
    } else if (base.match(form.network, form.prefix)) {
      return { kind: 'inside', ipv4: ipv4At(base, form.ipv4At), prefix: Math.min(32, prefix - form.ipv4At) };
    }
  }
  return null;
}

/** An address as the guard compares it: brackets and zone dropped, embedded IPv4 unwrapped. */
export function canonicalAddress(address: string): { ip: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return { ip: bare, family: 'ipv4' };
  if (!parseIpv6(bare)) return null;
  const v4 = embeddedIpv4(bare);
  return v4 ? { ip: v4, family: 'ipv4' } : { ip: bare, family: 'ipv6' };
}

export function classifyAddress(address: string): AddressClass {
  const canonical = canonicalAddress(address);
  if (!canonical) return 'invalid';
  // Never ipaddr.parse: see parseIpv6 for the spellings it reads as another address.
  const parsed = canonical.family === 'ipv4' ? ipaddr.IPv4.parse(canonical.ip) : parseIpv6(canonical.ip);
  return parsed ? (ipaddr.subnetMatch(parsed, RANGES, 'public') as AddressClass) : 'invalid';
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
