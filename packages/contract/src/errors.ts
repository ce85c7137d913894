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
  'invalid_transition',
  'github_not_configured',
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
