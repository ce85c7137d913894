import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { InstanceSettingsRepository } from '../admin-settings';
import type { AuditService } from '../audit';
import { webSearchRoutes } from './web-search.routes';
import { WebSearchService } from './web-search.service';
import { WebSearchSettingsService } from './web-search-settings.service';

export interface WebSearchDependencies {
  db: Db;
  secret: string;
  uow: UnitOfWork;
  audit: AuditService;
  /** Result pages get the policy of user-supplied URLs: public addresses plus the admin's intranet allowlist. */
  pagePolicy: () => Promise<SsrfPolicy>;
  timeoutMs: number;
  log?: { warn(details: object, message: string): void };
  lookup?: Lookup;
}

/** Web search (issue 20): admin settings, the provider clients, and the hook chat answers search through. */
export function buildWebSearchFeature(dependencies: WebSearchDependencies) {
  const { db, uow, audit, lookup } = dependencies;
  const settings = new WebSearchSettingsService(
    new InstanceSettingsRepository(db.kysely),
    new SecretBox(dependencies.secret, 'web-search'),
    uow,
    audit,
    lookup,
  );
  const service = new WebSearchService(settings, uow, audit, {
    pagePolicy: dependencies.pagePolicy,
    timeoutMs: dependencies.timeoutMs,
    lookup,
    log: dependencies.log,
  });
  return { settings, service };
}

export type WebSearchFeature = ReturnType<typeof buildWebSearchFeature>;

export async function registerWebSearchRoutes(server: FastifyInstance, feature: WebSearchFeature): Promise<void> {
  await server.register(webSearchRoutes, { webSearchSettings: feature.settings, webSearch: feature.service });
}
