import path from 'node:path';
import {
  type BackupOverview,
  type BackupRun,
  BackupRun as BackupRunSchema,
  BackupSettings,
  type BackupSettingsBody,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import { nowIso } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { InstanceSettingsRepository } from '../admin-settings';
import type { AuditContext, AuditService } from '../audit';
import { backupLocation } from './backup-archive';
import type { BackupService } from './backup.service';

const SETTINGS_KEY = 'backup_settings';
const LAST_KEY = 'backup_last_run';
const LAST_SUCCESS_KEY = 'backup_last_success';
const HOUR = 3_600_000;
/** A run that has said nothing for this long died with its server: it reads as failed and may be run again. */
const STALE_RUN_MS = 6 * HOUR;

const DEFAULTS: BackupSettings = { enabled: false, location: null, every_hours: 24, keep: 7 };

/** A folder on the server (absolute) or s3://bucket/prefix; anything else is refused with the reason. */
function checkedLocation(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?$/.test(value)) return value;
  if (value.startsWith('s3:')) {
    throw AppError.badRequest('The backup location is not valid: use s3://bucket or s3://bucket/prefix', {
      field: 'location',
    });
  }
  if (!path.isAbsolute(value) || value.includes('\0')) {
    throw AppError.badRequest('The backup location is not valid: give an absolute folder path or s3://bucket/prefix', {
      field: 'location',
    });
  }
  return path.normalize(value);
}

export interface BackupScheduleDeps {
  backups: BackupService;
  /** Opens the folder or s3:// prefix backups are written to (features/backups/backup-archive.ts). */
  openArchive(location: string): BlobStore;
  /** DATA_DIR/backups. */
  defaultLocation: string;
  /** JOB_SCHEDULE_SCALE: tests shorten the interval with the queue's periods. */
  scale: number;
}

/**
 * Scheduled backups (issue 19): the admin's settings, the last run and its result, and the run itself with
 * retention. The schedule is a job on the queue (backup.job.ts), so each due backup runs once across replicas.
 */
export class BackupScheduleService {
  constructor(
    private readonly store: InstanceSettingsRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly deps: BackupScheduleDeps,
  ) {}

  async settings(): Promise<BackupSettings> {
    const stored = BackupSettings.partial().safeParse(await this.store.getJson(SETTINGS_KEY));
    return stored.success ? { ...DEFAULTS, ...stored.data } : DEFAULTS;
  }

  private async run(key: string): Promise<BackupRun | null> {
    const parsed = BackupRunSchema.safeParse(await this.store.getJson(key));
    if (!parsed.success) return null;
    const run = parsed.data;
    if (run.result === 'running' && Date.now() - Date.parse(run.started_at) > STALE_RUN_MS) {
      return { ...run, result: 'failed', error: 'The server stopped before the backup finished.' };
    }
    return run;
  }

  async overview(): Promise<BackupOverview> {
    const settings = await this.settings();
    const [last, lastSuccess] = await Promise.all([this.run(LAST_KEY), this.run(LAST_SUCCESS_KEY)]);
    let nextDue: string | null = null;
    if (settings.enabled) {
      const from = last ? Date.parse(last.started_at) : Date.now();
      nextDue = new Date(from + this.interval(settings)).toISOString();
    }
    return {
      settings,
      resolved_location: settings.location ?? this.deps.defaultLocation,
      last,
      last_success: lastSuccess,
      next_due_at: nextDue,
    };
  }

  async saveSettings(body: BackupSettingsBody, context: AuditContext): Promise<BackupSettings> {
    const next: BackupSettings = { ...(await this.settings()), ...body };
    next.location = checkedLocation(next.location);
    await this.uow.run(async (tx) => {
      await this.store.setJson(SETTINGS_KEY, next, tx);
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'UPDATE',
          resourceType: 'backup_settings',
          resourceId: 'default',
          details: { ...next },
        },
        context,
      );
    });
    return next;
  }

  private interval(settings: BackupSettings): number {
    return settings.every_hours * HOUR * this.deps.scale;
  }

  /** The job's step: backs up when scheduled backups are on and the last one started an interval ago. */
  async scheduledRun(now = Date.now()): Promise<'off' | 'not_due' | 'ran'> {
    const settings = await this.settings();
    if (!settings.enabled) return 'off';
    const last = await this.run(LAST_KEY);
    // A little early still counts: the job's hourly starts are not exactly an interval apart.
    if (last && (last.result === 'running' || now - Date.parse(last.started_at) < this.interval(settings) * 0.9)) {
      return 'not_due';
    }
    await this.backUp('schedule', settings);
    return 'ran';
  }

  /**
   * Writes one backup to the configured location and records how it went; after a success, deletes the
   * oldest backups there beyond `keep`. A failure is recorded (Admin → Backups shows it) and thrown, so the
   * job is marked failed too.
   */
  async backUp(trigger: BackupRun['trigger'], current?: BackupSettings): Promise<BackupRun> {
    const settings = current ?? (await this.settings());
    const location = settings.location ?? this.deps.defaultLocation;
    const started: BackupRun = {
      started_at: nowIso(),
      finished_at: null,
      result: 'running',
      trigger,
      location: null,
      bytes: null,
      files: null,
      error: null,
      pruned: 0,
    };
    await this.store.setJson(LAST_KEY, started);
    const archive = this.deps.openArchive(location);
    try {
      const { name, manifest, bytes } = await this.deps.backups.create(archive);
      const pruned = await this.prune(archive, settings.keep);
      const done: BackupRun = {
        ...started,
        finished_at: nowIso(),
        result: 'succeeded',
        location: backupLocation(location, name),
        bytes,
        files: manifest.files.length,
        pruned,
      };
      await this.store.setJson(LAST_KEY, done);
      await this.store.setJson(LAST_SUCCESS_KEY, done);
      return done;
    } catch (error) {
      const failed: BackupRun = {
        ...started,
        finished_at: nowIso(),
        result: 'failed',
        error: (error as Error).message.slice(0, 500),
      };
      await this.store.setJson(LAST_KEY, failed);
      throw error;
    } finally {
      archive.close?.();
    }
  }

  /** Deletes the oldest complete backups (those with a manifest) beyond the newest `keep`. */
  private async prune(archive: BlobStore, keep: number): Promise<number> {
    const names: string[] = [];
    for await (const key of archive.list()) {
      const match = /^(hearth-backup-[0-9TZ-]+)\/manifest\.json$/.exec(key);
      if (match?.[1]) names.push(match[1]);
    }
    const old = names.sort().reverse().slice(keep);
    for (const name of old) await archive.deletePrefix?.(`${name}/`);
    return archive.deletePrefix ? old.length : 0;
  }
}
