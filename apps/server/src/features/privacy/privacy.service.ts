import {
  normalizeRetentionDays,
  type PrivacySettings,
  type PrivacySettingsBody,
  type UpdatePreferences,
  type UpdatePreferencesBody,
} from '@hearth/contract';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { PreferencesPatch, PreferencesRepository, PreferencesRow } from './preferences.repository';

/** Retention (every user) and update preferences (the Update Settings dialog), one row per user. */
export class PrivacyService {
  constructor(
    private readonly preferences: PreferencesRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async settings(userId: string): Promise<PrivacySettings> {
    return toPrivacySettings(await this.preferences.getOrCreate(userId));
  }

  async updateSettings(userId: string, body: PrivacySettingsBody, context: AuditContext): Promise<PrivacySettings> {
    const patch: PreferencesPatch = {};
    // The contract already coerces; normalising again keeps the rule true for any caller of this service.
    if (body.data_retention_days !== undefined)
      patch.data_retention_days = normalizeRetentionDays(body.data_retention_days);
    if (body.auto_delete_enabled !== undefined) patch.auto_delete_enabled = body.auto_delete_enabled ? 1 : 0;
    const row = await this.uow.run(async (tx) => {
      const updated = await this.preferences.update(userId, patch, tx);
      const settings = toPrivacySettings(updated);
      const details = {
        data_retention_days: settings.data_retention_days,
        auto_delete_enabled: settings.auto_delete_enabled,
      };
      const event = { userId, action: 'UPDATE', resourceType: 'privacy_settings', resourceId: userId } as const;
      await this.audit.record(tx, { ...event, details }, context);
      return updated;
    });
    return toPrivacySettings(row);
  }

  async updatePreferences(userId: string): Promise<UpdatePreferences> {
    return toUpdatePreferences(await this.preferences.getOrCreate(userId));
  }

  async setUpdatePreferences(
    userId: string,
    body: UpdatePreferencesBody,
    context: AuditContext,
  ): Promise<UpdatePreferences> {
    const patch: PreferencesPatch = {};
    if (body.auto_update_enabled !== undefined) patch.auto_update_enabled = body.auto_update_enabled ? 1 : 0;
    if (body.update_frequency !== undefined) patch.update_frequency = body.update_frequency;
    if (body.notify_before_update !== undefined) patch.notify_before_update = body.notify_before_update ? 1 : 0;
    const row = await this.uow.run(async (tx) => {
      const updated = await this.preferences.update(userId, patch, tx);
      const event = { userId, action: 'UPDATE', resourceType: 'update_preferences', resourceId: userId } as const;
      const { updated_at: _at, ...details } = toUpdatePreferences(updated);
      await this.audit.record(tx, { ...event, details }, context);
      return updated;
    });
    return toUpdatePreferences(row);
  }
}

export const toPrivacySettings = (row: PreferencesRow): PrivacySettings => ({
  data_retention_days: normalizeRetentionDays(row.data_retention_days),
  auto_delete_enabled: Boolean(row.auto_delete_enabled),
  updated_at: row.updated_at,
});

export const toUpdatePreferences = (row: PreferencesRow): UpdatePreferences => ({
  auto_update_enabled: Boolean(row.auto_update_enabled),
  update_frequency: row.update_frequency,
  notify_before_update: Boolean(row.notify_before_update),
  updated_at: row.updated_at,
});
