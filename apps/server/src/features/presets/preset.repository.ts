import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { ChatPresetsTable, Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export type PresetRow = Selectable<ChatPresetsTable>;
/** A visible preset with who made it. */
export type PresetListRow = PresetRow & { author_name: string | null; author_email: string };

type From = ExpressionBuilder<Database, 'chat_presets' | 'profiles'>;

/**
 * Which presets a user may use: own ones; others' shared ones whose owner is in the viewer's organisation now
 * (both checked against user_roles, as for prompts, so a preset stops being visible when either moves); and
 * those shared with a group the viewer is in now. The viewer's organisation is looked up here, so a caller that
 * knows only the user id (chat, /v1) gets the same answer as the Workspace.
 */
function visibleTo(userId: string) {
  return (eb: From) => {
    const viewerOrg = eb.selectFrom('user_roles').select('user_roles.organization_id').where('user_id', '=', userId);
    const ownerOrg = eb
      .selectFrom('user_roles as owner_role')
      .select('owner_role.organization_id')
      .whereRef('owner_role.user_id', '=', 'chat_presets.user_id');
    const viaGroup = eb(
      'chat_presets.id',
      'in',
      eb
        .selectFrom('chat_preset_group_shares as ps')
        .innerJoin('user_group_members as m', 'm.group_id', 'ps.group_id')
        .select('ps.preset_id')
        .where('m.user_id', '=', userId),
    );
    return eb.or([
      eb('chat_presets.user_id', '=', userId),
      eb.and([
        eb('chat_presets.shared', '=', 1),
        eb('chat_presets.organization_id', 'is not', null),
        eb('chat_presets.organization_id', '=', ownerOrg),
        eb('chat_presets.organization_id', '=', viewerOrg),
      ]),
      viaGroup,
    ]);
  };
}

/** Presets ("assistants"); reads see every preset the user may use, writes only own ones. */
export class PresetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private visible(userId: string) {
    return this.db
      .selectFrom('chat_presets')
      .innerJoin('profiles', 'profiles.id', 'chat_presets.user_id')
      .selectAll('chat_presets')
      .select(['profiles.full_name as author_name', 'profiles.email as author_email'])
      .where(visibleTo(userId));
  }

  async listVisible(userId: string): Promise<PresetListRow[]> {
    return await this.visible(userId)
      .orderBy('chat_presets.name')
      .orderBy('chat_presets.id')
      // Own presets are capped (PRESET_LIMIT); this bounds a large organisation's shared ones too.
      .limit(2000)
      .execute();
  }

  async findVisible(userId: string, id: string): Promise<PresetListRow | undefined> {
    return await this.visible(userId).where('chat_presets.id', '=', id).executeTakeFirst();
  }

  /** By exact name (the /v1 model id); an own preset wins over a shared one of the same name. */
  async findVisibleByName(userId: string, name: string): Promise<PresetListRow | undefined> {
    const rows = await this.visible(userId).where('chat_presets.name', '=', name).limit(50).execute();
    return rows.find((row) => row.user_id === userId) ?? rows[0];
  }

  async findOwn(userId: string, id: string): Promise<PresetRow | undefined> {
    return await this.db
      .selectFrom('chat_presets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countOwn(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_presets')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async insert(tx: Tx, row: PresetRow): Promise<void> {
    await executor(tx, this.db).insertInto('chat_presets').values(row).execute();
  }

  /** Updates an own preset; false when the user has no such preset. */
  async updateOwn(
    tx: Tx,
    userId: string,
    id: string,
    changes: Partial<Omit<PresetRow, 'id' | 'user_id' | 'created_at'>>,
  ): Promise<boolean> {
    const result = await executor(tx, this.db)
      .updateTable('chat_presets')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes an own preset; false when the user has no such preset. */
  async deleteOwn(tx: Tx, userId: string, id: string): Promise<boolean> {
    const result = await executor(tx, this.db)
      .deleteFrom('chat_presets')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async groups(presetId: string): Promise<{ id: string; name: string }[]> {
    return await this.db
      .selectFrom('chat_preset_group_shares as ps')
      .innerJoin('user_groups as g', 'g.id', 'ps.group_id')
      .select(['g.id', 'g.name'])
      .where('ps.preset_id', '=', presetId)
      .orderBy('g.name')
      .execute();
  }

  /** Of these group ids, those of the organisation (a preset is shared only within its owner's). */
  async groupsIn(organizationId: string, groupIds: string[]): Promise<string[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('user_groups')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', 'in', groupIds)
      .execute();
    return rows.map((row) => row.id);
  }

  async replaceGroups(tx: Tx, presetId: string, groupIds: string[], now: string): Promise<void> {
    const trx = executor(tx, this.db);
    await trx.deleteFrom('chat_preset_group_shares').where('preset_id', '=', presetId).execute();
    if (groupIds.length === 0) return;
    await trx
      .insertInto('chat_preset_group_shares')
      .values(groupIds.map((groupId) => ({ preset_id: presetId, group_id: groupId, created_at: now })))
      .execute();
  }
}
