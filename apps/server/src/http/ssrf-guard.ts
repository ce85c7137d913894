import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from './errors';

/**
 * Every outbound URL someone typed goes through here. Only http(s), no credentials in the URL, and every
 * address the host resolves to is checked. Cloud metadata and link-local addresses are never reachable;
 * loopback and private networks are reachable only where the policy allows (admin-configured model runtimes
 * usually live there; user-supplied download URLs must not).
 */
export interface SsrfPolicy {
  allowPrivate: boolean;
}

const never = new BlockList();
never.addSubnet('0.0.0.0', 8, 'ipv4');
never.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, cloud metadata (169.254.169.254)
never.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
never.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
never.addSubnet('240.0.0.0', 4, 'ipv4'); // reserved, broadcast
never.addAddress('::', 'ipv6');
never.addSubnet('fe80::', 10, 'ipv6'); // link-local
never.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
never.addSubnet('ff00::', 8, 'ipv6'); // multicast

const internal = new BlockList();
internal.addSubnet('127.0.0.0', 8, 'ipv4');
internal.addSubnet('10.0.0.0', 8, 'ipv4');
internal.addSubnet('172.16.0.0', 12, 'ipv4');
internal.addSubnet('192.168.0.0', 16, 'ipv4');
internal.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
internal.addSubnet('198.18.0.0', 15, 'ipv4'); // benchmarking
internal.addSubnet('192.0.0.0', 24, 'ipv4');
internal.addAddress('::1', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6'); // unique local
internal.addSubnet('64:ff9b:1::', 48, 'ipv6'); // local-use NAT64

/** IPv4 written inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged as the IPv4 it is. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match?.[1]) return match[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why an address may not be contacted under the policy, or null when it may. */
export function addressRefusal(address: string, policy: SsrfPolicy): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = embeddedIpv4(bare);
  const ip = v4 ?? bare;
  const family = isIP(ip) === 4 ? 'ipv4' : isIP(ip) === 6 ? 'ipv6' : null;
  if (!family) return `not an IP address: ${address}`;
  if (never.check(ip, family)) return `address ${address} is link-local, metadata or reserved`;
  if (!policy.allowPrivate && internal.check(ip, family)) return `address ${address} is loopback or private`;
  return null;
}

const refused = (reason: string) =>
  new AppError('url_not_allowed', 400, `This URL is not allowed: ${reason}.`, { reason });

/** Syntax checks only: scheme, credentials, a host. */
export function parseOutboundUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('only http and https are allowed');
  if (url.username || url.password) throw refused('credentials in the URL are not allowed');
  if (!url.hostname) throw refused('no host');
  return url;
}

export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookup: Lookup = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/** Resolves the host and checks every address it has. Returns the parsed URL. */
export async function checkOutboundUrl(raw: string | URL, policy: SsrfPolicy, lookup = systemLookup): Promise<URL> {
  const url = parseOutboundUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host);
  } catch {
    throw refused(`the host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw refused(`the host ${host} has no address`);
  for (const { address } of addresses) {
    const reason = addressRefusal(address, policy);
    if (reason) throw refused(reason);
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that checks each address at connect time, so a name that re-resolves to a
 * forbidden address between the check and the connection (DNS rebinding) is still refused.
 */
export function guardedLookup(policy: SsrfPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.map((entry) => addressRefusal(entry.address, policy)).find(Boolean);
      if (bad || addresses.length === 0) {
        const failure: NodeJS.ErrnoException = new Error(`Blocked outbound connection: ${bad ?? 'no address'}`);
        failure.code = 'ERR_SSRF_BLOCKED';
        return callback(failure, []);
      }
      const first = addresses[0] as LookupAddress;
      return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
    });
  };
}
