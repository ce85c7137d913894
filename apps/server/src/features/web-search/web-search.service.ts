import type { UsedDocument, WebSearchHit, WebSearchStatus, WebSearchTestResult } from '@hearth/contract';
import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import { runSearch, SearchFailure } from './search-client';
import type { ActiveSearch, WebSearchSettingsService } from './web-search-settings.service';
import { webSources } from './web-pages';

/** What one answer got from the web: the queries sent, and the results read as sources. */
export interface WebContext {
  queries: string[];
  documents: UsedDocument[];
  /** The search was asked for but failed: the answer must not pretend it searched. */
  failed: boolean;
}

export interface WebSearchOptions {
  /** The guard policy for result pages: public addresses plus the admin's intranet allowlist (read per search). */
  pagePolicy: () => Promise<SsrfPolicy>;
  /** How long the provider may take to answer. */
  timeoutMs: number;
  lookup?: Lookup;
  log?: { warn(details: object, message: string): void };
}

/** A question as a search query: one line, at most 300 characters (a pasted page is not a query). */
export const queryOf = (question: string): string => question.replace(/\s+/g, ' ').trim().slice(0, 300);

/**
 * Web search for answers (issue 20): the configured provider is asked, every query is audited (it leaves the
 * instance), and the result pages are read through the guarded fetcher into cited sources.
 */
export class WebSearchService {
  constructor(
    private readonly settings: WebSearchSettingsService,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly options: WebSearchOptions,
  ) {}

  async status(): Promise<WebSearchStatus> {
    return { enabled: (await this.settings.active()) !== null };
  }

  /** Test search (admins): one query with the saved settings; the answer says what came back or why nothing did. */
  async test(actorId: string, query: string, context: AuditContext): Promise<WebSearchTestResult> {
    const active = await this.settings.active();
    if (!active) return { ok: false, results: [], error: 'Web search is off or not fully configured.' };
    try {
      return { ok: true, results: await this.search(actorId, active, query, context), error: null };
    } catch (error) {
      if (error instanceof SearchFailure) return { ok: false, results: [], error: error.message };
      throw error;
    }
  }

  /**
   * The web context of one answer, or null when web search is not configured (then nothing is searched and
   * nothing is claimed). Failures other than Stop end as `failed`, never as a broken answer.
   */
  async forQuestion(input: { userId: string; question: string; signal: AbortSignal }): Promise<WebContext | null> {
    const active = await this.settings.active();
    if (!active) return null;
    const query = queryOf(input.question);
    if (!query) return null;
    const context: AuditContext = { actorId: input.userId, ip: null, userAgent: null };
    try {
      const hits = await this.search(input.userId, active, query, context, input.signal);
      const policy = await this.options.pagePolicy();
      const documents = await webSources(hits, input.question, {
        policy,
        lookup: this.options.lookup,
        signal: input.signal,
      });
      return { queries: [query], documents, failed: false };
    } catch (error) {
      if (input.signal.aborted) throw error;
      this.options.log?.warn({ err: error }, 'web search failed; answering without it');
      return { queries: [], documents: [], failed: true };
    }
  }

  /** One query to the provider, audited with its outcome in its own transaction. */
  private async search(
    userId: string,
    active: ActiveSearch,
    query: string,
    context: AuditContext,
    signal?: AbortSignal,
  ): Promise<WebSearchHit[]> {
    let hits: WebSearchHit[] = [];
    let failure: string | null = null;
    try {
      hits = await runSearch(active.provider, query, active.results, {
        timeoutMs: this.options.timeoutMs,
        signal,
        lookup: this.options.lookup,
      });
      return hits;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      const details = {
        query,
        provider: active.provider.kind,
        results: hits.length,
        ...(failure ? { error: failure } : {}),
      };
      await this.uow.run((tx) =>
        this.audit.record(tx, { userId, action: 'CREATE', resourceType: 'web_search', details }, context),
      );
    }
  }
}
