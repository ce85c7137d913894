import { z } from 'zod';

/** Stable error codes. Clients and tests branch on these, never on prose. */
export const ErrorCode = z.enum([
  'validation_error',
  'weak_password',
  'unauthorized',
  'invalid_credentials',
  'account_banned',
  'account_suspended',
  'forbidden',
  'csrf_failed',
  'not_found',
  'conflict',
  'email_taken',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'model_not_found',
  'provider_unavailable',
  'upstream_error',
  'unsupported_file',
  'no_vision_model',
  'extraction_failed',
  'delete_with_command',
  'url_not_allowed',
  'signup_closed',
  'account_pending',
  'invitation_invalid',
  'invalid_transition',
  'github_not_configured',
  'session_required',
  'mfa_enrolment_required',
  'invalid_mfa_code',
  'mfa_challenge_expired',
  'mfa_not_enabled',
  'mfa_required_by_policy',
  // Single sign-on refusals (issue 16): the same codes as SsoErrorCode in sso.ts.
  'sso_state_mismatch',
  'sso_provider_error',
  'sso_email_unverified',
  'sso_domain_not_allowed',
  'sso_group_required',
  'sso_no_account',
  'sso_account_blocked',
  'sso_email_missing',
  // Account recovery (issue 16): a one-time link that is unknown, used or expired; mail asked for but not set up.
  'invalid_link',
  'mail_not_configured',
  // Hardening (issue 16): a fresh instance's first sign-up without its setup code; a Host header not ours.
  'setup_code_required',
  'setup_code_invalid',
  'host_not_allowed',
  // Usage quotas (issue 19): a message or token limit reached; details say which and when it resets.
  'quota_exceeded',
  // Voice (issue 20): speech asked for while no speech runtime is configured.
  'speech_not_configured',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error shape every route answers with. */
export const ErrorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({
    id: 'Error',
    description: 'Every error response: a stable code, a user-facing message and optional details.',
  });
export type ErrorBody = z.infer<typeof ErrorBody>;
