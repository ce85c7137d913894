import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import type { AppVersionRow } from './app-version.repository';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (10 columns a row). */
const BATCH = 500;

/**
 * Writes the update notices a live version announces. The update-notices feature reads and changes them
 * (GET /api/updates and friends); this side only fans a new live version out.
 */
export class UpdateNotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One 'update_available' notification per profile for `version`, inside the caller's transaction. A profile
   * that already has one for this version keeps it (unique user+version), so going live twice notifies once.
   * Returns how many were created.
   */
  async fanOut(tx: Tx, version: Pick<AppVersionRow, 'id' | 'version_number' | 'is_critical'>): Promise<number> {
    const db = executor(tx);
    const profiles = await db.selectFrom('profiles').select('id').orderBy('id').execute();
    const createdAt = nowIso();
    const title = version.is_critical ? 'Critical Update Available' : 'Update Available';
    const message = `Version ${version.version_number} is now available`;
    let created = 0;
    for (let start = 0; start < profiles.length; start += BATCH) {
      const rows = profiles.slice(start, start + BATCH).map((profile) => ({
        id: newId(),
        user_id: profile.id,
        version_id: version.id,
        notification_type: 'update_available' as const,
        title,
        message,
        is_critical: version.is_critical,
        read_at: null,
        dismissed_at: null,
        created_at: createdAt,
      }));
      const result = await db
        .insertInto('update_notifications')
        .values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'version_id']).doNothing())
        .executeTakeFirst();
      created += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return created;
  }

  /** How many notifications a version has (tests and the admin view). */
  async countForVersion(versionId: string): Promise<number> {
    const row = await this.db
      .selectFrom('update_notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('version_id', '=', versionId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
