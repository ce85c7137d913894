import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import type { JobQueue } from '../../../jobs/job-queue';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AdminSettingsService } from '../../admin-settings/admin-settings.service';
import { InstanceSettingsRepository } from '../../admin-settings/instance-settings.repository';
import type { AuditService } from '../../audit/audit.service';
import type { ModelRegistry } from '../../models/model-provider';
import type { DocPageService } from '../doc-page.service';
import type { ShippedDocs } from '../shipped-docs';
import { DocChangeRepository } from './doc-change.repository';
import { DocChangeService } from './doc-change.service';
import { DocDraftJobs } from './doc-draft.job';
import { DocUpdateDecisionService } from './doc-update-decision.service';
import { DocUpdateGenerator } from './doc-update-generator';
import { DocUpdateRepository } from './doc-update.repository';
import { DocUpdateService } from './doc-update.service';
import { maintenanceRoutes } from './maintenance.routes';
import { MaintenanceSettingsService } from './maintenance-settings.service';

export interface MaintenanceFeature {
  settings: MaintenanceSettingsService;
  changes: DocChangeService;
  updates: DocUpdateService;
  decisions: DocUpdateDecisionService;
  /** Drafting as jobs on the one queue. */
  drafts: DocDraftJobs;
}

export interface MaintenanceDeps {
  config: Config;
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  registry: ModelRegistry;
  adminSettings: AdminSettingsService;
  shipped: ShippedDocs;
  pages: DocPageService;
  jobs: JobQueue;
}

/** Wires documentation maintenance (called from docs-feature.ts). */
export function buildMaintenanceFeature(deps: MaintenanceDeps): MaintenanceFeature {
  const changeRepository = new DocChangeRepository(deps.db.kysely);
  const updateRepository = new DocUpdateRepository(deps.db.kysely);
  const settings = new MaintenanceSettingsService(
    new InstanceSettingsRepository(deps.db.kysely),
    deps.adminSettings,
    deps.registry,
    deps.uow,
    deps.audit,
  );
  const generator = new DocUpdateGenerator(
    deps.registry,
    async () => settings.effectiveModel(await settings.stored()),
    deps.config.DOCS_UPDATE_TIMEOUT_MS,
  );
  const updates = new DocUpdateService(updateRepository, changeRepository, deps.pages, generator, deps.uow, deps.audit);
  return {
    settings,
    changes: new DocChangeService(changeRepository, settings, deps.shipped, deps.uow, deps.audit),
    updates,
    drafts: new DocDraftJobs(deps.jobs, updates, deps.uow),
    decisions: new DocUpdateDecisionService(updateRepository, deps.pages, deps.uow, deps.audit),
  };
}

export async function registerMaintenanceRoutes(server: FastifyInstance, feature: MaintenanceFeature): Promise<void> {
  await server.register(maintenanceRoutes, feature);
}
