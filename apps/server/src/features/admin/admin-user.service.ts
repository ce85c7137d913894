import type { AdminCreateUserBody, AdminUser, AssignableRole } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { PasswordHasher } from '../accounts/password-hasher';
import { assertStrongPassword } from '../accounts/password-policy';
import type { UserRepository } from '../accounts/user.repository';
import type { AuthUser } from '../accounts/user.types';
import type { AdminUserRepository, UserScope } from './admin-user.repository';
import { canAssignRole, canManageUser } from './user-policy';

const scopeOf = (actor: AuthUser): UserScope =>
  actor.role === 'super_admin' ? { kind: 'all' } : { kind: 'organization', organizationId: actor.organization_id };

/** User management for admins. Every rule is checked here, whatever the UI shows. */
export class AdminUserService {
  constructor(
    private readonly adminUsers: AdminUserRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly passwordMinLength: number,
  ) {}

  list(actor: AuthUser, options: { search?: string; page: number; pageSize: number }) {
    return this.adminUsers.list(scopeOf(actor), options);
  }

  /** Someone outside the actor's scope does not exist as far as the actor can tell. */
  private async visibleTarget(actor: AuthUser, id: string): Promise<AdminUser> {
    const target = await this.adminUsers.findInScope(scopeOf(actor), id);
    if (!target) throw AppError.notFound('User');
    return target;
  }

  private async manageableTarget(actor: AuthUser, id: string): Promise<AdminUser> {
    const target = await this.visibleTarget(actor, id);
    if (!canManageUser(actor, target)) throw AppError.forbidden('You are not allowed to manage this user.');
    return target;
  }

  async create(
    actor: AuthUser,
    input: Required<Pick<AdminCreateUserBody, 'email' | 'password'>> & AdminCreateUserBody,
  ) {
    const role = input.role ?? 'user';
    if (!canAssignRole(actor, role)) throw AppError.forbidden('Only super admins can create admins.');
    assertStrongPassword(input.password, input.email, this.passwordMinLength);
    if (await this.users.emailExists(input.email)) {
      throw AppError.conflict('An account with this email already exists.', 'email_taken');
    }
    const created = await this.users.create(
      {
        email: input.email,
        full_name: input.full_name?.trim() || input.email,
        password_hash: await this.hasher.hash(input.password),
        role,
        organization_id: actor.organization_id,
        parent_user_id: actor.id,
      },
      { claimSuperAdmin: false },
    );
    return this.visibleTarget(actor, created.id);
  }

  async setRole(actor: AuthUser, id: string, role: AssignableRole) {
    await this.manageableTarget(actor, id);
    if (!canAssignRole(actor, role)) throw AppError.forbidden('Only super admins can promote to admin.');
    await this.adminUsers.setRole(id, role);
    return this.visibleTarget(actor, id);
  }

  async setBanned(actor: AuthUser, id: string, banned: boolean) {
    await this.manageableTarget(actor, id);
    await this.adminUsers.setStatus(id, banned ? 'banned' : 'active', banned ? actor.id : null);
    return this.visibleTarget(actor, id);
  }

  async delete(actor: AuthUser, id: string): Promise<void> {
    await this.manageableTarget(actor, id);
    await this.adminUsers.delete(id);
  }
}
