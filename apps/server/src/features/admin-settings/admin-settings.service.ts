import {
  SecuritySettings,
  type SecuritySettingsUpdate,
  SystemSettings,
  type SystemSettingsUpdate,
  UPLOAD_LIMIT_MAX_MB,
  type InstanceDefaults,
} from '@hearth/contract';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { InstanceSettingsRepository } from './instance-settings.repository';

const SECURITY_KEY = 'security_settings';
const SYSTEM_KEY = 'system_settings';

export interface SettingsDefaults {
  passwordMinLength: number;
  sessionLifetimeHours: number;
  /** SIGNUP_MODE: approval unless the operator chose otherwise. */
  signupMode?: SecuritySettings['signup_mode'];
}

/**
 * Security and system settings. Read from the database on each use (a cheap primary-key read), so every
 * replica applies a change at once; stored values are merged over the defaults and re-validated.
 */
export class AdminSettingsService {
  constructor(
    private readonly repository: InstanceSettingsRepository,
    private readonly defaults: SettingsDefaults,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  private defaultSecurity(): SecuritySettings {
    return {
      password_min_length: this.defaults.passwordMinLength,
      password_require_digit: false,
      password_require_symbol: false,
      password_require_uppercase: false,
      signup_mode: this.defaults.signupMode ?? 'approval',
      session_lifetime_hours: this.defaults.sessionLifetimeHours,
      require_2fa: 'off',
    };
  }

  async security(): Promise<SecuritySettings> {
    const fallback = this.defaultSecurity();
    const stored = SecuritySettings.partial().safeParse(await this.repository.getJson(SECURITY_KEY));
    return stored.success ? { ...fallback, ...stored.data } : fallback;
  }

  async updateSecurity(
    actorId: string,
    update: SecuritySettingsUpdate,
    context: AuditContext,
  ): Promise<SecuritySettings> {
    // Left out means "unchanged", never "off" (see SecuritySettingsUpdate).
    const settings = { ...update, require_2fa: update.require_2fa ?? (await this.security()).require_2fa };
    await this.save(actorId, SECURITY_KEY, settings, context);
    return this.security();
  }

  async system(): Promise<SystemSettings> {
    const fallback: SystemSettings = {
      default_model: null,
      upload_limit_mb: UPLOAD_LIMIT_MAX_MB,
      public_share_links: false,
    };
    const stored = SystemSettings.partial().safeParse(await this.repository.getJson(SYSTEM_KEY));
    return stored.success ? { ...fallback, ...stored.data } : fallback;
  }

  async updateSystem(actorId: string, update: SystemSettingsUpdate, context: AuditContext): Promise<SystemSettings> {
    // Left out means "unchanged", never "off" (see SystemSettingsUpdate).
    const public_share_links = update.public_share_links ?? (await this.system()).public_share_links;
    await this.save(actorId, SYSTEM_KEY, { ...update, public_share_links }, context);
    return this.system();
  }

  /** Stores a setting and its audit entry (the new values) in one transaction. */
  private async save(
    actorId: string,
    key: typeof SECURITY_KEY | typeof SYSTEM_KEY,
    settings: SecuritySettings | SystemSettings,
    context: AuditContext,
  ): Promise<void> {
    await this.uow.run(async (tx) => {
      await this.repository.setJson(key, settings, tx);
      await this.audit.record(
        tx,
        { userId: actorId, action: 'UPDATE', resourceType: key, details: { ...settings } },
        context,
      );
    });
  }

  async instanceDefaults(): Promise<InstanceDefaults> {
    const { default_model, upload_limit_mb, public_share_links } = await this.system();
    return { default_model, upload_limit_mb, public_share_links };
  }

  /** Whether share links may be made public (issue 17); off by default. */
  async publicShareLinksAllowed(): Promise<boolean> {
    return (await this.system()).public_share_links;
  }

  /** Largest knowledge upload in bytes (the setting, never above the hard maximum). */
  async uploadLimitBytes(): Promise<number> {
    return (await this.system()).upload_limit_mb * 1024 * 1024;
  }
}
