import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/crypto';

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

  async setJson(key: string, value: unknown, db: Kysely<Database> = this.db): Promise<void> {
    const now = nowIso();
    const json = JSON.stringify(value);
    await db
      .insertInto('instance_settings')
      .values({ key, value: json, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
      .execute();
  }
}
