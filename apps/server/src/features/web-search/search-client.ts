import type { WebSearchHit } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { guardedFetch } from '../../http/guarded-fetch';
import type { Lookup } from '../../http/ssrf-guard';
import { parseResults, type ProviderConfig, providerError, searchRequest } from './search-providers';
import { PROVIDER_POLICY } from './web-search-settings.service';

/** A provider's answer is a page of JSON; anything larger is not one. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** Why a search gave nothing, worded for the admin (Test search) and the logs. */
export class SearchFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchFailure';
  }
}

/**
 * One query to the configured provider, through the guarded fetch: the provider's address passes the SSRF guard
 * when the connection is made, and redirects are not followed (Tavily's key travels in the body, and a redirect
 * elsewhere would carry it along).
 */
export async function runSearch(
  provider: ProviderConfig,
  query: string,
  count: number,
  options: { timeoutMs: number; signal?: AbortSignal; lookup?: Lookup },
): Promise<WebSearchHit[]> {
  const request = searchRequest(provider, query, count);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let status: number;
  let text: string;
  try {
    const { response } = await guardedFetch(
      request.url,
      {
        method: request.method,
        headers: {
          'user-agent': 'Hearth',
          ...request.headers,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
      },
      { policy: PROVIDER_POLICY, maxRedirects: 0, lookup: options.lookup },
    );
    status = response.status;
    text = await readLimited(response.body);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted)
      throw new SearchFailure(`The search provider did not answer within ${options.timeoutMs / 1000} s.`);
    if (error instanceof AppError || error instanceof SearchFailure) throw new SearchFailure(error.message);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = (cause as NodeJS.ErrnoException | null)?.code;
    throw new SearchFailure(`The search provider could not be reached (${code ?? String(cause)}).`);
  }
  const body = parseJson(text);
  if (status < 200 || status > 299) {
    const detail = providerError(body);
    throw new SearchFailure(`The search provider answered HTTP ${status}${detail ? `: ${detail}` : ''}.`);
  }
  if (body === undefined) throw new SearchFailure('The search provider did not answer with JSON.');
  return parseResults(provider.kind, body).slice(0, count);
}

async function readLimited(body: AsyncIterable<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw new SearchFailure('The search provider sent too large an answer.');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
