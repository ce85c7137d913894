import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AdminSettingsService } from '../admin-settings/admin-settings.service';
import type { AuditService } from '../audit/audit.service';
import type { ModelFeature } from '../models/model-feature';
import { DocPageRepository } from './doc-page.repository';
import { docPageRoutes } from './doc-page.routes';
import { DocPageService } from './doc-page.service';
import { ShippedDocs } from './shipped-docs';
import {
  buildMaintenanceFeature,
  type MaintenanceFeature,
  registerMaintenanceRoutes,
} from './maintenance/maintenance-feature';

export interface DocsFeature {
  shipped: ShippedDocs;
  pages: DocPageService;
  maintenance: MaintenanceFeature;
}

export interface DocsFeatureDeps {
  config: Config;
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  models: ModelFeature;
  adminSettings: AdminSettingsService;
  /** Documentation drafts run on it. */
  jobs: JobQueue;
}

/** Wires the documentation pages and their maintenance (called from app.ts). */
export function buildDocsFeature(deps: DocsFeatureDeps): DocsFeature {
  const { config, db, uow, audit, models, adminSettings, jobs } = deps;
  const shipped = ShippedDocs.load(config.DOCS_CONTENT_DIR);
  const pages = new DocPageService(shipped, new DocPageRepository(db.kysely), uow, audit);
  const maintenance = buildMaintenanceFeature({
    config,
    db,
    uow,
    audit,
    registry: models.registry,
    adminSettings,
    shipped,
    pages,
    jobs,
  });
  return { shipped, pages, maintenance };
}

export async function registerDocsRoutes(server: FastifyInstance, feature: DocsFeature): Promise<void> {
  await server.register(docPageRoutes, { pages: feature.pages });
  await registerMaintenanceRoutes(server, feature.maintenance);
}
