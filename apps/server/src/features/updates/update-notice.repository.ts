import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/crypto';

export interface NoticeState {
  snoozed_until: string | null;
  dismissed_version: string | null;
  seen_version: string | null;
}

type NoticeChange = Partial<NoticeState>;

/**
 * Each user's own answer to the update notices (scoped by user id on every query), and the versions created
 * in Admin → Updates that are live (instance-wide; only admins are shown them).
 */
export class UpdateNoticeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async state(userId: string): Promise<NoticeState | undefined> {
    return await this.db
      .selectFrom('update_notice_states')
      .select(['snoozed_until', 'dismissed_version', 'seen_version'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async save(userId: string, change: NoticeChange): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('update_notice_states')
      .values({
        user_id: userId,
        snoozed_until: null,
        dismissed_version: null,
        seen_version: null,
        ...change,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: now }))
      .execute();
  }

  /** Live versions created in Admin → Updates (a handful at most; compared by number in the service). */
  async liveVersions() {
    return await this.db
      .selectFrom('app_versions')
      .select(['version_number', 'release_notes', 'is_critical', 'deployed_at'])
      .where('deployment_status', '=', 'live')
      .execute();
  }
}

export type LiveVersionRow = Awaited<ReturnType<UpdateNoticeRepository['liveVersions']>>[number];
