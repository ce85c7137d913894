import { BlockList, isIP } from 'node:net';
import { ALWAYS_REFUSED, canonicalAddress, classifyAddress } from './ip-address';

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

/** Why an allowlist entry is unusable, or null when it is fine. */
export function allowlistEntryProblem(raw: string): string | null {
  const entry = normalizeHostName(raw);
  if (!entry) return 'is empty';
  const [network = '', prefixText, extra] = entry.split('/');
  if (prefixText !== undefined) {
    const family = isIP(network);
    const prefix = Number(prefixText);
    const max = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || !/^\d{1,3}$/.test(prefixText) || prefix > max) {
      return 'is not a valid CIDR range (e.g. 10.20.0.0/16)';
    }
    if (prefix < (family === 4 ? 8 : 16)) return 'is too wide a range (at most /8 for IPv4, /16 for IPv6)';
    return ALWAYS_REFUSED.has(classifyAddress(network)) ? 'covers addresses that can never be allowed' : null;
  }
  if (isIP(entry)) {
    return ALWAYS_REFUSED.has(classifyAddress(entry))
      ? 'is a metadata, link-local, multicast or reserved address that can never be allowed'
      : null;
  }
  return HOST_NAME.test(entry) ? null : 'is not a host name, IP address or CIDR range';
}

export class HostAllowlist {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly addresses = new BlockList();

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = normalizeHostName(raw);
      if (allowlistEntryProblem(entry)) continue;
      const [network = '', prefix] = entry.split('/');
      const canonical = canonicalAddress(network);
      if (canonical) {
        const bits = prefix === undefined ? (canonical.family === 'ipv4' ? 32 : 128) : Number(prefix);
        // An IPv4 written as IPv6 keeps its IPv6 prefix length only when it was given as IPv6.
        const width = canonical.family === 'ipv4' && isIP(network) === 6 ? Math.max(0, bits - 96) : bits;
        this.addresses.addSubnet(canonical.ip, width, canonical.family);
      } else if (entry.startsWith('*.')) {
        this.suffixes.push(entry.slice(1));
      } else {
        this.names.add(entry);
      }
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
