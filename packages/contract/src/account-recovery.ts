import { z } from 'zod';

const email = z
  .email()
  .max(254)
  .transform((value) => value.trim().toLowerCase());

/** GET /api/auth/recovery-options: what /auth may offer (public). */
export const RecoveryOptions = z.object({
  /** SMTP is configured: "Forgot password?", e-mail verification and mailed links are available. */
  mail_enabled: z.boolean(),
});
export type RecoveryOptions = z.infer<typeof RecoveryOptions>;

/** POST /api/auth/forgot-password: answered the same whether or not the address has an account. */
export const ForgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

/** POST /api/auth/reset-password: the secret from a one-time link and the new password. */
export const ResetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  new_password: z.string().min(1).max(1024),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST /api/auth/verify-email: the secret from a verification link. */
export const VerifyEmailBody = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** GET /api/auth/email-verification: whether the signed-in account should be asked to verify its address. */
export const EmailVerificationStatus = z.object({
  /** Mail is configured, so verifying is possible. */
  mail_enabled: z.boolean(),
  verified: z.boolean(),
});
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatus>;

/** POST /api/admin/users/:id/password-reset: the one-time link, shown to the admin once. */
export const AdminResetLink = z.object({
  url: z.string(),
  expires_at: z.string(),
  /** Also mailed to the user (SMTP configured). */
  mailed: z.boolean(),
});
export type AdminResetLink = z.infer<typeof AdminResetLink>;

/** PATCH /api/admin/users/:id: correct a user's name or e-mail address. */
export const AdminUpdateUserBody = z
  .object({
    full_name: z.string().trim().min(1).max(200).optional(),
    email: email.optional(),
  })
  .refine((body) => body.full_name !== undefined || body.email !== undefined, {
    message: 'Give a new full_name or email',
  });
export type AdminUpdateUserBody = z.input<typeof AdminUpdateUserBody>;

/**
 * Sign-up's answer while mail is configured, whether the address was free or not (it must not tell which):
 * a new account gets a verification mail, an existing one's owner a notice that someone tried.
 */
export const SignupAccepted = z.object({ check_email: z.literal(true) });
export type SignupAccepted = z.infer<typeof SignupAccepted>;
