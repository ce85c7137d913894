import { z } from 'zod';
import { Role, UserStatus } from './auth';

export const AdminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    role: Role,
    status: UserStatus,
    organization_id: z.string().nullable(),
    parent_user_id: z.string().nullable(),
    banned_at: z.string().nullable(),
    banned_by: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuery>;

export const AdminUserList = z.object({
  users: z.array(AdminUser),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUserList = z.infer<typeof AdminUserList>;

/** Roles an admin can hand out; super_admin is never assigned through the API. */
export const AssignableRole = z.enum(['user', 'moderator', 'admin']);
export type AssignableRole = z.infer<typeof AssignableRole>;

export const AdminCreateUserBody = z.object({
  email: z
    .email()
    .max(254)
    .transform((value) => value.trim().toLowerCase()),
  password: z.string().min(1).max(1024),
  full_name: z.string().trim().max(200).optional().nullable(),
  role: AssignableRole.default('user'),
});
export type AdminCreateUserBody = z.input<typeof AdminCreateUserBody>;

export const AdminSetRoleBody = z.object({ role: AssignableRole });
export type AdminSetRoleBody = z.infer<typeof AdminSetRoleBody>;
