import type { Role } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Executor, executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { type AuthUser, roleOrUser } from './user.types';

/** The organisation every account belongs to until there are others (created by the first migration). */
export { DEFAULT_ORGANIZATION_ID } from '../../db/migrations/20261122_0001_foundation';

export const BOOTSTRAP_KEY = 'bootstrap_super_admin';

/** What every query that yields an AuthUser selects (from profiles left-joined with user_roles). */
export const USER_COLUMNS = [
  'profiles.id',
  'profiles.email',
  'profiles.full_name',
  'profiles.avatar_url',
  'profiles.status',
  'profiles.created_at',
  'user_roles.role',
  'user_roles.organization_id',
] as const;

export interface NewUser {
  email: string;
  full_name: string | null;
  password_hash: string;
  role: Role;
  organization_id: string | null;
  parent_user_id: string | null;
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectUsers(db: Executor = this.db) {
    return db.selectFrom('profiles').leftJoin('user_roles', 'user_roles.user_id', 'profiles.id').select(USER_COLUMNS);
  }

  async findById(id: string): Promise<AuthUser | undefined> {
    const row = await this.selectUsers().where('profiles.id', '=', id).executeTakeFirst();
    return row && toAuthUser(row);
  }

  async findCredentialsByEmail(email: string): Promise<(AuthUser & { password_hash: string }) | undefined> {
    const row = await this.selectUsers()
      .innerJoin('user_credentials', 'user_credentials.user_id', 'profiles.id')
      .select('user_credentials.password_hash')
      .where('profiles.email', '=', email)
      .executeTakeFirst();
    return row && { ...toAuthUser(row), password_hash: row.password_hash };
  }

  async findPasswordHash(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_credentials')
      .select('password_hash')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash;
  }

  async emailExists(email: string): Promise<boolean> {
    const row = await this.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Creates profile, credentials and role in the caller's unit of work. With `claimSuperAdmin` the account becomes
   * super_admin only if no account has claimed it before (an insert-once row, so two sign-ups racing on a
   * fresh instance cannot both win).
   */
  async create(tx: Tx, user: NewUser, options: { claimSuperAdmin: boolean }): Promise<AuthUser> {
    const trx = executor(tx);
    const id = newId();
    const now = nowIso();
    let role = user.role;
    if (options.claimSuperAdmin) {
      const claimed = await trx
        .insertInto('instance_settings')
        .values({ key: BOOTSTRAP_KEY, value: id, updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0) role = 'super_admin';
    }
    await trx
      .insertInto('profiles')
      .values({
        id,
        email: user.email,
        full_name: user.full_name,
        avatar_url: null,
        status: 'active',
        banned_at: null,
        banned_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('user_credentials')
      .values({ user_id: id, password_hash: user.password_hash, updated_at: now })
      .execute();
    await trx
      .insertInto('user_roles')
      .values({ user_id: id, role, organization_id: user.organization_id, parent_user_id: user.parent_user_id })
      .execute();
    const created = await this.selectUsers(trx).where('profiles.id', '=', id).executeTakeFirstOrThrow();
    return toAuthUser(created);
  }

  async updateProfile(
    id: string,
    patch: { full_name?: string | null; avatar_url?: string | null },
    tx?: Tx,
  ): Promise<void> {
    await executor(tx, this.db)
      .updateTable('profiles')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async setPasswordHash(userId: string, passwordHash: string, tx?: Tx): Promise<void> {
    await executor(tx, this.db)
      .updateTable('user_credentials')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .execute();
  }
}

interface UserRow {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  status: AuthUser['status'];
  created_at: string;
  role: string | null;
  organization_id: string | null;
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    avatar_url: row.avatar_url,
    status: row.status,
    created_at: row.created_at,
    role: roleOrUser(row.role),
    organization_id: row.organization_id ?? null,
  };
}
