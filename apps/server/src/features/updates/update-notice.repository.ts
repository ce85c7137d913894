import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { PreferencesRepository } from '../privacy';

const versionColumns = [
  'app_versions.id',
  'app_versions.version_number',
  'app_versions.release_notes',
  'app_versions.is_critical',
  'app_versions.deployed_at',
] as const;

const notificationColumns = [
  'update_notifications.id',
  'update_notifications.version_id',
  'update_notifications.notification_type',
  'update_notifications.title',
  'update_notifications.message',
  'update_notifications.is_critical',
  'update_notifications.read_at',
  'update_notifications.dismissed_at',
  'update_notifications.created_at',
  'app_versions.version_number',
  'app_versions.release_notes',
] as const;

/**
 * What every signed-in user reads about updates: live versions (public to them) and their own update
 * notifications. Every notification query is scoped by its owner here, so no route can reach another user's.
 */
export class UpdateNoticeRepository {
  private readonly preferences: PreferencesRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.preferences = new PreferencesRepository(db);
  }

  /** Every live version; a handful at most, compared by number in the service. */
  liveVersions() {
    return this.db
      .selectFrom('app_versions')
      .select(versionColumns)
      .where('app_versions.deployment_status', '=', 'live')
      .execute();
  }

  /** The owner's notifications that are not dismissed, for versions still live, newest first. */
  openNotifications(userId: string) {
    return this.db
      .selectFrom('update_notifications')
      .innerJoin('app_versions', 'app_versions.id', 'update_notifications.version_id')
      .select(notificationColumns)
      .where('update_notifications.user_id', '=', userId)
      .where('update_notifications.dismissed_at', 'is', null)
      .where('app_versions.deployment_status', '=', 'live')
      .orderBy('update_notifications.created_at', 'desc')
      .orderBy('update_notifications.id')
      .execute();
  }

  findNotification(userId: string, id: string, tx?: Tx) {
    return executor(tx, this.db)
      .selectFrom('update_notifications')
      .innerJoin('app_versions', 'app_versions.id', 'update_notifications.version_id')
      .select(notificationColumns)
      .where('update_notifications.user_id', '=', userId)
      .where('update_notifications.id', '=', id)
      .executeTakeFirst();
  }

  /** How many of the owner's notifications for the version are open, and how many are dismissed. */
  async notificationCounts(userId: string, versionId: string): Promise<{ open: number; dismissed: number }> {
    const rows = await this.db
      .selectFrom('update_notifications')
      .select(['dismissed_at'])
      .where('user_id', '=', userId)
      .where('version_id', '=', versionId)
      .execute();
    const dismissed = rows.filter((row) => row.dismissed_at !== null).length;
    return { open: rows.length - dismissed, dismissed };
  }

  /** unread → read: sets read_at once; a notification already read keeps its first time. */
  async markRead(tx: Tx, userId: string, id: string) {
    await executor(tx)
      .updateTable('update_notifications')
      .set({ read_at: nowIso() })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
    return this.findNotification(userId, id, tx);
  }

  /** read → dismissed (a notification dismissed unread counts as read then too); only open ones change. */
  async dismiss(userId: string, versionId?: string, tx?: Tx): Promise<number> {
    const now = nowIso();
    let query = executor(tx, this.db)
      .updateTable('update_notifications')
      .set((eb) => ({ dismissed_at: now, read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
      .where('user_id', '=', userId)
      .where('dismissed_at', 'is', null);
    if (versionId) query = query.where('version_id', '=', versionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async lastUpdatedVersion(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_update_preferences')
      .select('last_updated_version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.last_updated_version ?? null;
  }

  /** Finishing an update: records the version and dismisses the owner's notifications for it, together. */
  async finishUpdate(tx: Tx, userId: string, version: { id: string; version_number: string }): Promise<number> {
    await this.preferences.getOrCreate(userId, tx);
    await executor(tx)
      .updateTable('user_update_preferences')
      .set({ last_updated_version: version.version_number, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .execute();
    return this.dismiss(userId, version.id, tx);
  }
}

export type NotificationRow = NonNullable<Awaited<ReturnType<UpdateNoticeRepository['findNotification']>>>;
export type LiveVersionRow = Awaited<ReturnType<UpdateNoticeRepository['liveVersions']>>[number];
