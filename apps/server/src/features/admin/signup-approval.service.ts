import type { PendingUserList } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthUser } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import { scopeOf } from './admin-user.service';
import type { SignupApprovalRepository } from './signup-approval.repository';
import { canManageUser } from './user-policy';

/** The pending list: admins approve or reject accounts in their scope, by the same rules as managing users. */
export class SignupApprovalService {
  constructor(
    private readonly approvals: SignupApprovalRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    /** Rejection deletes the account through the one purge service (privacy feature). */
    private readonly purgeAccount: (userId: string, context: AuditContext) => Promise<unknown>,
  ) {}

  async list(actor: AuthUser): Promise<PendingUserList> {
    const items = await this.approvals.list(scopeOf(actor));
    return { items, total: items.length };
  }

  private async manageablePending(actor: AuthUser, id: string) {
    const target = await this.approvals.findInScope(scopeOf(actor), id);
    if (!target) throw AppError.notFound('Pending account');
    if (!canManageUser(actor, target)) throw AppError.forbidden('You are not allowed to manage this user.');
    return target;
  }

  async approve(actor: AuthUser, id: string, context: AuditContext): Promise<void> {
    await this.manageablePending(actor, id);
    await this.uow.run(async (tx) => {
      if (!(await this.approvals.approve(tx, id))) throw AppError.notFound('Pending account');
      const event = { userId: id, action: 'APPROVE', resourceType: 'user', resourceId: id } as const;
      await this.audit.record(tx, event, context);
    });
  }

  /** A rejected request leaves nothing behind: the address may ask again, and admins are asked again. */
  async reject(actor: AuthUser, id: string, context: AuditContext): Promise<void> {
    const target = await this.manageablePending(actor, id);
    await this.uow.run(async (tx) => {
      const event = { userId: id, action: 'REJECT', resourceType: 'user', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { email: target.email } }, context);
    });
    await this.purgeAccount(id, context);
  }
}
