import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from './define-job';
import type { JobRepository } from './job.repository';

const DAY_MS = 86_400_000;
/** Ended jobs are kept this long (done) and longer (failed, for looking into), then deleted. */
export const KEEP_DONE_JOBS_MS = 7 * DAY_MS;
export const KEEP_FAILED_JOBS_MS = 30 * DAY_MS;

export const PRUNE_ENDED_JOB = 'jobs.prune-ended';

/** Hourly, once across replicas: the jobs that ended long ago are deleted (the queue registers it itself). */
export function pruneEndedJob(jobs: JobRepository, log: FastifyBaseLogger) {
  return defineJob({
    name: PRUNE_ENDED_JOB,
    payload: z.object({}),
    schedule: { everyMs: 3_600_000 },
    handler: async () => {
      const now = Date.now();
      const pruned = await jobs.pruneEnded(
        new Date(now - KEEP_DONE_JOBS_MS).toISOString(),
        new Date(now - KEEP_FAILED_JOBS_MS).toISOString(),
      );
      if (pruned > 0) log.info({ pruned }, 'deleted jobs that ended long ago');
    },
  });
}
