import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { BackupScheduleService } from './backup-schedule.service';

/**
 * Backups as a job: every hour (and Back up now, with `manual`), once across replicas; the settings decide
 * whether a scheduled one is due. Not retried: a failed backup is shown to admins, and the next is an interval
 * away.
 */
export function backupJob(schedule: BackupScheduleService) {
  return defineJob({
    name: 'backup',
    payload: z.object({ manual: z.boolean().optional() }),
    schedule: { everyMs: 3_600_000 },
    retries: 1,
    handler: async ({ manual }) => {
      if (manual) await schedule.backUp('manual');
      else await schedule.scheduledRun();
    },
  });
}
