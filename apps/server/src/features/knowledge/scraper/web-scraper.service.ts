import { SCRAPE_MAX_PAGES, type ScrapeResponse } from '@hearth/contract';
import { AppError } from '../../../http/errors';
import { type Lookup, resolveOutbound, type SsrfPolicy, systemLookup } from '../../../http/ssrf-guard';
import type { KnowledgeService } from '../knowledge.service';
import { type FetchedText, FetchFailure, type FetchLimits, fetchText, SCRAPE_LIMITS, toUtf8 } from './page-fetcher';
import { pageTitle, scrapedFileName } from './page-document';
import { ALLOW_ALL } from './robots';
import { loadRobots, pageKey, sitemapPages } from './site-plan';
import type { AuditContext } from '../../audit';

export interface ScrapeRequest {
  url: string;
  collectionId: string;
  respectRobots: boolean;
  followSitemap: boolean;
}

export interface WebScraperOptions {
  /** The guard policy for user URLs, read per scrape (the admin allowlist can change). */
  policy: () => Promise<SsrfPolicy>;
  lookup?: Lookup;
  limits?: FetchLimits;
  /** Pages fetched at once while following a sitemap. */
  concurrency?: number;
  /** Wall-clock budget for a whole scrape; pages not reached by then are reported as skipped. */
  budgetMs?: number;
}

type Skipped = ScrapeResponse['skipped'][number];

const failureError = (url: string, failure: FetchFailure): AppError => {
  const message = `Could not scrape ${url}: ${failure.message}`;
  if (failure.kind === 'refused') return new AppError('url_not_allowed', 400, failure.message);
  if (failure.kind === 'type') return new AppError('unsupported_file', 415, message);
  if (failure.kind === 'too_large') return new AppError('payload_too_large', 413, message);
  return new AppError('upstream_error', failure.kind === 'timeout' ? 504 : 502, message);
};

/** Web pages into knowledge documents: the start page, and optionally its same-origin sitemap pages (≤ 50). */
export class WebScraper {
  constructor(
    private readonly knowledge: KnowledgeService,
    private readonly options: WebScraperOptions,
  ) {}

  async scrape(userId: string, request: ScrapeRequest, context: AuditContext): Promise<ScrapeResponse> {
    await this.knowledge.getCollection(userId, request.collectionId); // 404 before any outbound request
    const policy = await this.options.policy();
    const lookup = this.options.lookup ?? systemLookup;
    const { url: start } = await resolveOutbound(request.url, policy, lookup); // 400 for refused addresses
    const deadline = AbortSignal.timeout(this.options.budgetMs ?? 120_000);
    const fetchOptions = { policy, lookup, limits: this.options.limits ?? SCRAPE_LIMITS, signal: deadline };
    const robots = request.respectRobots ? await loadRobots(start.origin, fetchOptions) : ALLOW_ALL;
    const allowed = (url: URL) => robots.isAllowed(`${url.pathname}${url.search}`);
    const skipped: Skipped[] = [];
    let created = 0;

    const store = async (page: URL, fetched: FetchedText): Promise<void> => {
      const data = toUtf8(fetched);
      const title = fetched.mediaType === 'text/plain' ? null : pageTitle(data.toString('utf8'));
      const metadata = { originalUrl: page.href, title, scrapedAt: new Date().toISOString() };
      try {
        await this.knowledge.upload(
          userId,
          request.collectionId,
          scrapedFileName(page, title, fetched.mediaType),
          data,
          context,
          metadata,
        );
        created += 1;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        skipped.push({ url: page.href, reason: error.message });
      }
    };

    if (!allowed(start)) {
      skipped.push({ url: start.href, reason: robots.refusal });
    } else {
      const fetched = await fetchText(start, 'page', fetchOptions).catch((error: unknown) => {
        throw isFailure(error) ? failureError(start.href, error) : error;
      });
      await store(start, fetched);
    }

    if (request.followSitemap) {
      const seen = new Set([pageKey(start)]);
      const candidates = (await sitemapPages(start, robots, fetchOptions)).filter((url) => {
        const fresh = !seen.has(pageKey(url));
        seen.add(pageKey(url));
        return fresh;
      });
      await this.crawl(candidates, {
        allowed,
        refusal: robots.refusal,
        skipped,
        fetchOptions,
        store,
        created: () => created,
      });
    }

    return { message: summary(created, skipped.length), documentsCreated: created, skipped };
  }

  private async crawl(
    candidates: URL[],
    run: {
      allowed: (url: URL) => boolean;
      refusal: string;
      skipped: Skipped[];
      fetchOptions: Parameters<typeof fetchText>[2];
      store: (page: URL, fetched: FetchedText) => Promise<void>;
      created: () => number;
    },
  ): Promise<void> {
    const queue = [...candidates];
    let inFlight = 0;
    const worker = async () => {
      for (;;) {
        if (run.created() + inFlight >= SCRAPE_MAX_PAGES) return;
        const page = queue.shift();
        if (!page) return;
        if (run.fetchOptions.signal?.aborted) {
          run.skipped.push({ url: page.href, reason: 'The scrape ran out of time before this page' });
          continue;
        }
        if (!run.allowed(page)) {
          run.skipped.push({ url: page.href, reason: run.refusal });
          continue;
        }
        inFlight += 1;
        try {
          await run.store(page, await fetchText(page, 'page', run.fetchOptions));
        } catch (error) {
          if (!isFailure(error)) throw error;
          run.skipped.push({ url: page.href, reason: error.message });
        } finally {
          inFlight -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency ?? 4 }, worker));
  }
}

const isFailure = (error: unknown): error is FetchFailure => error instanceof FetchFailure;

function summary(created: number, skipped: number): string {
  const pages = `${created} ${created === 1 ? 'page' : 'pages'}`;
  if (created === 0) return skipped ? `No pages were imported (${skipped} skipped).` : 'No pages were imported.';
  return skipped ? `Imported ${pages} (${skipped} skipped).` : `Imported ${pages}.`;
}
