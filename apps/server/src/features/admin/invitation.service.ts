import {
  type InvitationCreateBody,
  type InvitationCreated,
  type InvitationList,
  type InvitationPreview,
  InvitationCreateBody as CreateBody,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import { isoIn, newId, nowIso, randomToken, sha256 } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthUser } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import { scopeOf } from './admin-user.service';
import type { InvitationRepository } from './invitation.repository';
import type { SignupPolicy } from './signup-policy';
import { canAssignRole } from './user-policy';

/** What invitations need of the mailer (features/mail): present and enabled only when SMTP is configured. */
export interface InvitationMailer {
  enabled: boolean;
  send(message: { to: string; subject: string; text: string }): Promise<boolean>;
}

const DAY_MS = 86_400_000;

/** Invitation links: created, listed and revoked by admins within what they may grant; opened by anyone. */
export class InvitationService {
  constructor(
    private readonly invitations: InvitationRepository,
    private readonly policy: SignupPolicy,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly mailer?: InvitationMailer,
  ) {}

  list(actor: AuthUser): Promise<InvitationList> {
    return this.invitations.list(scopeOf(actor)).then((items) => ({ items }));
  }

  /** `origin` (the address the admin used) makes the mailed link absolute. */
  async create(
    actor: AuthUser,
    input: InvitationCreateBody,
    context: AuditContext,
    origin: string,
  ): Promise<InvitationCreated> {
    const body = CreateBody.parse(input);
    // Nobody invites into a role they could not assign directly (an admin cannot invite an admin).
    if (!canAssignRole(actor, body.role)) throw AppError.forbidden('You may not invite people with this role.');
    const organizationId = await this.organizationFor(actor, body.organization_id);
    const id = newId();
    const token = randomToken();
    await this.uow.run(async (tx) => {
      await this.invitations.create(tx, {
        id,
        token_hash: sha256(token),
        role: body.role,
        organization_id: organizationId,
        email: body.email ?? null,
        max_uses: body.max_uses,
        uses: 0,
        created_by: actor.id,
        created_at: nowIso(),
        expires_at: isoIn(body.expires_in_days * DAY_MS),
        revoked_at: null,
      });
      const event = { userId: actor.id, action: 'CREATE', resourceType: 'invitation', resourceId: id } as const;
      const { role, max_uses, expires_in_days, email } = body;
      const details = { role, organization_id: organizationId, max_uses, expires_in_days, email: email ?? null };
      await this.audit.record(tx, { ...event, details }, context);
    });
    const invitation = await this.invitations.findInScope({ kind: 'all' }, id);
    if (!invitation) throw AppError.notFound('Invitation');
    const path = `/auth?invite=${encodeURIComponent(token)}`;
    const mailed = await this.mail(
      invitation.email,
      invitation.organization_name,
      `${origin}${path}`,
      body.expires_in_days,
    );
    return { invitation, token, path, mailed };
  }

  private async organizationFor(actor: AuthUser, requested: string | undefined): Promise<string> {
    if (actor.role !== 'super_admin') {
      if (!actor.organization_id) throw AppError.forbidden('You are not in an organisation.');
      if (requested && requested !== actor.organization_id) {
        throw AppError.forbidden('You may only invite people into your own organisation.');
      }
      return actor.organization_id;
    }
    const chosen = requested ?? actor.organization_id;
    if (!chosen || !(await this.invitations.organizationExists(chosen))) throw AppError.notFound('Organisation');
    return chosen;
  }

  private async mail(to: string | null, organization: string, link: string, days: number): Promise<boolean> {
    if (!to || !this.mailer?.enabled) return false;
    const text =
      `You have been invited to join ${organization} on Hearth.\n\n` +
      `Create your account here (the link works for ${days} day${days === 1 ? '' : 's'}):\n${link}\n`;
    return this.mailer.send({ to, subject: `Your invitation to ${organization} on Hearth`, text });
  }

  async revoke(actor: AuthUser, id: string, context: AuditContext): Promise<void> {
    const invitation = await this.invitations.findInScope(scopeOf(actor), id);
    if (!invitation) throw AppError.notFound('Invitation');
    if (!canAssignRole(actor, invitation.role)) throw AppError.forbidden('You may not revoke this invitation.');
    await this.uow.run(async (tx) => {
      await this.invitations.revoke(tx, id);
      const event = { userId: actor.id, action: 'DELETE', resourceType: 'invitation', resourceId: id } as const;
      await this.audit.record(tx, event, context);
    });
  }

  /** What the sign-up form shows for a link; nothing about the inviting admin. */
  async preview(token: string): Promise<InvitationPreview> {
    const { organization_name, role, email, expires_at } = await this.policy.usableInvitation(token);
    return { organization_name, role, email, expires_at };
  }
}
