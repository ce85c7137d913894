import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../accounts/rate-limiter';
import type { NetworkSettingsService } from '../../admin/network-settings.service';
import type { ScopedModelRegistry } from '../../models/model-provider';
import { documentAnalysisRoutes } from '../document-analysis.routes';
import { DocumentAnalysisService } from '../document-analysis.service';
import type { KnowledgeService } from '../knowledge.service';
import { scrapeRoutes } from './scrape.routes';
import { WebScraper } from './web-scraper.service';

export interface WebImportDependencies {
  knowledgeService: KnowledgeService;
  registry: ScopedModelRegistry;
  /** The intranet allowlist the scraper obeys (the instance's one NetworkSettingsService). */
  networkSettings: NetworkSettingsService;
  limiter: RateLimiter;
}

export interface WebImportFeature {
  scraper: WebScraper;
  limiter: RateLimiter;
  analysis: DocumentAnalysisService;
}

/** Builds the web scraper (POST /api/knowledge/scrape) and document analysis (POST /api/documents/analyze). */
export function buildWebImport(deps: WebImportDependencies): WebImportFeature {
  return {
    scraper: new WebScraper(deps.knowledgeService, { policy: () => deps.networkSettings.userUrlPolicy() }),
    limiter: deps.limiter,
    analysis: new DocumentAnalysisService(deps.registry),
  };
}

export async function registerWebImportRoutes(server: FastifyInstance, feature: WebImportFeature): Promise<void> {
  await server.register(scrapeRoutes, { scraper: feature.scraper, limiter: feature.limiter });
  await server.register(documentAnalysisRoutes, { analysis: feature.analysis });
}
