import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { PasswordConfirmation } from '../accounts';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { UserRepository } from '../accounts/user.repository';
import { auditRoutes } from '../audit/audit.routes';
import type { AuditService } from '../audit/audit.service';
import { AccountPurgeRepository } from './account-purge.repository';
import { AccountPurgeService } from './account-purge.service';
import { ExportRepository } from './export.repository';
import { ExportService } from './export.service';
import { PreferencesRepository } from './preferences.repository';
import { privacyRoutes } from './privacy.routes';
import { PrivacyService } from './privacy.service';
import { RetentionRepository } from './retention.repository';
import { RetentionService, retentionJob } from './retention.service';

export interface PrivacyFeature {
  audit: AuditService;
  privacyService: PrivacyService;
  exportService: ExportService;
  purgeService: AccountPurgeService;
  retention: RetentionService;
}

export interface PrivacyDependencies {
  db: Db;
  blobs: BlobStore;
  users: UserRepository;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  uow: UnitOfWork;
  audit: AuditService;
  /** Deleting one's own account re-checks the password within the per-account allowance. */
  passwordConfirmation: PasswordConfirmation;
  /** The retention pass is registered on it: at start-up and daily, once across replicas. */
  jobs: JobQueue;
}

/** Wires the audit log, privacy settings, export, account deletion and retention (called from wiring/services.ts). */
export function buildPrivacyFeature({
  db,
  blobs,
  users,
  hasher,
  log,
  uow,
  audit,
  jobs,
  passwordConfirmation,
}: PrivacyDependencies): PrivacyFeature {
  const preferences = new PreferencesRepository(db.kysely);
  const retention = new RetentionService(new RetentionRepository(db.kysely), preferences, blobs, uow, audit);
  jobs.register(retentionJob(retention, log));
  return {
    audit,
    privacyService: new PrivacyService(preferences, uow, audit),
    exportService: new ExportService(new ExportRepository(db.kysely), preferences, uow, audit),
    purgeService: new AccountPurgeService(
      new AccountPurgeRepository(db.kysely),
      users,
      hasher,
      blobs,
      uow,
      audit,
      log,
      passwordConfirmation,
    ),
    retention,
  };
}

export async function registerPrivacyRoutes(server: FastifyInstance, feature: PrivacyFeature): Promise<void> {
  await server.register(auditRoutes, { auditService: feature.audit });
  await server.register(privacyRoutes, {
    privacyService: feature.privacyService,
    exportService: feature.exportService,
    purgeService: feature.purgeService,
  });
}
