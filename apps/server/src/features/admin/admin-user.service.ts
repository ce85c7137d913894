import type { AdminCreateUserBody, AdminUser, AssignableRole } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { isUniqueViolation, type UnitOfWork } from '../../lib/unit-of-work';
import {
  type PasswordHasher,
  assertStrongPassword,
  type PasswordRules,
  type UserRepository,
  type AuthUser,
} from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { AdminUserRepository, UserScope } from './admin-user.repository';
import { canAssignRole, canManageUser } from './user-policy';

export const scopeOf = (actor: AuthUser): UserScope =>
  actor.role === 'super_admin' ? { kind: 'all' } : { kind: 'organization', organizationId: actor.organization_id };

/** User management for admins. Every rule is checked here, whatever the UI shows. */
export class AdminUserService {
  constructor(
    private readonly adminUsers: AdminUserRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    /** The current password rules (admin security settings). */
    private readonly passwordRules: () => Promise<PasswordRules>,
    private readonly uow: UnitOfWork,
    /** Every change is audited in its own transaction. */
    private readonly audit: AuditService,
    /** Account deletion: the one purge service (privacy feature) that removes every trace. */
    private readonly purgeAccount: (userId: string, context: AuditContext) => Promise<unknown>,
    /** Ends what is still open for a user whose sessions were revoked (their event streams, on every replica). */
    private readonly sessionsRevoked: (userId: string) => void = () => undefined,
  ) {}

  list(actor: AuthUser, options: { search?: string; organizationId?: string; page: number; pageSize: number }) {
    return this.adminUsers.list(scopeOf(actor), options);
  }

  /** Someone outside the actor's scope does not exist as far as the actor can tell. */
  private async visibleTarget(actor: AuthUser, id: string): Promise<AdminUser> {
    const target = await this.adminUsers.findInScope(scopeOf(actor), id);
    if (!target) throw AppError.notFound('User');
    return target;
  }

  /** The user, when the actor may manage them (role rules, own organisation); also for reset links. */
  async manageableTarget(actor: AuthUser, id: string): Promise<AdminUser> {
    const target = await this.visibleTarget(actor, id);
    if (!canManageUser(actor, target)) throw AppError.forbidden('You are not allowed to manage this user.');
    return target;
  }

  async create(
    actor: AuthUser,
    input: Required<Pick<AdminCreateUserBody, 'email' | 'password'>> & AdminCreateUserBody,
    context: AuditContext = actorContext(actor),
  ) {
    const role = input.role ?? 'user';
    if (!canAssignRole(actor, role)) throw AppError.forbidden('Only super admins can create admins.');
    assertStrongPassword(input.password, input.email, await this.passwordRules());
    if (await this.users.emailExists(input.email)) {
      throw AppError.conflict('An account with this email already exists.', 'email_taken');
    }
    const passwordHash = await this.hasher.hash(input.password);
    const created = await this.uow.run(async (tx) => {
      const user = await this.users.create(
        tx,
        {
          email: input.email,
          full_name: input.full_name?.trim() || input.email,
          password_hash: passwordHash,
          role,
          organization_id: actor.organization_id,
          parent_user_id: actor.id,
        },
        { claimSuperAdmin: false },
      );
      const event = { userId: user.id, action: 'CREATE', resourceType: 'user', resourceId: user.id } as const;
      await this.audit.record(tx, { ...event, details: { via: 'admin', role } }, context);
      return user;
    });
    return this.visibleTarget(actor, created.id);
  }

  async setRole(actor: AuthUser, id: string, role: AssignableRole, context: AuditContext = actorContext(actor)) {
    const target = await this.manageableTarget(actor, id);
    if (!canAssignRole(actor, role)) throw AppError.forbidden('Only super admins can promote to admin.');
    await this.uow.run(async (tx) => {
      await this.adminUsers.setRole(id, role, tx);
      const event = { userId: id, action: 'ROLE_CHANGE', resourceType: 'user', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { from: target.role, to: role } }, context);
    });
    return this.visibleTarget(actor, id);
  }

  /** Corrects a user's name or e-mail; a new address is unverified until its owner opens a verification link. */
  async updateDetails(
    actor: AuthUser,
    id: string,
    patch: { full_name?: string; email?: string },
    context: AuditContext = actorContext(actor),
  ) {
    const target = await this.manageableTarget(actor, id);
    const email = patch.email !== undefined && patch.email !== target.email ? patch.email : undefined;
    const taken = () => AppError.conflict('An account with this email already exists.', 'email_taken');
    if (email !== undefined && (await this.users.emailExists(email))) throw taken();
    try {
      await this.uow.run(async (tx) => {
        await this.adminUsers.updateDetails(tx, id, { full_name: patch.full_name, email });
        const changes = {
          ...(patch.full_name !== undefined && { full_name: { from: target.full_name, to: patch.full_name } }),
          ...(email !== undefined && { email: { from: target.email, to: email } }),
        };
        const event = { userId: id, action: 'UPDATE', resourceType: 'user', resourceId: id } as const;
        await this.audit.record(tx, { ...event, details: changes }, context);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return this.visibleTarget(actor, id);
  }

  async setBanned(actor: AuthUser, id: string, banned: boolean, context: AuditContext = actorContext(actor)) {
    await this.manageableTarget(actor, id);
    await this.uow.run(async (tx) => {
      await this.adminUsers.setStatus(tx, id, banned ? 'banned' : 'active', banned ? actor.id : null);
      const event = { userId: id, action: banned ? 'BAN' : 'UNBAN', resourceType: 'user', resourceId: id } as const;
      await this.audit.record(tx, event, context);
    });
    if (banned) this.sessionsRevoked(id);
    return this.visibleTarget(actor, id);
  }

  async delete(actor: AuthUser, id: string, context: AuditContext = actorContext(actor)): Promise<void> {
    await this.manageableTarget(actor, id);
    await this.purgeAccount(id, context);
    this.sessionsRevoked(id);
  }
}

/** Without request details (e.g. a bulk import), the entry still says who acted. */
const actorContext = (actor: AuthUser): AuditContext => ({
  actorId: actor.id,
  actorEmail: actor.email,
  ip: null,
  userAgent: null,
});
