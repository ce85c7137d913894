import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { type Lookup, pinnedLookup, resolveOutbound, type SsrfPolicy, systemLookup } from './ssrf-guard';

export interface GuardedGetOptions {
  policy: SsrfPolicy;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** The connection is dropped when no byte arrives for this long. */
  idleTimeoutMs?: number;
  /** How host names resolve (tests give a fake resolver; defaults to the system's). */
  lookup?: Lookup;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class TooManyRedirectsError extends Error {
  constructor(readonly limit: number) {
    super(`Too many redirects (more than ${limit})`);
    this.name = 'TooManyRedirectsError';
  }
}

/**
 * GET for URLs a user supplied (model downloads, web scraping): every hop, redirects included, passes the SSRF
 * guard, and the connection goes to exactly the addresses the guard checked (no second DNS answer can swap them).
 * Returns the final response unread (the caller consumes or destroys it), and the headers of the redirects
 * that led there (Hugging Face says a file's sha256 on its redirect).
 */
export async function guardedGet(
  raw: string | URL,
  options: GuardedGetOptions,
): Promise<{ response: IncomingMessage; url: URL; redirects: IncomingHttpHeaders[] }> {
  let url = new URL(raw);
  const limit = options.maxRedirects ?? 5;
  const redirects: IncomingHttpHeaders[] = [];
  for (let hop = 0; hop <= limit; hop += 1) {
    const checked = await resolveOutbound(url, options.policy, options.lookup ?? systemLookup);
    const response = await request(checked.url, checked.addresses, options);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return { response, url: checked.url, redirects };
    redirects.push(response.headers);
    response.resume();
    url = new URL(location, checked.url);
  }
  throw new TooManyRedirectsError(limit);
}

function request(
  url: URL,
  addresses: Awaited<ReturnType<typeof resolveOutbound>>['addresses'],
  options: GuardedGetOptions,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, {
      headers: { 'user-agent': 'Hearth', ...options.headers },
      lookup: pinnedLookup(addresses),
      signal: options.signal,
      timeout: options.idleTimeoutMs ?? 60_000,
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('The server stopped sending data')));
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
  });
}
