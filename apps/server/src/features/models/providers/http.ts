import type { Response } from 'undici';
import { guardedFetch } from '../../../http/guarded-fetch';
import type { Lookup, SsrfPolicy } from '../../../http/ssrf-guard';
import { type ChatChunk, ProviderError } from '../model-provider';

/** How every provider ends a stream that was stopped: no error, a done chunk saying so. */
export const ABORTED: ChatChunk = { type: 'done', promptTokens: null, completionTokens: null, finishReason: 'aborted' };

/**
 * Model runtimes usually sit on loopback or the LAN (Ollama at 127.0.0.1:11434): private addresses are fine for
 * the origin an admin or the operator configured; metadata, link-local, reserved and multicast never are.
 */
export const PROVIDER_URL_POLICY: SsrfPolicy = { allowPrivate: true };

/**
 * How a provider reaches its runtime. Only the configured origin is trusted with private addresses: a redirect
 * to any other origin is a URL the runtime (or whoever answers in its place) chose, so it gets the policy of
 * user-supplied URLs (public addresses plus the admin's intranet allowlist), checked again at every hop.
 */
export interface ProviderNetwork {
  redirectPolicy: () => Promise<SsrfPolicy>;
  /** How host names resolve (tests give a fake resolver; defaults to the system's). */
  lookup?: Lookup;
}

/** Without the admin's allowlist at hand: redirects elsewhere may reach public addresses only. */
export const PUBLIC_REDIRECTS_ONLY: ProviderNetwork = {
  redirectPolicy: () => Promise.resolve({ allowPrivate: false }),
};

export interface UpstreamRequest {
  /** The provider's network rules (defaults to PUBLIC_REDIRECTS_ONLY). */
  network?: ProviderNetwork;
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's signal (Stop, client gone). */
  signal?: AbortSignal;
  /** Time allowed until the response headers arrive; none when omitted. */
  timeoutMs?: number;
}

/** Joins a base URL (with or without a path or trailing slash) and an absolute API path. */
export const joinUrl = (base: string, apiPath: string): string => `${base.replace(/\/+$/, '')}${apiPath}`;

/**
 * Guarded fetch (see guarded-fetch.ts) with the failures every provider maps the same way: network → unreachable, our abort → aborted,
 * header timeout → timeout, 404 → model_not_found, other non-2xx → upstream_error (with the runtime's own
 * message when it sent one). The returned controller aborts the request and closes the connection.
 */
export async function upstreamFetch(
  name: string,
  url: string,
  request: UpstreamRequest = {},
): Promise<{ response: Response; controller: AbortController }> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) throw new ProviderError('Request aborted', 'aborted');
  request.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = request.timeoutMs
    ? setTimeout(
        () => controller.abort(new ProviderError(`${name} did not answer in time`, 'timeout')),
        request.timeoutMs,
      )
    : undefined;
  try {
    const network = request.network ?? PUBLIC_REDIRECTS_ONLY;
    const { response } = await guardedFetch(
      url,
      {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
      },
      { policy: PROVIDER_URL_POLICY, redirectPolicy: network.redirectPolicy, lookup: network.lookup },
    );
    if (!response.ok) {
      const detail = await errorDetail(response);
      const kind = response.status === 404 ? 'model_not_found' : 'upstream_error';
      throw new ProviderError(
        `${name} answered ${response.status}${detail ? `: ${detail}` : ''}`,
        kind,
        response.status,
      );
    }
    return { response, controller };
  } catch (error) {
    controller.abort();
    throw toProviderError(name, error, request.signal);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

/** upstreamFetch for a chat stream: null when the caller aborted before the answer began. */
export async function openStream(
  name: string,
  url: string,
  request: UpstreamRequest & { signal: AbortSignal },
): Promise<{ response: Response; controller: AbortController } | null> {
  try {
    return await upstreamFetch(name, url, request);
  } catch (error) {
    if (request.signal.aborted) return null;
    throw error;
  }
}

/** Keeps the caller's signal tied to an open stream: aborting it closes the upstream connection. */
export function linkAbort(signal: AbortSignal | undefined, controller: AbortController): () => void {
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  return () => signal?.removeEventListener('abort', onAbort);
}

/**
 * How a provider's chat stream ends on an error: quietly (ABORTED) when the caller stopped it, otherwise as a
 * ProviderError. Shared by every HTTP-backed provider.
 */
export function endFailedStream(name: string, error: unknown, signal: AbortSignal): ChatChunk {
  if (signal.aborted) return ABORTED;
  if (error instanceof ProviderError) throw error;
  throw new ProviderError(`${name} stream failed: ${String(error)}`, 'upstream_error');
}

export function toProviderError(name: string, error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error && reason.name === 'TimeoutError'
      ? new ProviderError(`${name} did not answer in time`, 'timeout')
      : new ProviderError('Request aborted', 'aborted');
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  if (error instanceof Error && error.name === 'AbortError') return new ProviderError('Request aborted', 'aborted');
  const reason = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new ProviderError(`Cannot reach ${name}: ${reason}`, 'unreachable');
}

async function errorDetail(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 500);
  try {
    const parsed = JSON.parse(text) as { error?: string | { message?: string } };
    if (typeof parsed.error === 'string') return parsed.error;
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim();
}

/**
 * Splits a byte stream into lines: Ollama's NDJSON (server-sent events go through lib/sse-reader.ts). A
 * connection that drops mid-stream throws.
 */
export async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      yield buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  }
  buffer += decoder.decode();
  if (buffer) yield buffer;
}

export async function readJson<T>(name: string, response: Response): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new ProviderError(`${name} sent an unreadable answer: ${String(error)}`, 'upstream_error');
  }
}
