import type { AdminUser, Role } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { roleOrUser } from '../accounts';

/** The part of the instance an admin may see: everything, or one organisation. */
export type UserScope = { kind: 'all' } | { kind: 'organization'; organizationId: string | null };

export class AdminUserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base(scope: UserScope) {
    let query = this.db.selectFrom('profiles').leftJoin('user_roles', 'user_roles.user_id', 'profiles.id');
    if (scope.kind === 'organization') {
      // An admin without an organisation sees nobody rather than everybody.
      query = query.where('user_roles.organization_id', '=', scope.organizationId ?? '\u0000');
    }
    return query;
  }

  async list(scope: UserScope, options: { search?: string; organizationId?: string; page: number; pageSize: number }) {
    let query = this.base(scope);
    if (options.organizationId) query = query.where('user_roles.organization_id', '=', options.organizationId);
    if (options.search) {
      // Wildcards are dropped rather than escaped: LIKE escaping differs between SQLite and PostgreSQL.
      const pattern = `%${options.search.toLowerCase().replace(/[\\%_]/g, '')}%`;
      query = query.where((eb) =>
        eb.or([eb('profiles.email', 'like', pattern), eb(eb.fn('lower', ['profiles.full_name']), 'like', pattern)]),
      );
    }
    const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    const rows = await query
      .select(columns)
      .orderBy('profiles.created_at', 'desc')
      .orderBy('profiles.id')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute();
    return { users: rows.map(toAdminUser), total: Number(totalRow?.total ?? 0) };
  }

  async findInScope(scope: UserScope, id: string): Promise<AdminUser | undefined> {
    const row = await this.base(scope).select(columns).where('profiles.id', '=', id).executeTakeFirst();
    return row && toAdminUser(row);
  }

  async setRole(id: string, role: Role, tx?: Tx): Promise<void> {
    await executor(tx, this.db).updateTable('user_roles').set({ role }).where('user_id', '=', id).execute();
  }

  /** Name and address; a changed address is no longer verified. */
  async updateDetails(tx: Tx, id: string, patch: { full_name?: string; email?: string }): Promise<void> {
    await executor(tx)
      .updateTable('profiles')
      .set({
        ...(patch.full_name !== undefined && { full_name: patch.full_name }),
        ...(patch.email !== undefined && { email: patch.email, email_verified_at: null }),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Status change and the end of every session happen together. */
  async setStatus(tx: Tx, id: string, status: AdminUser['status'], actorId: string | null): Promise<void> {
    const trx = executor(tx);
    const banned = status === 'banned';
    await trx
      .updateTable('profiles')
      .set({ status, banned_at: banned ? nowIso() : null, banned_by: banned ? actorId : null, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (status !== 'active') await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('profiles').where('id', '=', id).execute();
  }
}

const columns = [
  'profiles.id',
  'profiles.email',
  'profiles.full_name',
  'profiles.avatar_url',
  'profiles.status',
  'profiles.banned_at',
  'profiles.banned_by',
  'profiles.created_at',
  'user_roles.role',
  'user_roles.organization_id',
  'user_roles.parent_user_id',
] as const;

interface Row {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  status: AdminUser['status'];
  banned_at: string | null;
  banned_by: string | null;
  created_at: string;
  role: string | null;
  organization_id: string | null;
  parent_user_id: string | null;
}

const toAdminUser = (row: Row): AdminUser => ({
  ...row,
  role: roleOrUser(row.role),
  organization_id: row.organization_id ?? null,
  parent_user_id: row.parent_user_id ?? null,
});
