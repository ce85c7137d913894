import { AppError } from '../../../http/errors';
import { type GuardedResponse, guardedGet, TooManyRedirectsError } from '../../../http/guarded-get';
import type { Lookup, SsrfPolicy } from '../../../http/ssrf-guard';

export interface FetchLimits {
  /** Whole request, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const SCRAPE_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

export type FetchKind = 'page' | 'sitemap' | 'robots';

const ACCEPTED: Record<FetchKind, ReadonlySet<string>> = {
  page: new Set(['text/html', 'application/xhtml+xml', 'text/plain']),
  sitemap: new Set(['application/xml', 'text/xml', 'text/plain']),
  robots: new Set(['text/plain']),
};
const ACCEPT_HEADER: Record<FetchKind, string> = {
  page: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8',
  sitemap: 'application/xml,text/xml;q=0.9,text/plain;q=0.5',
  robots: 'text/plain',
};

export type FailureKind = 'refused' | 'unreachable' | 'status' | 'type' | 'too_large' | 'timeout';

/** A fetch that did not give usable text; `message` is fit to show to the user. */
export class FetchFailure extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchFailure';
  }
}

export interface FetchedText {
  /** Where the content came from after redirects. */
  url: URL;
  mediaType: string;
  charset: string | null;
  data: Buffer;
}

export interface FetchOptions {
  policy: SsrfPolicy;
  lookup?: Lookup;
  limits: FetchLimits;
  signal?: AbortSignal;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** GET through the SSRF guard with time, size and content-type limits; the body comes back whole. */
export async function fetchText(target: string | URL, kind: FetchKind, options: FetchOptions): Promise<FetchedText> {
  const { limits } = options;
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const timedOut = () =>
    new FetchFailure(`The site did not answer within ${Math.round(limits.timeoutMs / 1000)} seconds.`, 'timeout');
  let response: GuardedResponse;
  let url: URL;
  try {
    ({ response, url } = await guardedGet(target, {
      policy: options.policy,
      lookup: options.lookup,
      maxRedirects: limits.maxRedirects,
      signal,
      idleTimeoutMs: limits.timeoutMs,
      headers: { accept: ACCEPT_HEADER[kind], 'accept-encoding': 'identity' },
    }));
  } catch (error) {
    if (error instanceof AppError) throw new FetchFailure(error.message, 'refused');
    if (error instanceof TooManyRedirectsError) {
      throw new FetchFailure(`The site redirected more than ${limits.maxRedirects} times.`, 'unreachable');
    }
    if (timeout.aborted) throw timedOut();
    throw new FetchFailure(`The site could not be reached (${describe(error)}).`, 'unreachable');
  }
  try {
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) throw new FetchFailure(`The site answered HTTP ${status}.`, 'status', status);
    const [mediaType = '', ...params] = (response.headers['content-type'] ?? '').split(';').map((p) => p.trim());
    const type = mediaType.toLowerCase();
    if (!ACCEPTED[kind].has(type)) {
      throw new FetchFailure(`Unsupported content type ${type || '(none)'}: only web pages and text.`, 'type');
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
    const data = await readLimited(response, limits.maxBytes, signal);
    const charset =
      params
        .find((p) => /^charset=/i.test(p))
        ?.replace(/^charset=/i, '')
        .replace(/"/g, '') ?? null;
    return { url, mediaType: type, charset, data };
  } catch (error) {
    response.destroy();
    if (error instanceof FetchFailure) throw error;
    if (timeout.aborted) throw timedOut();
    throw new FetchFailure(`The connection failed while reading the page (${describe(error)}).`, 'unreachable');
  }
}

const tooLarge = (max: number) => new FetchFailure(`The page is larger than ${mb(max)}.`, 'too_large');

async function readLimited(response: GuardedResponse, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => response.destroy(new Error('aborted'));
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(buffer);
    }
    if (signal.aborted) throw new Error('aborted');
    return Buffer.concat(chunks);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET') return 'connection reset';
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

/** The body as UTF-8 (what the extractors read), converted from the declared charset when it differs. */
export function toUtf8(fetched: FetchedText): Buffer {
  const charset = fetched.charset?.toLowerCase();
  if (!charset || charset === 'utf-8' || charset === 'utf8' || charset === 'us-ascii') return fetched.data;
  try {
    return Buffer.from(new TextDecoder(charset).decode(fetched.data), 'utf8');
  } catch {
    return fetched.data;
  }
}
