import type { Invitation, SignupMode } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { sha256 } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { type Admission, type AuthUser, type SignupGate, signupClosed } from '../accounts';
import type { InvitationRepository } from './invitation.repository';
import type { SignupApprovalRepository } from './signup-approval.repository';

export const invitationInvalid = (message = 'This invitation link is invalid, used up or expired.') =>
  new AppError('invitation_invalid', 400, `${message} Ask an administrator for a new one.`);

/**
 * The sign-up modes (admin security settings) and invitations, as the auth service applies them. An invitation
 * works in every mode and skips approval: the admin who made it already decided.
 */
export class SignupPolicy implements SignupGate {
  constructor(
    private readonly approvals: SignupApprovalRepository,
    private readonly invitations: InvitationRepository,
  ) {}

  /** The invitation behind a token, if it can still be used. */
  async usableInvitation(token: string): Promise<Invitation> {
    const invitation = await this.invitations.findByTokenHash(sha256(token));
    if (!invitation || invitation.status !== 'active') throw invitationInvalid();
    return invitation;
  }

  async admission(mode: SignupMode, input: { email: string; inviteToken?: string }): Promise<Admission> {
    if (input.inviteToken) {
      const invitation = await this.usableInvitation(input.inviteToken);
      if (invitation.email && invitation.email !== input.email) {
        throw invitationInvalid('This invitation is for another e-mail address.');
      }
      return {
        kind: 'invitation',
        invitationId: invitation.id,
        role: invitation.role,
        organizationId: invitation.organization_id,
        invitedBy: invitation.created_by,
      };
    }
    if (mode === 'open') return { kind: 'open' };
    if (mode === 'approval') return { kind: 'approval' };
    throw signupClosed(mode);
  }

  async admit(tx: Tx, user: AuthUser, admission: Admission): Promise<{ pending: boolean }> {
    if (admission.kind === 'invitation') {
      // Checked again inside the transaction: the last use may have gone (or the link been revoked) meanwhile.
      if (!(await this.invitations.redeem(tx, admission.invitationId))) throw invitationInvalid();
      return { pending: false };
    }
    if (admission.kind !== 'approval' || user.role === 'super_admin') return { pending: false };
    await this.approvals.markPending(tx, user.id);
    return { pending: true };
  }

  isPending(userId: string): Promise<boolean> {
    return this.approvals.isPending(userId);
  }
}
