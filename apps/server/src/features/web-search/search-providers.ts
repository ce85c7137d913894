import type { WebSearchHit, WebSearchProviderKind } from '@hearth/contract';

/** One search request as the provider expects it on the wire. */
export interface ProviderRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON body (Tavily). */
  body?: unknown;
}

export interface ProviderConfig {
  kind: WebSearchProviderKind;
  baseUrl: string;
  apiKey: string | null;
}

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** The request for one query (the documented endpoint of each provider). */
export function searchRequest(config: ProviderConfig, query: string, count: number): ProviderRequest {
  const accept = { accept: 'application/json' };
  if (config.kind === 'searxng') {
    const params = new URLSearchParams({ q: query, format: 'json' });
    // A SearXNG instance may sit behind a key-checking proxy; send the key as a bearer token when one is set.
    const auth: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
    return { url: `${join(config.baseUrl, '/search')}?${params}`, method: 'GET', headers: { ...accept, ...auth } };
  }
  if (config.kind === 'brave') {
    const params = new URLSearchParams({ q: query, count: String(count) });
    return {
      url: `${join(config.baseUrl, '/res/v1/web/search')}?${params}`,
      method: 'GET',
      headers: { ...accept, 'x-subscription-token': config.apiKey ?? '' },
    };
  }
  return {
    url: join(config.baseUrl, '/search'),
    method: 'POST',
    headers: accept,
    body: { api_key: config.apiKey ?? '', query, max_results: count, search_depth: 'basic' },
  };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Brave marks matches with <strong>; entities as in HTML. The snippet is shown and given to the model as text. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, entity: string) => ENTITIES[entity] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** Only http(s) addresses become sources: anything else is dropped here, before it is fetched or shown. */
function hit(title: unknown, url: unknown, snippet: unknown): WebSearchHit | null {
  const address = text(url);
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return {
    title: plainText(text(title)).slice(0, 300) || parsed.host,
    url: parsed.href,
    snippet: plainText(text(snippet)).slice(0, 1000),
  };
}

/** The hits of a provider's JSON answer, in the provider's order, each address once. */
export function parseResults(kind: WebSearchProviderKind, body: unknown): WebSearchHit[] {
  const root = record(body);
  const raw =
    kind === 'brave'
      ? list(record(root.web).results).map((item) => [record(item).title, record(item).url, record(item).description])
      : list(root.results).map((item) => [record(item).title, record(item).url, record(item).content]);
  const seen = new Set<string>();
  const hits: WebSearchHit[] = [];
  for (const [title, url, snippet] of raw) {
    const parsed = hit(title, url, snippet);
    if (!parsed || seen.has(parsed.url)) continue;
    seen.add(parsed.url);
    hits.push(parsed);
  }
  return hits;
}

/** The provider's own words when it refused (Brave and Tavily send JSON errors, SearXNG HTML). */
export function providerError(body: unknown): string | null {
  const root = record(body);
  const nested = record(root.error);
  const message =
    text(root.detail) || text(nested.detail) || text(nested.message) || text(root.message) || text(root.error);
  if (message) return message.slice(0, 300);
  const detail = record(root.detail);
  return text(detail.error).slice(0, 300) || null;
}
