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
  /** Super admins: only this organisation's users (admins always see only their own). */
  organization_id: z.uuid().optional(),
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

/** GET /api/admin/stats: super admins see the whole instance, admins their organisation. */
export const AdminStats = z
  .object({
    users: z.number().int(),
    /** Accounts seen (signed in, used a session or an API token) in the last 7 days. */
    active_users_7d: z.number().int(),
    conversations: z.number().int(),
    documents: z.number().int(),
    storage_bytes: z.number().int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof AdminStats>;

export const AdminUsageQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export type AdminUsageQuery = z.input<typeof AdminUsageQuery>;

/** One UTC day; days without activity are present with zeros. */
export const AdminUsageDay = z.object({
  date: z.string(),
  messages: z.number().int(),
  uploads: z.number().int(),
});
export type AdminUsageDay = z.infer<typeof AdminUsageDay>;

export const AdminUsage = z.object({ days: z.array(AdminUsageDay) }).meta({ id: 'AdminUsage' });
export type AdminUsage = z.infer<typeof AdminUsage>;

/** CSV import limits: large enough for a department, small enough to hash every password in one request. */
export const ADMIN_IMPORT_MAX_CHARS = 1_000_000;
export const ADMIN_IMPORT_MAX_ROWS = 1000;

export const AdminImportBody = z.object({
  csv: z.string().max(ADMIN_IMPORT_MAX_CHARS, `The CSV text may be at most ${ADMIN_IMPORT_MAX_CHARS} characters.`),
});
export type AdminImportBody = z.infer<typeof AdminImportBody>;

export const AdminImportRowResult = z.object({
  /** The line of the data row, counting the header as row 1. */
  row: z.number().int(),
  email: z.string().nullable(),
  status: z.enum(['created', 'skipped', 'failed']),
  reason: z.string().nullable(),
});
export type AdminImportRowResult = z.infer<typeof AdminImportRowResult>;

export const AdminImportResult = z
  .object({ created: z.number().int(), results: z.array(AdminImportRowResult) })
  .meta({ id: 'AdminImportResult' });
export type AdminImportResult = z.infer<typeof AdminImportResult>;
