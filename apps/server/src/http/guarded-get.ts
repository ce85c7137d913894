import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, guardedLookup, type SsrfPolicy } from './ssrf-guard';

export interface GuardedGetOptions {
  policy: SsrfPolicy;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** The connection is dropped when no byte arrives for this long. */
  idleTimeoutMs?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GET for URLs a user supplied (model downloads): every hop, redirects included, passes the SSRF guard, both
 * before connecting and at connect time. Returns the final response unread; the caller consumes or destroys it.
 */
export async function guardedGet(
  raw: string,
  options: GuardedGetOptions,
): Promise<{ response: IncomingMessage; url: URL }> {
  let url = new URL(raw);
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop += 1) {
    url = await checkOutboundUrl(url, options.policy);
    const response = await request(url, options);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return { response, url };
    response.resume();
    url = new URL(location, url);
  }
  throw new Error('Too many redirects');
}

function request(url: URL, options: GuardedGetOptions): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, {
      headers: { 'user-agent': 'Hearth', ...options.headers },
      lookup: guardedLookup(options.policy),
      signal: options.signal,
      timeout: options.idleTimeoutMs ?? 60_000,
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('The download server stopped sending data')));
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
  });
}
