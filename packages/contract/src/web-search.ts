import { z } from 'zod';

/** Web search providers an admin may configure (issue 20). */
export const WebSearchProviderKind = z.enum(['searxng', 'brave', 'tavily']);
export type WebSearchProviderKind = z.infer<typeof WebSearchProviderKind>;

export const WEB_SEARCH_DEFAULT_RESULTS = 5;
export const WEB_SEARCH_MAX_RESULTS = 10;

/** Where Brave and Tavily answer when the admin gives no base URL; SearXNG is self-hosted and needs one. */
export const WEB_SEARCH_DEFAULT_BASE_URLS: Record<WebSearchProviderKind, string | null> = {
  searxng: null,
  brave: 'https://api.search.brave.com',
  tavily: 'https://api.tavily.com',
};

/** GET /api/admin/web-search: the instance's web search settings; the API key itself never leaves the server. */
export const WebSearchSettings = z
  .object({
    /** Off by default: nothing is searched until an admin turns it on. */
    enabled: z.boolean(),
    provider: WebSearchProviderKind,
    /** The provider's address; null means its default (Brave, Tavily). */
    base_url: z.string().nullable(),
    api_key_configured: z.boolean(),
    /** Results fetched and read per search. */
    results: z.number().int().min(1).max(WEB_SEARCH_MAX_RESULTS),
  })
  .meta({ id: 'WebSearchSettings' });
export type WebSearchSettings = z.infer<typeof WebSearchSettings>;

/** PUT /api/admin/web-search. An empty or missing `api_key` keeps the stored one; `clear_api_key` removes it. */
export const WebSearchSettingsUpdate = z
  .object({
    enabled: z.boolean(),
    provider: WebSearchProviderKind,
    base_url: z.string().trim().max(2000).nullable().optional(),
    api_key: z.string().trim().max(500).optional(),
    clear_api_key: z.boolean().optional(),
    results: z.number().int().min(1).max(WEB_SEARCH_MAX_RESULTS).default(WEB_SEARCH_DEFAULT_RESULTS),
  })
  .meta({ id: 'WebSearchSettingsUpdate' });
export type WebSearchSettingsUpdate = z.input<typeof WebSearchSettingsUpdate>;

/** GET /api/web-search/status: whether the composer offers "Search the web". */
export const WebSearchStatus = z.object({ enabled: z.boolean() }).meta({ id: 'WebSearchStatus' });
export type WebSearchStatus = z.infer<typeof WebSearchStatus>;

/** POST /api/admin/web-search/test: one search with the saved settings. */
export const WebSearchTestBody = z.object({ query: z.string().trim().min(1).max(300) });
export type WebSearchTestBody = z.infer<typeof WebSearchTestBody>;

export const WebSearchHit = z.object({ title: z.string(), url: z.string(), snippet: z.string() });
export type WebSearchHit = z.infer<typeof WebSearchHit>;

export const WebSearchTestResult = z
  .object({ ok: z.boolean(), results: z.array(WebSearchHit), error: z.string().nullable() })
  .meta({ id: 'WebSearchTestResult' });
export type WebSearchTestResult = z.infer<typeof WebSearchTestResult>;
