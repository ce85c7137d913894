import { z } from 'zod';
import { AssignableRole } from './admin';

/** An account waiting for an administrator's approval (sign-up mode "approval"). */
export const PendingUser = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    organization_id: z.string().nullable(),
    requested_at: z.string(),
  })
  .meta({ id: 'PendingUser' });
export type PendingUser = z.infer<typeof PendingUser>;

/** GET /api/admin/signups/pending: super admins see every pending account, admins their organisation's. */
export const PendingUserList = z.object({ items: z.array(PendingUser), total: z.number().int() });
export type PendingUserList = z.infer<typeof PendingUserList>;

export const INVITATION_DEFAULT_DAYS = 7;
export const INVITATION_MAX_DAYS = 90;
export const INVITATION_MAX_USES = 1000;

/** POST /api/admin/invitations. Admins invite into their own organisation and may grant user or moderator. */
export const InvitationCreateBody = z.object({
  role: AssignableRole.default('user'),
  /** Super admins may pick any organisation; everyone else invites into their own. Defaults to the admin's. */
  organization_id: z.string().min(1).max(100).optional(),
  expires_in_days: z.number().int().min(1).max(INVITATION_MAX_DAYS).default(INVITATION_DEFAULT_DAYS),
  max_uses: z.number().int().min(1).max(INVITATION_MAX_USES).default(1),
  /** Optional: only this address may use the invitation, and it is mailed there when mail is configured. */
  email: z
    .email()
    .max(254)
    .transform((value) => value.trim().toLowerCase())
    .optional(),
});
export type InvitationCreateBody = z.input<typeof InvitationCreateBody>;

export const InvitationStatus = z.enum(['active', 'expired', 'used_up', 'revoked']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const Invitation = z
  .object({
    id: z.string(),
    role: AssignableRole,
    organization_id: z.string(),
    organization_name: z.string(),
    email: z.string().nullable(),
    max_uses: z.number().int(),
    uses: z.number().int(),
    created_by: z.string(),
    created_by_name: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    status: InvitationStatus,
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z.object({ items: z.array(Invitation) });
export type InvitationList = z.infer<typeof InvitationList>;

/** The answer to creating an invitation: the only time its token is shown. */
export const InvitationCreated = z.object({
  invitation: Invitation,
  token: z.string(),
  /** Path of the sign-up page for this invitation; the web app prefixes its own origin. */
  path: z.string(),
  /** True when the invitation was queued for mailing to its address. */
  mailed: z.boolean(),
});
export type InvitationCreated = z.infer<typeof InvitationCreated>;

/** GET /api/auth/invitations/:token (public): what the sign-up form shows the invitee. */
export const InvitationPreview = z
  .object({
    organization_name: z.string(),
    role: AssignableRole,
    email: z.string().nullable(),
    expires_at: z.string(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationTokenParams = z.object({ token: z.string().min(1).max(200) });
