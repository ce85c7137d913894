import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditService } from '../audit';
import { QuotaService } from './quota.service';
import { UsageRepository } from './usage.repository';
import { usageRoutes } from './usage.routes';
import { UsageService } from './usage.service';

interface Logger {
  error(details: object, message: string): void;
}

/** Usage accounting and quotas (issue 19): chat admits and meters every answer through `usageService`. */
export function buildUsageFeature(db: Db, uow: UnitOfWork, audit: AuditService, log: Logger) {
  const repository = new UsageRepository(db.kysely);
  const quotaService = new QuotaService(repository, uow, audit);
  return { quotaService, usageService: new UsageService(repository, quotaService, log) };
}

export type UsageFeature = ReturnType<typeof buildUsageFeature>;

export async function registerUsageRoutes(server: FastifyInstance, usage: UsageFeature): Promise<void> {
  await server.register(usageRoutes, usage);
}
