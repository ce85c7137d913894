import { compareVersions, type UpdatesResponse } from '@hearth/contract';

export interface AvailableUpdate {
  versionId: string;
  version: string;
  releaseNotes: string;
  isCritical: boolean;
  /** The caller's open notifications about this version that are still unread. */
  unreadIds: string[];
  /** The caller dismissed this version's notifications: show only the small button until asked. */
  dismissed: boolean;
}

/**
 * The version this browser runs: its own build, or the version its user last finished updating to when
 * that is newer (the update flow records it on the server after the reload).
 */
export function currentVersion(appVersion: string, lastUpdated: string | null): string {
  return lastUpdated && compareVersions(lastUpdated, appVersion) > 0 ? lastUpdated : appVersion;
}

/**
 * What the Update Available card shows, or null when it is hidden: there is no live version newer than the
 * current one (which covers "no update and no notifications", since notifications only name live versions),
 * or the current version equals the latest.
 */
export function availableUpdate(data: UpdatesResponse | undefined, appVersion: string): AvailableUpdate | null {
  const latest = data?.latest;
  if (!data || !latest) return null;
  if (compareVersions(latest.version, currentVersion(appVersion, data.last_updated_version)) <= 0) return null;
  const own = data.notifications.filter((notification) => notification.version_id === latest.id);
  return {
    versionId: latest.id,
    version: latest.version,
    releaseNotes: latest.release_notes,
    isCritical: latest.is_critical || own.some((notification) => notification.is_critical),
    unreadIds: own.filter((notification) => !notification.is_read).map((notification) => notification.id),
    dismissed: data.latest_dismissed,
  };
}
