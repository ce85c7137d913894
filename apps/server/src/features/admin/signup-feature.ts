import type { Db } from '../../db/database';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import { InvitationRepository } from './invitation.repository';
import { type InvitationMailer, InvitationService } from './invitation.service';
import { SignupApprovalRepository } from './signup-approval.repository';
import { SignupApprovalService } from './signup-approval.service';
import { SignupPolicy } from './signup-policy';

/**
 * Sign-up policy, pending accounts and invitations (issue 16). The policy is needed by the auth service, which is
 * built before the purge service that rejection uses: hence the second step, `approvals(purge)`.
 */
export function buildSignupFeature(db: Db, uow: UnitOfWork, audit: AuditService, mailer: InvitationMailer) {
  const approvalRepository = new SignupApprovalRepository(db.kysely);
  const invitations = new InvitationRepository(db.kysely);
  const policy = new SignupPolicy(approvalRepository, invitations);
  return {
    policy,
    invitationService: new InvitationService(invitations, policy, uow, audit, mailer),
    approvals: (purge: (userId: string, context: AuditContext) => Promise<unknown>) =>
      new SignupApprovalService(approvalRepository, uow, audit, purge),
  };
}
