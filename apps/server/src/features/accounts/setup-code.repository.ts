import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/crypto';
import { BOOTSTRAP_KEY } from './user.repository';

const SETUP_CODE_KEY = 'setup_code_hash';

/** The first-account setup code: only its hash, in the settings table every replica reads. */
export class SetupCodeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The instance is claimed once the first account took super_admin (the insert-once bootstrap row). */
  async isClaimed(): Promise<boolean> {
    const row = await this.db
      .selectFrom('instance_settings')
      .select('key')
      .where('key', '=', BOOTSTRAP_KEY)
      .executeTakeFirst();
    return row !== undefined;
  }

  async storeHash(hash: string): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('instance_settings')
      .values({ key: SETUP_CODE_KEY, value: hash, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: hash, updated_at: now }))
      .execute();
  }

  async storedHash(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('instance_settings')
      .select('value')
      .where('key', '=', SETUP_CODE_KEY)
      .executeTakeFirst();
    return row?.value;
  }

  async clear(): Promise<void> {
    await this.db.deleteFrom('instance_settings').where('key', '=', SETUP_CODE_KEY).execute();
  }
}
