import type { Kysely } from 'kysely';
import { DEFAULT_ORGANIZATION_ID } from '../../db/migrations/20261122_0001_foundation';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/** Everything (super admins) or one organisation (its admins). */
export type OrganizationScope = { kind: 'all' } | { kind: 'organization'; organizationId: string | null };

export interface OrganizationRow {
  id: string;
  name: string;
  created_at: string;
  user_count: number;
  group_count: number;
  /** The organisation self-registered accounts join. */
  is_default: boolean;
}

/** A user as moving between organisations sees them. */
export interface Membership {
  user_id: string;
  role: string;
  organization_id: string | null;
}

/** Organisations, and moving a user from one to another (with what must not follow them). */
export class OrganizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(scope: OrganizationScope): Promise<OrganizationRow[]> {
    let query = this.db.selectFrom('organizations as o').select((eb) => [
      'o.id',
      'o.name',
      'o.created_at',
      eb
        .selectFrom('user_roles')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('user_roles.organization_id', '=', 'o.id')
        .as('user_count'),
      eb
        .selectFrom('user_groups')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('user_groups.organization_id', '=', 'o.id')
        .as('group_count'),
    ]);
    // An admin without an organisation sees none rather than all.
    if (scope.kind === 'organization') query = query.where('o.id', '=', scope.organizationId ?? '\u0000');
    const rows = await query.orderBy('o.created_at').orderBy('o.id').execute();
    return rows.map((row) => ({
      ...row,
      user_count: Number(row.user_count),
      group_count: Number(row.group_count),
      is_default: row.id === DEFAULT_ORGANIZATION_ID,
    }));
  }

  async find(scope: OrganizationScope, id: string): Promise<OrganizationRow | undefined> {
    return (await this.list(scope)).find((row) => row.id === id);
  }

  /** Case-insensitive, so "Sales" and "sales" are not two organisations. */
  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('organizations')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptId) query = query.where('id', '!=', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async create(tx: Tx, row: { id: string; name: string; created_at: string }): Promise<void> {
    await executor(tx).insertInto('organizations').values(row).execute();
  }

  async rename(tx: Tx, id: string, name: string): Promise<void> {
    await executor(tx).updateTable('organizations').set({ name }).where('id', '=', id).execute();
  }

  /**
   * Deletes an organisation with no users (checked in the same statement, so a user moved in meanwhile keeps it);
   * its groups and shares go with it (cascade). False when it had users or was gone.
   */
  async deleteIfEmpty(tx: Tx, id: string): Promise<boolean> {
    const result = await executor(tx)
      .deleteFrom('organizations')
      .where('id', '=', id)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('user_roles').select('user_id').where('user_roles.organization_id', '=', id))),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async membership(userId: string): Promise<Membership | undefined> {
    return await this.db
      .selectFrom('user_roles')
      .select(['user_id', 'role', 'organization_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Moves a user: their groups in the old organisation and everything they shared there (collections with its
   * groups or the organisation, prompts with its groups) end in the same transaction, so nothing of theirs stays
   * readable where they no longer belong. Returns how many memberships and shares ended.
   */
  async moveUser(tx: Tx, userId: string, organizationId: string): Promise<{ groups: number; shares: number }> {
    const trx = executor(tx);
    await trx
      .updateTable('user_roles')
      .set({ organization_id: organizationId })
      .where('user_id', '=', userId)
      .execute();
    const groups = await trx
      .deleteFrom('user_group_members')
      .where('user_id', '=', userId)
      .where('group_id', 'not in', (eb) =>
        eb.selectFrom('user_groups').select('id').where('organization_id', '=', organizationId),
      )
      .executeTakeFirst();
    const collectionShares = await trx
      .deleteFrom('knowledge_collection_shares')
      .where('collection_id', 'in', (eb) =>
        eb.selectFrom('knowledge_collections').select('id').where('user_id', '=', userId),
      )
      .executeTakeFirst();
    const promptShares = await trx
      .deleteFrom('prompt_group_shares')
      .where('prompt_id', 'in', (eb) => eb.selectFrom('prompts').select('id').where('user_id', '=', userId))
      .executeTakeFirst();
    const presetShares = await trx
      .deleteFrom('chat_preset_group_shares')
      .where('preset_id', 'in', (eb) => eb.selectFrom('chat_presets').select('id').where('user_id', '=', userId))
      .executeTakeFirst();
    return {
      groups: Number(groups.numDeletedRows),
      shares:
        Number(collectionShares.numDeletedRows) +
        Number(promptShares.numDeletedRows) +
        Number(presetShares.numDeletedRows),
    };
  }
}
