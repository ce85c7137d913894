import { newId, nowIso } from '../../lib/crypto';
import { type DbHandle, kyselyOf } from '../../../test/test-server';

/**
 * A version as Admin → Updates would leave it (live unless told otherwise), written directly so tests of the
 * update notices do not depend on the releases feature's flow; its id.
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
