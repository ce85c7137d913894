import { z } from 'zod';
import { Require2fa } from './sessions-mfa';

/**
 * Who may create accounts: anyone (open), anyone but an administrator approves the account first (approval),
 * people holding an invitation link (invite_only), or nobody (closed: admins add users). Invitation links work in
 * every mode. A fresh instance starts in approval once its first account exists.
 */
export const SignupMode = z.enum(['open', 'approval', 'invite_only', 'closed']);
export type SignupMode = z.infer<typeof SignupMode>;

/** GET/PUT /api/admin/settings/security: admins read, super admins change. */
export const SecuritySettings = z
  .object({
    password_min_length: z.number().int().min(8).max(128),
    password_require_digit: z.boolean(),
    password_require_symbol: z.boolean(),
    password_require_uppercase: z.boolean(),
    signup_mode: SignupMode,
    /** Lifetime of new sessions; existing sessions keep theirs. */
    session_lifetime_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
    /** Who must sign in with a second factor; people under it without one are sent to enrol. */
    require_2fa: Require2fa,
  })
  .meta({ id: 'SecuritySettings' });
export type SecuritySettings = z.infer<typeof SecuritySettings>;

/**
 * PUT /api/admin/settings/security. A client written before the 2FA policy existed leaves `require_2fa` out:
 * that keeps the stored policy, so an old script can never switch two-factor enforcement off by omission.
 */
export const SecuritySettingsUpdate = SecuritySettings.extend({ require_2fa: Require2fa.optional() }).meta({
  id: 'SecuritySettingsUpdate',
});
export type SecuritySettingsUpdate = z.infer<typeof SecuritySettingsUpdate>;

/** The most a knowledge upload may be, whatever the setting says. */
export const UPLOAD_LIMIT_MAX_MB = 10;

/** GET/PUT /api/admin/settings/system: admins read, super admins change. */
export const SystemSettings = z
  .object({
    /** Initial model in the chat for people who have not picked one; null lets the app choose. */
    default_model: z.string().trim().min(1).max(300).nullable(),
    upload_limit_mb: z.number().int().min(1).max(UPLOAD_LIMIT_MAX_MB),
    /** Whether share links may be public (no sign-in); off unless an admin allows it (issue 17). */
    public_share_links: z.boolean(),
  })
  .meta({ id: 'SystemSettings' });
export type SystemSettings = z.infer<typeof SystemSettings>;

/** PUT body: leaving `public_share_links` out keeps the stored choice (older clients never switch it). */
export const SystemSettingsUpdate = SystemSettings.extend({ public_share_links: z.boolean().optional() }).meta({
  id: 'SystemSettingsUpdate',
});
export type SystemSettingsUpdate = z.infer<typeof SystemSettingsUpdate>;

/** GET /api/instance/defaults (signed-in users): what the apps need to know of the system settings. */
export const InstanceDefaults = z
  .object({
    default_model: z.string().nullable(),
    upload_limit_mb: z.number().int(),
    public_share_links: z.boolean(),
  })
  .meta({ id: 'InstanceDefaults' });
export type InstanceDefaults = z.infer<typeof InstanceDefaults>;
