import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import type { AssignableRole } from '@hearth/contract';
import { type AuthUser, toAuthUser, USER_COLUMNS } from '../accounts';

export type SsoProvider = 'oidc' | 'ldap';

/** Accounts as single sign-on finds them: by the provider's subject, else by e-mail for linking. */
export class ExternalIdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private users() {
    return this.db
      .selectFrom('profiles')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select(USER_COLUMNS);
  }

  async findUserBySubject(provider: SsoProvider, subject: string): Promise<AuthUser | undefined> {
    const row = await this.users()
      .innerJoin('external_identities', 'external_identities.user_id', 'profiles.id')
      .where('external_identities.provider', '=', provider)
      .where('external_identities.subject', '=', subject)
      .executeTakeFirst();
    return row && toAuthUser(row);
  }

  async findUserByEmail(email: string): Promise<AuthUser | undefined> {
    const row = await this.users().where('profiles.email', '=', email.toLowerCase()).executeTakeFirst();
    return row && toAuthUser(row);
  }

  async findUserById(id: string, tx?: Tx): Promise<AuthUser | undefined> {
    const row = await executor(tx, this.db)
      .selectFrom('profiles')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select(USER_COLUMNS)
      .where('profiles.id', '=', id)
      .executeTakeFirst();
    return row && toAuthUser(row);
  }

  /** Links (or re-confirms) an identity; a subject already linked keeps its account. */
  async link(provider: SsoProvider, subject: string, userId: string, tx: Tx): Promise<void> {
    const now = nowIso();
    await executor(tx)
      .insertInto('external_identities')
      .values({ id: newId(), provider, subject, user_id: userId, created_at: now, last_login_at: now })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doUpdateSet({ last_login_at: now }))
      .execute();
  }

  /** The role (and organisation) the group mapping gave; null leaves that part as it is. */
  async applyMapping(
    userId: string,
    role: AssignableRole | null,
    organizationId: string | null,
    tx: Tx,
  ): Promise<void> {
    const patch = { ...(role ? { role } : {}), ...(organizationId ? { organization_id: organizationId } : {}) };
    if (Object.keys(patch).length === 0) return;
    await executor(tx).updateTable('user_roles').set(patch).where('user_id', '=', userId).execute();
  }

  /** The ids among `ids` that are not organisations (mapping rules must name real ones). */
  async missingOrganizations(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = await this.db
      .selectFrom('organizations')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    const known = new Set(found.map((row) => row.id));
    return [...new Set(ids.filter((id) => !known.has(id)))];
  }
}

/** Where new accounts go when no mapping rule names an organisation. */
export { DEFAULT_ORGANIZATION_ID } from '../../db/migrations/20261122_0001_foundation';
