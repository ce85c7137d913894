import http from 'node:http';
import https from 'node:https';
import { type Lookup, pinnedLookup, resolveOutbound, type SsrfPolicy, systemLookup } from '../../http/ssrf-guard';

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
 * One JSON request to a URL an admin configured (GitHub API base, deployment webhook). The address passes the
 * SSRF guard first and the connection goes to exactly the checked addresses; redirects are not followed.
 */
export async function outboundJson(request: OutboundRequest): Promise<OutboundResponse> {
  const { url, addresses } = await resolveOutbound(request.url, request.policy, request.lookup ?? systemLookup);
  const client = url.protocol === 'https:' ? https : http;
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers: Record<string, string> = { 'user-agent': 'Hearth', accept: 'application/json', ...request.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const signal = AbortSignal.timeout(request.timeoutMs);
  return new Promise<OutboundResponse>((resolve, reject) => {
    const outgoing = client.request(url, { method: request.method, headers, lookup: pinnedLookup(addresses), signal });
    outgoing.on('error', (error) => reject(signal.aborted ? new OutboundTimeoutError(request.timeoutMs) : error));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          response.destroy(new Error('The answer was too large'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (error) => reject(signal.aborted ? new OutboundTimeoutError(request.timeoutMs) : error));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: parseBody(text), text });
      });
    });
    outgoing.end(payload);
  });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
