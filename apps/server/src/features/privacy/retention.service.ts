import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import { type AuditService, SYSTEM_CONTEXT } from '../audit';
import type { PreferencesRepository } from './preferences.repository';
import type { RetentionCounts, RetentionRepository } from './retention.repository';

const DAY_MS = 86_400_000;
export const RETENTION_JOB = 'privacy.retention';

export interface RetentionRunResult {
  users: number;
  trimmed: { userId: string; counts: RetentionCounts }[];
}

/**
 * The retention job: for every user with auto-delete on, deletes conversations and messages older than their
 * retention. Runs as a scheduled job (retentionJob: at start-up and daily, once across replicas). Each user it
 * trims gets a RETENTION audit entry, written in the same transaction as the deletion.
 */
export class RetentionService {
  constructor(
    private readonly repository: RetentionRepository,
    private readonly preferences: PreferencesRepository,
    private readonly blobs: BlobStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async runOnce(now = new Date()): Promise<RetentionRunResult> {
    const users = await this.preferences.autoDeleting();
    const trimmed: RetentionRunResult['trimmed'] = [];
    for (const { user_id: userId, data_retention_days: days } of users) {
      const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
      const result = await this.uow.run(async (tx) => {
        const outcome = await this.repository.trim(tx, userId, cutoff);
        const { conversations, messages, attachments } = outcome.counts;
        if (conversations + messages + attachments > 0) {
          const details = { ...outcome.counts, retention_days: days, cutoff };
          const event = { userId, action: 'RETENTION', resourceType: 'chat_data', resourceId: null, details } as const;
          await this.audit.record(tx, event, SYSTEM_CONTEXT);
        }
        return outcome;
      });
      await Promise.all(result.blobKeys.map((key) => this.blobs.delete(key).catch(() => undefined)));
      if (result.blobKeys.length > 0 || Object.values(result.counts).some((value) => value > 0)) {
        trimmed.push({ userId, counts: result.counts });
      }
    }
    return { users: users.length, trimmed };
  }
}

/** The retention pass as a job: daily and at start-up, once across replicas (registered in privacy-feature.ts). */
export function retentionJob(retention: RetentionService, log: FastifyBaseLogger) {
  return defineJob({
    name: RETENTION_JOB,
    payload: z.object({}),
    schedule: { everyMs: DAY_MS, atStartup: true },
    handler: async () => {
      const result = await retention.runOnce();
      if (result.trimmed.length > 0) log.info({ trimmed: result.trimmed.length }, 'retention job deleted old chats');
    },
  });
}
