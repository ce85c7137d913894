import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import { InstanceSettingsRepository } from '../admin-settings';
import type { AuditContext, AuditService } from '../audit';
import { openArchive } from './backup-archive';
import { backupJob } from './backup.job';
import { backupRoutes } from './backup.routes';
import { BackupScheduleService } from './backup-schedule.service';
import { BackupService } from './backup.service';
import { SnapshotRepository } from './snapshot.repository';

export interface BackupsFeatureDeps {
  config: Config;
  db: Db;
  blobs: BlobStore;
  uow: UnitOfWork;
  audit: AuditService;
  jobs: JobQueue;
}

export interface BackupsFeature {
  schedule: BackupScheduleService;
  runNow(context: AuditContext): Promise<{ job_id: string }>;
}

/** Scheduled backups and Back up now, on the one queue (called from wiring/services.ts). */
export function buildBackupsFeature(deps: BackupsFeatureDeps): BackupsFeature {
  const { config, db, uow, audit, jobs } = deps;
  const backups = new BackupService(new SnapshotRepository(config.database), deps.blobs, config.SECRET);
  const schedule = new BackupScheduleService(new InstanceSettingsRepository(db.kysely), uow, audit, {
    backups,
    openArchive: (location) => openArchive(location, config),
    defaultLocation: path.resolve(config.DATA_DIR, 'backups'),
    scale: config.JOB_SCHEDULE_SCALE,
  });
  const job = backupJob(schedule);
  jobs.register(job);
  return {
    schedule,
    runNow: (context) =>
      uow.run(async (tx) => {
        const jobId = await jobs.enqueue(tx, job, { manual: true });
        await audit.record(
          tx,
          { userId: context.actorId, action: 'CREATE', resourceType: 'backup', resourceId: jobId, details: {} },
          context,
        );
        return { job_id: jobId };
      }),
  };
}

export async function registerBackupRoutes(server: FastifyInstance, feature: BackupsFeature): Promise<void> {
  await server.register(backupRoutes, { feature });
}
