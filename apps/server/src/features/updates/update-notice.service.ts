import {
  compareVersions,
  type DismissUpdatesResponse,
  type FinalizeUpdateResponse,
  type LiveVersion,
  type UpdateNotification,
  type UpdatesResponse,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { LiveVersionRow, NotificationRow, UpdateNoticeRepository } from './update-notice.repository';

const toLiveVersion = (row: LiveVersionRow): LiveVersion => ({
  id: row.id,
  version: row.version_number,
  release_notes: row.release_notes,
  is_critical: row.is_critical === 1,
  deployed_at: row.deployed_at,
});

const toNotification = (row: NotificationRow): UpdateNotification => ({
  id: row.id,
  version_id: row.version_id,
  version: row.version_number,
  title: row.title,
  message: row.message,
  release_notes: row.release_notes,
  is_critical: row.is_critical === 1,
  notification_type: row.notification_type,
  is_read: row.read_at !== null,
  read_at: row.read_at,
  dismissed_at: row.dismissed_at,
  created_at: row.created_at,
});

/** The newest by version number (spec §4: part by part, missing parts as 0); ties go to the later deploy. */
export function newestVersion<T extends { version_number: string; deployed_at: string | null }>(
  rows: readonly T[],
): T | undefined {
  let newest: T | undefined;
  for (const row of rows) {
    const order = newest ? compareVersions(row.version_number, newest.version_number) : 1;
    if (order > 0 || (order === 0 && newest && (row.deployed_at ?? '') > (newest.deployed_at ?? ''))) newest = row;
  }
  return newest;
}

/** In-app update notices for every signed-in user: what is live, their notifications, finishing an update. */
export class UpdateNoticeService {
  constructor(
    private readonly notices: UpdateNoticeRepository,
    private readonly uow: UnitOfWork,
    private readonly serverVersion: string,
  ) {}

  async overview(userId: string): Promise<UpdatesResponse> {
    const [live, notifications, lastUpdated] = await Promise.all([
      this.notices.liveVersions(),
      this.notices.openNotifications(userId),
      this.notices.lastUpdatedVersion(userId),
    ]);
    const latest = newestVersion(live);
    const counts = latest ? await this.notices.notificationCounts(userId, latest.id) : undefined;
    return {
      latest: latest ? toLiveVersion(latest) : null,
      last_updated_version: lastUpdated,
      notifications: notifications.map(toNotification),
      latest_dismissed: counts !== undefined && counts.open === 0 && counts.dismissed > 0,
      server_version: this.serverVersion,
    };
  }

  async markRead(userId: string, id: string): Promise<UpdateNotification> {
    const row = await this.uow.run((tx) => this.notices.markRead(tx, userId, id));
    if (!row) throw AppError.notFound('Notification');
    return toNotification(row);
  }

  async dismissAll(userId: string): Promise<DismissUpdatesResponse> {
    return { dismissed: await this.notices.dismiss(userId) };
  }

  /** After the browser reloaded for an update: only a version that is live can be finished ('Version not found'). */
  async finalize(userId: string, version: string): Promise<FinalizeUpdateResponse> {
    const live = await this.notices.liveVersions();
    const target = newestVersion(live.filter((row) => compareVersions(row.version_number, version) === 0));
    if (!target) throw AppError.notFound('Version');
    const dismissed = await this.uow.run((tx) => this.notices.finishUpdate(tx, userId, target));
    return { last_updated_version: target.version_number, dismissed };
  }
}
