import {
  WEB_SEARCH_DEFAULT_BASE_URLS,
  WEB_SEARCH_DEFAULT_RESULTS,
  WEB_SEARCH_MAX_RESULTS,
  WebSearchProviderKind,
  type WebSearchSettings,
  type WebSearchSettingsUpdate,
} from '@hearth/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { checkOutboundUrl, type Lookup, type SsrfPolicy } from '../../http/ssrf-guard';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { InstanceSettingsRepository } from '../admin-settings';
import type { AuditContext, AuditService } from '../audit';
import type { ProviderConfig } from './search-providers';

const KEY = 'web_search_settings';

/**
 * The provider's own address is one an admin typed, like a model runtime's (a SearXNG usually runs on the LAN):
 * private addresses are fine for it; metadata, link-local, multicast and reserved ones never are.
 */
export const PROVIDER_POLICY: SsrfPolicy = { allowPrivate: true };

/** What is stored: the key sealed at rest (SecretBox), never in the clear. */
const Stored = z.object({
  enabled: z.boolean().default(false),
  provider: WebSearchProviderKind.default('searxng'),
  base_url: z.string().nullable().default(null),
  api_key_sealed: z.string().nullable().default(null),
  results: z.number().int().min(1).max(WEB_SEARCH_MAX_RESULTS).default(WEB_SEARCH_DEFAULT_RESULTS),
});
type Stored = z.infer<typeof Stored>;

/** The settings a search runs with: a provider that can answer, and how many results to read. */
export interface ActiveSearch {
  provider: ProviderConfig;
  results: number;
}

/** Web search settings (issue 20): instance-wide, off by default, read from the database on each use. */
export class WebSearchSettingsService {
  constructor(
    private readonly repository: InstanceSettingsRepository,
    private readonly secrets: SecretBox,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly lookup?: Lookup,
  ) {}

  private async stored(): Promise<Stored> {
    const parsed = Stored.safeParse((await this.repository.getJson(KEY)) ?? {});
    return parsed.success ? parsed.data : Stored.parse({});
  }

  /** The key, or null when there is none or it no longer opens (SECRET changed). */
  private open(sealed: string | null): string | null {
    if (!sealed) return null;
    try {
      return this.secrets.open(sealed);
    } catch {
      return null;
    }
  }

  async get(): Promise<WebSearchSettings> {
    const stored = await this.stored();
    return {
      enabled: stored.enabled,
      provider: stored.provider,
      base_url: stored.base_url,
      api_key_configured: this.open(stored.api_key_sealed) !== null,
      results: stored.results,
    };
  }

  /** Whether chats may search the web now: turned on, and the provider has what it needs. */
  async active(): Promise<ActiveSearch | null> {
    const stored = await this.stored();
    if (!stored.enabled) return null;
    const baseUrl = stored.base_url ?? WEB_SEARCH_DEFAULT_BASE_URLS[stored.provider];
    const apiKey = this.open(stored.api_key_sealed);
    if (!baseUrl || (stored.provider !== 'searxng' && !apiKey)) return null;
    return { provider: { kind: stored.provider, baseUrl, apiKey }, results: stored.results };
  }

  async update(actorId: string, body: WebSearchSettingsUpdate, context: AuditContext): Promise<WebSearchSettings> {
    const current = await this.stored();
    const baseUrl = body.base_url?.trim() ? await this.checkedBaseUrl(body.base_url) : null;
    const newKey = body.api_key?.trim();
    const sealed = body.clear_api_key ? null : newKey ? this.secrets.seal(newKey) : current.api_key_sealed;
    const next: Stored = {
      enabled: body.enabled,
      provider: body.provider,
      base_url: baseUrl,
      api_key_sealed: sealed,
      results: body.results ?? WEB_SEARCH_DEFAULT_RESULTS,
    };
    if (next.enabled) {
      if (!baseUrl && !WEB_SEARCH_DEFAULT_BASE_URLS[next.provider]) {
        throw AppError.badRequest('SearXNG needs the address of your instance.', { field: 'base_url' });
      }
      if (next.provider !== 'searxng' && !this.open(sealed)) {
        throw AppError.badRequest('This provider needs an API key.', { field: 'api_key' });
      }
    }
    await this.uow.run(async (tx) => {
      await this.repository.setJson(KEY, next, tx);
      // The key itself never goes into the log; only whether there is one.
      const details = {
        enabled: next.enabled,
        provider: next.provider,
        base_url: next.base_url,
        has_api_key: next.api_key_sealed !== null,
        results: next.results,
      };
      await this.audit.record(
        tx,
        { userId: actorId, action: 'UPDATE', resourceType: 'web_search_settings', details },
        context,
      );
    });
    return this.get();
  }

  private async checkedBaseUrl(raw: string): Promise<string> {
    const url = await checkOutboundUrl(raw, PROVIDER_POLICY, this.lookup);
    if (url.search || url.hash) throw AppError.badRequest('The address must not have a query or fragment.');
    return url.href.replace(/\/+$/, '');
  }
}
