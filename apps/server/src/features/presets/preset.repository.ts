import type { Kysely, Selectable } from 'kysely';
import type { ChatPresetsTable, Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';
import { visibleToUser } from '../organizations';

export type PresetRow = Selectable<ChatPresetsTable>;
/** A visible preset with who made it. */
export type PresetListRow = PresetRow & { author_name: string | null; author_email: string };

/** Presets ("assistants"); reads see every preset the user may use, writes only own ones. */
export class PresetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private visible(userId: string) {
    return this.db
      .selectFrom('chat_presets')
      .innerJoin('profiles', 'profiles.id', 'chat_presets.user_id')
      .selectAll('chat_presets')
      .select(['profiles.full_name as author_name', 'profiles.email as author_email'])
      .where(visibleToUser('preset', userId));
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
}
