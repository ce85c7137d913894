import { z } from 'zod';

export const Role = z.enum(['user', 'moderator', 'admin', 'super_admin']);
export type Role = z.infer<typeof Role>;

export const UserStatus = z.enum(['active', 'suspended', 'banned']);
export type UserStatus = z.infer<typeof UserStatus>;

export const isAdminRole = (role: Role): boolean => role === 'admin' || role === 'super_admin';

const email = z
  .email()
  .max(254)
  .transform((value) => value.trim().toLowerCase());

export const SignupBody = z.object({
  email,
  password: z.string().min(1).max(1024),
  full_name: z.string().trim().max(200).optional().nullable(),
  /** The token of an invitation link (/auth?invite=…): signs up in its organisation and role, without approval. */
  invite_token: z.string().min(1).max(200).optional(),
  /** A fresh instance's first account: the one-time setup code printed in the server log. */
  setup_code: z.string().max(100).optional(),
});
export type SignupBody = z.input<typeof SignupBody>;

export const LoginBody = z.object({
  email,
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.input<typeof LoginBody>;

export const UserSummary = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    role: Role,
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummary>;

export const SignupResponse = z.object({
  user: UserSummary,
  /** True when the account waits for an administrator's approval before it can sign in. */
  pending: z.boolean().optional(),
});
export type SignupResponse = z.infer<typeof SignupResponse>;

export const LoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().describe('Seconds until the session expires'),
  user: UserSummary,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const Me = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    role: Role,
    status: UserStatus,
    organization_id: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

/** Avatar: an https/http URL or a small data: image, so the UI can show it without remote fetches. */
export const AvatarUrl = z
  .string()
  .max(200_000)
  .refine(
    (value) => /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(value) || /^https?:\/\//.test(value),
    {
      message: 'Avatar must be an image data URL or an http(s) URL',
    },
  );

export const ProfileUpdateBody = z.object({
  full_name: z.string().trim().max(200).nullable().optional(),
  avatar_url: AvatarUrl.nullable().optional(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

export const PasswordChangeBody = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: z.string().min(1).max(1024),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

export const PasswordReason = z.enum([
  'too_short',
  'too_long',
  'too_common',
  'contains_email',
  'too_few_character_kinds',
  'missing_digit',
  'missing_symbol',
  'missing_uppercase',
]);
export type PasswordReason = z.infer<typeof PasswordReason>;
