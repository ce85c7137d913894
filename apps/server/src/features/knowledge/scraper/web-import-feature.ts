import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import { RateLimitRepository } from '../../accounts/rate-limit.repository';
import { RateLimiter } from '../../accounts/rate-limiter';
import { NetworkSettingsRepository } from '../../admin/network-settings.repository';
import { networkSettingsRoutes } from '../../admin/network-settings.routes';
import { NetworkSettingsService } from '../../admin/network-settings.service';
import type { AuditService } from '../../audit/audit.service';
import type { ModelRegistry } from '../../models/model-provider';
import { documentAnalysisRoutes } from '../document-analysis.routes';
import { DocumentAnalysisService } from '../document-analysis.service';
import type { KnowledgeService } from '../knowledge.service';
import { scrapeRoutes } from './scrape.routes';
import { WebScraper } from './web-scraper.service';

export interface WebImportDependencies {
  db: Db;
  knowledgeService: KnowledgeService;
  registry: ModelRegistry;
  uow: UnitOfWork;
  audit: AuditService;
}

/**
 * Wires the web scraper (POST /api/knowledge/scrape), the intranet allowlist it obeys
 * (GET/PUT /api/admin/settings/network) and document analysis (POST /api/documents/analyze). Called from app.ts.
 */
export async function registerWebImportRoutes(server: FastifyInstance, deps: WebImportDependencies): Promise<void> {
  const networkSettings = new NetworkSettingsService(
    new NetworkSettingsRepository(deps.db.kysely),
    deps.uow,
    deps.audit,
  );
  const scraper = new WebScraper(deps.knowledgeService, {
    policy: () => networkSettings.userUrlPolicy(),
  });
  const limiter = new RateLimiter(new RateLimitRepository(deps.db.kysely));
  await server.register(networkSettingsRoutes, { networkSettings });
  await server.register(scrapeRoutes, { scraper, limiter });
  await server.register(documentAnalysisRoutes, { analysis: new DocumentAnalysisService(deps.registry) });
}
