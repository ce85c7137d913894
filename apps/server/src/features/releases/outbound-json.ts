import { guardedFetch } from '../../http/guarded-fetch';
import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string | URL;
  headers?: Record<string, string>;
  /** Sent as JSON when present. */
  body?: unknown;
  policy: SsrfPolicy;
  /** The whole exchange (connect, send, read) gives up after this. */
  timeoutMs: number;
  lookup?: Lookup;
}

export interface OutboundResponse {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON (null when empty). */
  body: unknown;
  text: string;
}

/** Answers larger than this are cut off: GitHub's replies here are a few kilobytes. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

export class OutboundTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${Math.round(timeoutMs / 100) / 10} s`);
    this.name = 'OutboundTimeoutError';
  }
}

/**
 * One JSON request to a URL an admin configured (GitHub API base, deployment webhook), through the guarded
 * fetch (the address is checked when the connection is made); redirects are not followed.
 */
export async function outboundJson(request: OutboundRequest): Promise<OutboundResponse> {
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers: Record<string, string> = { 'user-agent': 'Hearth', accept: 'application/json', ...request.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const { response } = await guardedFetch(
      request.url,
      { method: request.method, headers, body: payload, signal },
      { policy: request.policy, maxRedirects: 0, lookup: request.lookup },
    );
    const text = await readLimited(response.body, MAX_RESPONSE_BYTES);
    return { status: response.status, body: parseBody(text), text };
  } catch (error) {
    if (signal.aborted) throw new OutboundTimeoutError(request.timeoutMs);
    // undici reports network failures as "fetch failed"; the cause says what happened (ECONNREFUSED, ...).
    throw error instanceof Error && error.cause instanceof Error ? error.cause : error;
  }
}

async function readLimited(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw new Error('The answer was too large');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
