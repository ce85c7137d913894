import type { Group, GroupMember } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/** Groups inside organisations and their members. Scope (which organisation) is always a query condition. */
export class GroupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db.selectFrom('user_groups as g').select((eb) => [
      'g.id',
      'g.organization_id',
      'g.name',
      'g.created_at',
      eb
        .selectFrom('user_group_members as m')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('m.group_id', '=', 'g.id')
        .as('member_count'),
    ]);
  }

  /** The groups of one organisation, or of all (null: super admins without a filter). */
  async list(organizationId: string | null): Promise<Group[]> {
    let query = this.base();
    if (organizationId !== null) query = query.where('g.organization_id', '=', organizationId);
    const rows = await query.orderBy('g.name').orderBy('g.id').execute();
    return rows.map((row) => ({ ...row, member_count: Number(row.member_count) }));
  }

  async find(id: string): Promise<Group | undefined> {
    const row = await this.base().where('g.id', '=', id).executeTakeFirst();
    return row && { ...row, member_count: Number(row.member_count) };
  }

  async nameTaken(organizationId: string, name: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('user_groups')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptId) query = query.where('id', '!=', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async create(tx: Tx, row: { id: string; organization_id: string; name: string; created_at: string }) {
    await executor(tx).insertInto('user_groups').values(row).execute();
  }

  async rename(tx: Tx, id: string, name: string): Promise<void> {
    await executor(tx).updateTable('user_groups').set({ name }).where('id', '=', id).execute();
  }

  /** Members and every share naming the group go with it (cascade). */
  async delete(tx: Tx, id: string): Promise<void> {
    await executor(tx).deleteFrom('user_groups').where('id', '=', id).execute();
  }

  async members(groupId: string): Promise<GroupMember[]> {
    return await this.db
      .selectFrom('user_group_members as m')
      .innerJoin('profiles as p', 'p.id', 'm.user_id')
      .select(['m.user_id', 'p.email', 'p.full_name', 'm.created_at as added_at'])
      .where('m.group_id', '=', groupId)
      .orderBy('p.email')
      .execute();
  }

  /** The user's organisation now, or undefined when there is no such user. */
  async organizationOf(userId: string): Promise<{ organization_id: string | null } | undefined> {
    return await this.db
      .selectFrom('user_roles')
      .select('organization_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Adds a member only while they belong to the group's organisation (checked in the insert itself, so a move
   * at the same moment cannot leave a member outside it). False when they are not in it, or already a member.
   */
  async addMember(tx: Tx, group: Pick<Group, 'id' | 'organization_id'>, userId: string, now: string) {
    const result = await executor(tx)
      .insertInto('user_group_members')
      .columns(['group_id', 'user_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('user_roles')
          .select((inner) => [inner.val(group.id).as('group_id'), 'user_id', inner.val(now).as('created_at')])
          .where('user_id', '=', userId)
          .where('organization_id', '=', group.organization_id),
      )
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeMember(tx: Tx, groupId: string, userId: string): Promise<boolean> {
    const result = await executor(tx)
      .deleteFrom('user_group_members')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async isMember(groupId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The groups a user belongs to now. */
  async groupIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_group_members')
      .select('group_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.group_id);
  }

  /** Of these group ids, those of the organisation (an owner shares only with groups of their own). */
  async idsIn(organizationId: string, groupIds: string[]): Promise<string[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('user_groups')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', 'in', groupIds)
      .execute();
    return rows.map((row) => row.id);
  }
}
