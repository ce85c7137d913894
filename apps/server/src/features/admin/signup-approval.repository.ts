import type { PendingUser } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { roleOrUser } from '../accounts';
import type { UserScope } from './admin-user.repository';

/** Accounts waiting for an administrator's approval (one row each; approval deletes it). */
export class SignupApprovalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async markPending(tx: Tx, userId: string): Promise<void> {
    await executor(tx).insertInto('signup_approvals').values({ user_id: userId, requested_at: nowIso() }).execute();
  }

  async isPending(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('signup_approvals')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  private base(scope: UserScope) {
    let query = this.db
      .selectFrom('signup_approvals')
      .innerJoin('profiles', 'profiles.id', 'signup_approvals.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id');
    if (scope.kind === 'organization') {
      // An admin without an organisation sees nobody rather than everybody.
      query = query.where('user_roles.organization_id', '=', scope.organizationId ?? '\u0000');
    }
    return query.select([
      'profiles.id',
      'profiles.email',
      'profiles.full_name',
      'user_roles.organization_id',
      'user_roles.role',
      'signup_approvals.requested_at',
    ]);
  }

  async list(scope: UserScope): Promise<PendingUser[]> {
    const rows = await this.base(scope).orderBy('signup_approvals.requested_at').orderBy('profiles.id').execute();
    return rows.map(({ role: _role, ...row }) => ({ ...row, organization_id: row.organization_id ?? null }));
  }

  /** A pending account the scope can see, with what the admin rules need to decide on it. */
  async findInScope(scope: UserScope, userId: string) {
    const row = await this.base(scope).where('profiles.id', '=', userId).executeTakeFirst();
    return row && { ...row, role: roleOrUser(row.role), organization_id: row.organization_id ?? null };
  }

  /** True when this call approved the account (two admins approving at once: one wins). */
  async approve(tx: Tx, userId: string): Promise<boolean> {
    const result = await executor(tx).deleteFrom('signup_approvals').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
