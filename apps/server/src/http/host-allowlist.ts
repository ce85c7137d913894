import { BlockList, isIP } from 'node:net';
import { ALWAYS_REFUSED, canonicalAddress, classifyAddress, embeddedIpv4Range } from './ip-address';

/**
 * Intranet hosts an admin allowed: exact host names ("wiki.corp"), a wildcard for subdomains ("*.corp.example"),
 * IP addresses ("10.0.0.5", "fd12::1") or CIDR ranges ("10.20.0.0/16"). Metadata, link-local, multicast and
 * reserved addresses can never be allowed.
 */
const HOST_NAME = /^(\*\.)?(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const normalizeHostName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

type ParsedEntry =
  | { problem: string }
  | { kind: 'range'; ip: string; prefix: number; family: 'ipv4' | 'ipv6' }
  | { kind: 'name'; name: string }
  | { kind: 'suffix'; suffix: string };

const TOO_WIDE = 'is too wide a range (at most /8 for IPv4, also when written as IPv6, and /16 for IPv6)';
const NEVER_ALLOWED = 'covers addresses that can never be allowed';

/**
 * One allowlist entry as the ranges it really covers. An IPv6 range that carries IPv4 addresses (IPv4-mapped,
 * -translated, -compatible, NAT64, 6to4) is the IPv4 range it carries, with the same /8 limit: ::ffff:1.0.0.0/96
 * would otherwise be every IPv4 address. A range that contains such a form whole (::/16) covers every IPv4
 * address, so it is refused; node's BlockList would match any IPv4 against it, as ::ffff:a.b.c.d.
 */
function parseEntry(raw: string): ParsedEntry {
  const entry = normalizeHostName(raw);
  if (!entry) return { problem: 'is empty' };
  const [network = '', prefixText, extra] = entry.split('/');
  const family = isIP(network);
  const max = family === 4 ? 32 : 128;
  if (prefixText !== undefined && Number(prefixText) !== max) {
    const prefix = Number(prefixText);
    if (!family || extra !== undefined || !/^\d{1,3}$/.test(prefixText) || prefix > max) {
      return { problem: 'is not a valid CIDR range (e.g. 10.20.0.0/16)' };
    }
    const embedded = family === 6 ? embeddedIpv4Range(network, prefix) : null;
    if (embedded?.kind === 'contains') return { problem: TOO_WIDE };
    const range =
      embedded?.kind === 'inside'
        ? { ip: embedded.ipv4, prefix: embedded.prefix, family: 'ipv4' as const }
        : { ip: network, prefix, family: family === 4 ? ('ipv4' as const) : ('ipv6' as const) };
    if (range.prefix < (range.family === 'ipv4' ? 8 : 16)) return { problem: TOO_WIDE };
    if (ALWAYS_REFUSED.has(classifyAddress(range.ip))) return { problem: NEVER_ALLOWED };
    return { kind: 'range', ...range };
  }
  if (extra !== undefined) return { problem: 'is not a valid CIDR range (e.g. 10.20.0.0/16)' };
  const canonical = family ? canonicalAddress(network) : null;
  if (canonical) {
    return ALWAYS_REFUSED.has(classifyAddress(network))
      ? { problem: 'is a metadata, link-local, multicast or reserved address that can never be allowed' }
      : { kind: 'range', ip: canonical.ip, prefix: canonical.family === 'ipv4' ? 32 : 128, family: canonical.family };
  }
  if (prefixText !== undefined || !HOST_NAME.test(entry)) {
    return { problem: 'is not a host name, IP address or CIDR range' };
  }
  return entry.startsWith('*.') ? { kind: 'suffix', suffix: entry.slice(1) } : { kind: 'name', name: entry };
}

/** Why an allowlist entry is unusable, or null when it is fine. */
export function allowlistEntryProblem(raw: string): string | null {
  const parsed = parseEntry(raw);
  return 'problem' in parsed ? parsed.problem : null;
}

export class HostAllowlist {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly addresses = new BlockList();

  /** Entries with a problem (saved before a rule was tightened) are left out. */
  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const parsed = parseEntry(raw);
      if ('problem' in parsed) continue;
      if (parsed.kind === 'range') this.addresses.addSubnet(parsed.ip, parsed.prefix, parsed.family);
      else if (parsed.kind === 'suffix') this.suffixes.push(parsed.suffix);
      else this.names.add(parsed.name);
    }
  }

  /** The host name (as written in the URL) is one the admin named. */
  allowsHost(hostname: string): boolean {
    const name = normalizeHostName(hostname);
    if (isIP(name)) return this.allowsAddress(name);
    return this.names.has(name) || this.suffixes.some((suffix) => name.endsWith(suffix));
  }

  /** The resolved address is inside an allowed IP or range. */
  allowsAddress(address: string): boolean {
    const canonical = canonicalAddress(address);
    return canonical ? this.addresses.check(canonical.ip, canonical.family) : false;
  }
}
