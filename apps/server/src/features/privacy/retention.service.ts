import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import { type AuditService, SYSTEM_CONTEXT } from '../audit/audit.service';
import type { PreferencesRepository } from './preferences.repository';
import type { RetentionCounts, RetentionRepository } from './retention.repository';

const DAY_MS = 86_400_000;
const LEASE_KEY = 'privacy_retention_last_run';
/** Replicas starting together run the start-up pass once. */
const STARTUP_GUARD_MS = 10 * 60_000;
const CHECK_EVERY_MS = 3_600_000;

export interface RetentionRunResult {
  users: number;
  trimmed: { userId: string; counts: RetentionCounts }[];
}

/**
 * The retention job: for every user with auto-delete on, deletes conversations and messages older than their
 * retention. Runs at start-up and daily (checked hourly, leased in the database). Each user it trims gets a
 * RETENTION audit entry, written in the same transaction as the deletion.
 */
export class RetentionService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repository: RetentionRepository,
    private readonly preferences: PreferencesRepository,
    private readonly blobs: BlobStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
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

  /** Runs if no replica ran within `minIntervalMs`. */
  async runIfDue(minIntervalMs: number): Promise<RetentionRunResult | undefined> {
    const dueBefore = new Date(Date.now() - minIntervalMs).toISOString();
    if (!(await this.repository.claimRun(LEASE_KEY, dueBefore))) return undefined;
    const result = await this.runOnce();
    if (result.trimmed.length > 0) this.log.info({ trimmed: result.trimmed.length }, 'retention job deleted old chats');
    return result;
  }

  start(): void {
    const pass = (minIntervalMs: number) => {
      this.running = this.runIfDue(minIntervalMs).catch((error: unknown) =>
        this.log.warn({ err: error }, 'retention job failed'),
      );
    };
    pass(STARTUP_GUARD_MS);
    this.timer = setInterval(() => pass(DAY_MS - CHECK_EVERY_MS / 2), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
