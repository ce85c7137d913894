import type { Kysely } from 'kysely';
import type { Database, UserUpdatePreferencesTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

export type PreferencesRow = UserUpdatePreferencesTable;
export type PreferencesPatch = Partial<
  Pick<
    PreferencesRow,
    'data_retention_days' | 'auto_delete_enabled' | 'auto_update_enabled' | 'update_frequency' | 'notify_before_update'
  >
>;

/** user_update_preferences: one row per user, created with the defaults the first time it is read. */
export class PreferencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async getOrCreate(userId: string, tx?: Tx): Promise<PreferencesRow> {
    const db = executor(tx, this.db);
    await db
      .insertInto('user_update_preferences')
      .values({
        user_id: userId,
        last_updated_version: null,
        data_retention_days: 365,
        auto_delete_enabled: 0,
        auto_update_enabled: 1,
        update_frequency: 'immediate',
        notify_before_update: 1,
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return db.selectFrom('user_update_preferences').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  }

  async update(userId: string, patch: PreferencesPatch, tx?: Tx): Promise<PreferencesRow> {
    await this.getOrCreate(userId, tx);
    if (Object.keys(patch).length > 0) {
      await executor(tx, this.db)
        .updateTable('user_update_preferences')
        .set({ ...patch, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .execute();
    }
    return this.getOrCreate(userId, tx);
  }

  /** Users whose data the retention job trims. */
  autoDeleting(): Promise<Pick<PreferencesRow, 'user_id' | 'data_retention_days'>[]> {
    return this.db
      .selectFrom('user_update_preferences')
      .innerJoin('profiles', 'profiles.id', 'user_update_preferences.user_id')
      .select(['user_update_preferences.user_id', 'user_update_preferences.data_retention_days'])
      .where('user_update_preferences.auto_delete_enabled', '=', 1)
      .orderBy('user_update_preferences.user_id')
      .execute();
  }
}
