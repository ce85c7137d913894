import { z } from 'zod';
import { LoginResponse } from './auth';

/** POST /api/auth/logout: which sessions end (as the spec's auth service): this one, the others, or all. */
export const LogoutScope = z.enum(['local', 'others', 'global']);
export type LogoutScope = z.infer<typeof LogoutScope>;
export const LogoutBody = z.object({ scope: LogoutScope.default('local') });
export type LogoutBody = z.input<typeof LogoutBody>;

export const RevokedCount = z.object({ ok: z.literal(true), revoked_sessions: z.number().int() });
export type RevokedCount = z.infer<typeof RevokedCount>;

/** POST /api/auth/password: a new password ends the other sessions and every API token (weakness 1). */
export const PasswordChangeResponse = z.object({
  ok: z.literal(true),
  revoked_sessions: z.number().int(),
  revoked_tokens: z.number().int(),
});
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponse>;

/** GET /api/auth/sessions: every way the account is signed in, newest first. */
export const SessionInfo = z
  .object({
    id: z.string(),
    device: z.string().describe('Readable summary of the user agent, e.g. "Chrome on Linux"'),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
    current: z.boolean().describe('The session making this request ("This device")'),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionTokenInfo = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Where the token was last used from; null until it is used. */
  ip: z.string().nullable(),
  device: z.string().nullable().describe('Readable summary of the last user agent, e.g. "curl"'),
  expires_at: z.string().nullable(),
  current: z.boolean().describe('The API token making this request'),
});
export type SessionTokenInfo = z.infer<typeof SessionTokenInfo>;

export const SessionList = z.object({ sessions: z.array(SessionInfo), tokens: z.array(SessionTokenInfo) });
export type SessionList = z.infer<typeof SessionList>;

/** Who must use a second factor (admin security settings). */
export const Require2fa = z.enum(['off', 'admins', 'everyone']);
export type Require2fa = z.infer<typeof Require2fa>;

/** POST /api/auth/login answers this instead of a session when the account has two-factor sign-in. */
export const MfaChallenge = z.object({
  mfa_required: z.literal(true),
  challenge: z.string().describe('Opaque, single-use, valid for 5 minutes: send it to /api/auth/login/mfa'),
});
export type MfaChallenge = z.infer<typeof MfaChallenge>;

export const LoginResult = z.union([LoginResponse, MfaChallenge]);
export type LoginResult = z.infer<typeof LoginResult>;

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
const recoveryCode = z.string().trim().min(8).max(40);

export const MfaLoginBody = z
  .object({ challenge: z.string().min(1).max(200), code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: 'Send either code or recovery_code',
  });
export type MfaLoginBody = z.input<typeof MfaLoginBody>;

export const MfaStatus = z
  .object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
    required: z.boolean().describe('The admin policy requires a second factor for this account'),
    enrolment_pending: z.boolean().describe('This session must enrol before anything else works'),
  })
  .meta({ id: 'MfaStatus' });
export type MfaStatus = z.infer<typeof MfaStatus>;

/** POST /api/auth/mfa/enrol: a fresh secret, shown until confirmed. */
export const MfaEnrolment = z.object({
  secret: z.string().describe('Base32, for typing into an authenticator app'),
  otpauth_url: z.string(),
  qr_code: z.string().describe('PNG data URL of otpauth_url'),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolment>;

export const MfaCodeBody = z.object({ code: totpCode });
export type MfaCodeBody = z.infer<typeof MfaCodeBody>;

/** Shown once: each code signs in once instead of an authenticator code. */
export const MfaRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof MfaRecoveryCodes>;

export const MfaDisableBody = z
  .object({ code: totpCode.optional(), password: z.string().min(1).max(1024).optional() })
  .refine((body) => body.code !== undefined || body.password !== undefined, {
    message: 'Enter a current code or your password',
  });
export type MfaDisableBody = z.input<typeof MfaDisableBody>;

/**
 * The payload of SESSION_REVOKED_EVENT: without lists every credential of the user ended (a ban, a deletion);
 * with them, only those sessions and API tokens. Each event stream ends when its own credential is named.
 */
export const CredentialsRevoked = z.object({
  type: z.literal('session.revoked'),
  session_ids: z.array(z.string()).optional(),
  token_ids: z.array(z.string()).optional(),
});
export type CredentialsRevoked = z.infer<typeof CredentialsRevoked>;
