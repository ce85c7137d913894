import { z } from 'zod';
import { AuditEntry } from './audit';

/** Spec §5: retention is a number from 1 to 3650 days; anything else falls back to the default, 365. */
export const DEFAULT_RETENTION_DAYS = 365;
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;

/** Coerces any input to a valid retention: whole days in range, otherwise 365 (never an error). */
export function normalizeRetentionDays(value: unknown): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed)) return DEFAULT_RETENTION_DAYS;
  if (parsed < MIN_RETENTION_DAYS || parsed > MAX_RETENTION_DAYS) return DEFAULT_RETENTION_DAYS;
  return parsed;
}

const RETENTION_RANGE = `must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}`;

/** What a client may send: a whole number of days in range (a numeric string too); anything else is refused. */
export const RetentionDays = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: RETENTION_RANGE })
    .int({ error: RETENTION_RANGE })
    .min(MIN_RETENTION_DAYS, { error: RETENTION_RANGE })
    .max(MAX_RETENTION_DAYS, { error: RETENTION_RANGE }),
);

/** GET /api/privacy/settings: the user's retention preferences (created with defaults when missing). */
export const PrivacySettings = z
  .object({
    data_retention_days: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS),
    auto_delete_enabled: z.boolean(),
    updated_at: z.string(),
  })
  .meta({ id: 'PrivacySettings' });
export type PrivacySettings = z.infer<typeof PrivacySettings>;

/**
 * PUT /api/privacy/settings: both optional. An out-of-range retention is refused with the allowed range (issue 16):
 * saving 99999 as 365 without a word surprised admins. Stored values read back through normalizeRetentionDays.
 */
export const PrivacySettingsBody = z.object({
  data_retention_days: RetentionDays.optional(),
  auto_delete_enabled: z.boolean().optional(),
});
export type PrivacySettingsBody = z.input<typeof PrivacySettingsBody>;

export const UpdateFrequency = z.enum(['immediate', 'daily', 'weekly', 'manual']);
export type UpdateFrequency = z.infer<typeof UpdateFrequency>;

/** GET /api/preferences/update (super admins): the Update Settings dialog. */
export const UpdatePreferences = z
  .object({
    auto_update_enabled: z.boolean(),
    update_frequency: UpdateFrequency,
    notify_before_update: z.boolean(),
    updated_at: z.string(),
  })
  .meta({ id: 'UpdatePreferences' });
export type UpdatePreferences = z.infer<typeof UpdatePreferences>;

export const UpdatePreferencesBody = z.object({
  auto_update_enabled: z.boolean().optional(),
  update_frequency: UpdateFrequency.optional(),
  notify_before_update: z.boolean().optional(),
});
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBody>;

/** DELETE /api/profile: the user deletes their own account; the password guards against a hijacked session. */
export const DeleteAccountBody = z.object({ password: z.string().min(1).max(1024) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** GET /api/privacy/export: the downloaded file knowledge-data-export-{YYYY-MM-DD}.json. */
export const DataExport = z
  .object({
    exported_at: z.string(),
    profile: z.object({
      id: z.string(),
      email: z.string(),
      full_name: z.string().nullable(),
      avatar_url: z.string().nullable(),
      role: z.string(),
      status: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
    preferences: PrivacySettings.extend({
      auto_update_enabled: z.boolean(),
      update_frequency: UpdateFrequency,
      notify_before_update: z.boolean(),
    }),
    conversations: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        created_at: z.string(),
        updated_at: z.string(),
        messages: z.array(
          z.object({
            id: z.string(),
            type: z.string(),
            content: z.string(),
            model: z.string().nullable(),
            created_at: z.string(),
            /** The message it follows: edits and regenerations make a tree (issue 17); null for a first message. */
            parent_id: z.string().nullable(),
          }),
        ),
      }),
    ),
    collections: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        created_at: z.string(),
        updated_at: z.string(),
        documents: z.array(
          z.object({
            id: z.string(),
            file_name: z.string(),
            file_type: z.string(),
            file_size: z.number(),
            status: z.string(),
            created_at: z.string(),
            updated_at: z.string(),
          }),
        ),
      }),
    ),
    audit_logs: z.array(AuditEntry),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof DataExport>;
