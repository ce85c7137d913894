import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { AppError } from './errors';
import { HostAllowlist, normalizeHostName } from './host-allowlist';
import { ALWAYS_REFUSED, classifyAddress, REFUSAL_REASON } from './ip-address';

/**
 * Every outbound URL someone typed goes through here. Only http(s), no credentials in the URL, and every
 * address the host resolves to is checked, in every spelling (see ip-address.ts). Cloud metadata, link-local,
 * multicast and reserved addresses are never reachable; loopback and private networks are reachable only where
 * the policy allows (admin-configured model runtimes usually live there) or for hosts an admin allowed.
 */
export interface SsrfPolicy {
  allowPrivate: boolean;
  /** Intranet hosts an admin allowed (host names, *.suffix, IPs, CIDRs): private addresses are fine for them. */
  allowedHosts?: readonly string[];
}

const allowlists = new WeakMap<readonly string[], HostAllowlist>();
function allowlistOf(policy: SsrfPolicy): HostAllowlist | null {
  const entries = policy.allowedHosts;
  if (!entries?.length) return null;
  let allowlist = allowlists.get(entries);
  if (!allowlist) {
    allowlist = new HostAllowlist(entries);
    allowlists.set(entries, allowlist);
  }
  return allowlist;
}

/**
 * Why an address may not be contacted under the policy, or null when it may. `hostname` is the host as the
 * URL named it: a host name on the admin's allowlist may resolve to private addresses.
 */
export function addressRefusal(address: string, policy: SsrfPolicy, hostname?: string): string | null {
  const kind = classifyAddress(address);
  if (kind === 'public') return null;
  if (ALWAYS_REFUSED.has(kind)) return REFUSAL_REASON[kind];
  if (policy.allowPrivate) return null;
  const allowlist = allowlistOf(policy);
  if (allowlist && (allowlist.allowsAddress(address) || (hostname && allowlist.allowsHost(hostname)))) return null;
  return REFUSAL_REASON[kind];
}

const refused = (reason: string) =>
  new AppError('url_not_allowed', 400, `This URL is not allowed: ${reason}.`, { reason });

const addressRefused = (reason: string) =>
  new AppError('url_not_allowed', 400, `This address is not allowed: ${reason}.`, { reason });

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

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Resolves the host and checks every address it has. Returns the URL and the addresses to connect to. */
export async function resolveOutbound(
  raw: string | URL,
  policy: SsrfPolicy,
  lookup = systemLookup,
): Promise<{ url: URL; addresses: LookupAddress[] }> {
  const url = parseOutboundUrl(raw);
  return { url, addresses: await resolveHost(url.hostname, policy, lookup) };
}

/** Resolves a host name (or takes an IP literal) and checks every address; refuses when one is not allowed. */
export async function resolveHost(
  hostname: string,
  policy: SsrfPolicy,
  lookup = systemLookup,
): Promise<LookupAddress[]> {
  const host = normalizeHostName(hostname);
  const allowlist = allowlistOf(policy);
  // "localhost" is loopback by definition (RFC 6761), whatever a resolver says.
  if (isLocalhostName(host) && !policy.allowPrivate && !allowlist?.allowsHost(host)) {
    throw addressRefused(REFUSAL_REASON.loopback);
  }
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host);
  } catch {
    throw refused(`the host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw refused(`the host ${host} has no address`);
  for (const { address } of addresses) {
    const reason = addressRefusal(address, policy, host);
    if (reason) throw addressRefused(reason);
  }
  return addresses;
}

/** Resolves the host and checks every address it has. Returns the parsed URL. */
export async function checkOutboundUrl(raw: string | URL, policy: SsrfPolicy, lookup = systemLookup): Promise<URL> {
  return (await resolveOutbound(raw, policy, lookup)).url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const answer = (addresses: LookupAddress[], options: { all?: boolean }, callback: LookupCallback) => {
  const first = addresses[0] as LookupAddress;
  return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
};

/**
 * A `lookup` for node:net that resolves the host and checks every address under the policy when the connection
 * is made, so a second DNS answer (rebinding) can never reach what the policy refuses. Node connects to IP
 * literals without calling `lookup`: callers check those before connecting (see guarded-fetch.ts).
 */
export function checkedLookup(policy: SsrfPolicy, lookup = systemLookup) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    resolveHost(hostname, policy, lookup).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
        const matching = family ? addresses.filter((entry) => entry.family === family) : addresses;
        if (matching.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), []);
          return;
        }
        answer(matching, options, callback);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  };
}
