import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/crypto';

const KEY = 'network.allowed_hosts';

/** The intranet allowlist, one row of instance_settings holding a JSON array. */
export class NetworkSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async allowedHosts(): Promise<string[]> {
    const row = await this.db.selectFrom('instance_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    if (!row) return [];
    try {
      const parsed: unknown = JSON.parse(row.value);
      return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
    } catch {
      return [];
    }
  }

  async setAllowedHosts(hosts: string[], db: Kysely<Database> = this.db): Promise<void> {
    const value = JSON.stringify(hosts);
    const updated_at = nowIso();
    await db
      .insertInto('instance_settings')
      .values({ key: KEY, value, updated_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
      .execute();
  }
}
