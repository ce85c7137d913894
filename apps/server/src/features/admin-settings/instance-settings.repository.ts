import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

/** Instance-wide settings as JSON values in the key/value table; callers validate what they read. */
export class InstanceSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async getJson(key: string): Promise<unknown> {
    const row = await this.db.selectFrom('instance_settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  }

  async setJson(key: string, value: unknown, tx?: Tx): Promise<void> {
    const now = nowIso();
    const json = JSON.stringify(value);
    await executor(tx, this.db)
      .insertInto('instance_settings')
      .values({ key, value: json, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
      .execute();
  }
}
