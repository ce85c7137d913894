import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { type Dispatcher, request } from 'undici';
import {
  dispatcherFor,
  REDIRECT_STATUSES,
  resolveLocation,
  TooManyRedirectsError,
  unwrapRefusal,
} from './guarded-fetch';
import { type Lookup, parseOutboundUrl, type SsrfPolicy, systemLookup } from './ssrf-guard';

export { TooManyRedirectsError };

export interface GuardedGetOptions {
  policy: SsrfPolicy;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** The request fails when the headers, or the next bytes of the body, do not arrive within this long. */
  idleTimeoutMs?: number;
  /** How host names resolve (tests give a fake resolver; defaults to the system's). */
  lookup?: Lookup;
}

/** The final answer: its body as a node stream (read it, or destroy it), with the status and headers. */
export type GuardedResponse = Readable & { statusCode: number; headers: IncomingHttpHeaders };

/** Headers as node:http gives them: a repeated header is one comma-joined value, except Set-Cookie. */
function nodeHeaders(headers: Dispatcher.ResponseData['headers']): IncomingHttpHeaders {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) && name !== 'set-cookie' ? value.join(', ') : value;
  }
  return result;
}

/**
 * GET for URLs a user supplied (model downloads, web scraping), as a node stream. It goes through the same
 * guarded agents as guardedFetch: every hop, redirects included, passes the SSRF guard, and host names are
 * checked when the connection is made (no second DNS answer can swap them). Returns the final response unread,
 * and the headers of the redirects that led there (Hugging Face says a file's sha256 on its redirect).
 */
export async function guardedGet(
  raw: string | URL,
  options: GuardedGetOptions,
): Promise<{ response: GuardedResponse; url: URL; redirects: IncomingHttpHeaders[] }> {
  const lookup = options.lookup ?? systemLookup;
  const limit = options.maxRedirects ?? 5;
  const idle = options.idleTimeoutMs ?? 60_000;
  const redirects: IncomingHttpHeaders[] = [];
  let url = parseOutboundUrl(raw);
  for (let hop = 0; ; hop += 1) {
    const answer = await request(url, {
      method: 'GET',
      headers: { 'user-agent': 'Hearth', ...options.headers },
      signal: options.signal,
      dispatcher: await dispatcherFor(url, options.policy, lookup),
      headersTimeout: idle,
      bodyTimeout: idle,
    }).catch(unwrapRefusal);
    const { statusCode, body } = answer;
    // Destroying an undici body before its end emits an abort error; readers (for await, pipeline) get their
    // errors their own way, so a caller that drops the answer on purpose (destroy()) must not crash the process.
    body.on('error', () => undefined);
    const headers = nodeHeaders(answer.headers);
    const location = headers.location;
    if (!REDIRECT_STATUSES.has(statusCode) || !location) {
      return { response: Object.assign(body, { statusCode, headers }), url, redirects };
    }
    redirects.push(headers);
    body.resume();
    if (hop >= limit) throw new TooManyRedirectsError(limit);
    url = parseOutboundUrl(resolveLocation(location, url));
  }
}
