import type { AppVersion, DeploymentLog } from '@hearth/contract';
import type { AppVersionRow } from './app-version.repository';
import type { DeploymentLogListRow } from './deployment-log.repository';

/**
 * The unique key of a version number: its parts as plain numbers without trailing zero parts, so 1.0, 1.0.0
 * and 01.0 are the same version (compareVersions says they are equal).
 */
export function versionKey(version: string): string {
  const parts = version.trim().split('.').map(Number);
  while (parts.length > 1 && parts[parts.length - 1] === 0) parts.pop();
  return parts.join('.');
}

export const toAppVersion = (row: AppVersionRow): AppVersion => ({
  id: row.id,
  version: row.version_number,
  release_notes: row.release_notes,
  is_critical: row.is_critical === 1,
  deployment_status: row.deployment_status,
  deployed_at: row.deployed_at,
  created_by_user_id: row.created_by_user_id,
  created_at: row.created_at,
  github_release_id: row.github_release_id,
  github_commit_sha: row.github_commit_sha,
  deployment_error: row.deployment_error,
});

export const toDeploymentLog = (row: DeploymentLogListRow): DeploymentLog => ({
  id: row.id,
  version_id: row.version_id,
  version: row.version_number,
  deployment_status: row.deployment_status,
  started_at: row.started_at,
  completed_at: row.completed_at,
  github_release_id: row.github_release_id,
  github_commit_sha: row.github_commit_sha,
  deployment_url: row.deployment_url,
  deployment_error: row.deployment_error,
  user_id: row.user_id,
});
