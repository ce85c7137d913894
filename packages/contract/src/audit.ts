import { z } from 'zod';

/** Issue 5: every change of state writes one of these, in the same transaction as the change. */
export const AuditAction = z.enum([
  'CREATE',
  'UPDATE',
  'DELETE',
  'EXPORT',
  'SIGN_IN',
  'SIGN_OUT',
  'ROLE_CHANGE',
  'BAN',
  'UNBAN',
  'RETENTION',
  'APPROVE',
  'REJECT',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEntry = z
  .object({
    id: z.string(),
    /** The user the entry is about (whose data changed); for instance-wide changes, the admin who made them. */
    user_id: z.string().nullable(),
    /** Who acted; null for the system (scheduled jobs). */
    actor_id: z.string().nullable(),
    /** Hidden (null) from a non-admin reading an entry another person caused, as are ip and user_agent. */
    actor_email: z.string().nullable(),
    /** The actor's name and role now; null for the system or a deleted account. */
    actor_name: z.string().nullable().optional(),
    actor_role: z.string().nullable().optional(),
    /** The name of the user the entry is about. */
    user_name: z.string().nullable().optional(),
    action: AuditAction,
    resource_type: z.string(),
    resource_id: z.string().nullable(),
    /** Where the actor came from. */
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /api/audit-logs: users get their own newest 50; admins may filter their organisation's. */
export const AuditLogQuery = z.object({
  user_id: z.uuid().optional(),
  action: AuditAction.optional(),
  resource_type: z.string().max(100).optional(),
  /** Opaque; from `next_cursor`. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Admins: 'organization' lists everyone in their organisation (super admins: everyone); default 'self'. */
  scope: z.enum(['self', 'organization']).default('self'),
});
export type AuditLogQuery = z.input<typeof AuditLogQuery>;

export const AuditLogList = z.object({ entries: z.array(AuditEntry), next_cursor: z.string().nullable() });
export type AuditLogList = z.infer<typeof AuditLogList>;

/** GET /api/audit-logs/verify (admins): walks the hash chain. */
export const AuditChainReport = z.object({
  valid: z.boolean(),
  checked: z.number().int(),
  /** The first entry whose hash does not match its content or its predecessor. */
  first_invalid_id: z.string().nullable(),
});
export type AuditChainReport = z.infer<typeof AuditChainReport>;
