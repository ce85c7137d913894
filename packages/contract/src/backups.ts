import { z } from 'zod';

/** How often scheduled backups run, in hours. */
export const BACKUP_INTERVAL_HOURS = [6, 12, 24, 168] as const;

/** Scheduled backups (Admin → Backups): off until a super admin turns them on. */
export const BackupSettings = z.object({
  enabled: z.boolean(),
  /** A folder on the server (absolute path) or s3://bucket/prefix; null: DATA_DIR/backups. */
  location: z.string().max(500).nullable(),
  every_hours: z.union([z.literal(6), z.literal(12), z.literal(24), z.literal(168)]),
  /** How many of the newest backups at the location are kept; older ones are deleted after a backup succeeds. */
  keep: z.number().int().min(1).max(365),
});
export type BackupSettings = z.infer<typeof BackupSettings>;

/** PUT /api/admin/backups/settings: any subset. */
export const BackupSettingsBody = BackupSettings.partial();
export type BackupSettingsBody = z.infer<typeof BackupSettingsBody>;

/** The last backup the server ran (scheduled or Back up now). */
export const BackupRun = z.object({
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** running until it ends; a run that never ended (the server stopped) reads as failed once it is stale. */
  result: z.enum(['running', 'succeeded', 'failed']),
  trigger: z.enum(['schedule', 'manual']),
  /** Where it was written: the backup's folder or s3:// prefix (what `hearth restore` is given). */
  location: z.string().nullable(),
  bytes: z.number().int().nullable(),
  files: z.number().int().nullable(),
  error: z.string().nullable(),
  /** How many older backups the retention rule deleted afterwards. */
  pruned: z.number().int(),
});
export type BackupRun = z.infer<typeof BackupRun>;

/** GET /api/admin/backups. */
export const BackupOverview = z.object({
  settings: BackupSettings,
  /** The folder or s3:// prefix backups go to, with the default filled in. */
  resolved_location: z.string(),
  last: BackupRun.nullable(),
  /** The last backup that succeeded (the same as last when it did). */
  last_success: BackupRun.nullable(),
  /** When the next scheduled backup is due; null when scheduled backups are off. */
  next_due_at: z.string().nullable(),
});
export type BackupOverview = z.infer<typeof BackupOverview>;

/** POST /api/admin/backups/run: 202, the run is a job; follow it with GET /api/admin/backups. */
export const BackupRunAccepted = z.object({ job_id: z.string() });
export type BackupRunAccepted = z.infer<typeof BackupRunAccepted>;
