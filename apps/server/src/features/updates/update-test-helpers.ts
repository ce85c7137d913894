import { newId, nowIso } from '../../lib/crypto';
import { type DbHandle, kyselyOf } from '../../../test/test-server';

/**
 * Test fixtures for the update notices. Versions and the fan-out of notifications belong to the releases
 * feature; these write the same rows directly so the notice tests do not depend on its GitHub flow.
 */
export async function insertVersion(
  db: DbHandle,
  version: string,
  options: { status?: 'draft' | 'staged' | 'live' | 'rollback'; notes?: string; critical?: boolean } = {},
): Promise<string> {
  const id = newId();
  const now = nowIso();
  const status = options.status ?? 'live';
  await kyselyOf(db)
    .insertInto('app_versions')
    .values({
      id,
      version_number: version,
      version_key: version.replace(/(\.0+)+$/, ''),
      release_notes: options.notes ?? `Notes for ${version}`,
      is_critical: options.critical ? 1 : 0,
      deployment_status: status,
      deployed_at: status === 'live' ? now : null,
      created_by_user_id: null,
      created_at: now,
      updated_at: now,
      github_release_id: null,
      github_commit_sha: null,
      deployment_error: null,
    })
    .execute();
  return id;
}

/** One update notification for the user about the version; its id. */
export async function insertNotification(db: DbHandle, userId: string, versionId: string): Promise<string> {
  const id = newId();
  await kyselyOf(db)
    .insertInto('update_notifications')
    .values({
      id,
      user_id: userId,
      version_id: versionId,
      notification_type: 'update_available',
      title: 'Update available',
      message: 'A new version is available',
      is_critical: 0,
      read_at: null,
      dismissed_at: null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}
