import { type AppVersion, VERSION_NUMBER_MESSAGE, VERSION_NUMBER_PATTERN } from '@hearth/contract';
import { RELEASE_MESSAGES } from './messages';

/** "m:ss" between start and end, or 'In progress...' while the deployment has not finished. */
export function formatDuration(startedAt: string, completedAt: string | null): string {
  if (!completedAt) return RELEASE_MESSAGES.inProgress;
  const ms = Date.parse(completedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return '0:00';
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Why a typed version number is not acceptable, or null when it is. */
export function versionNumberProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'Version number is required';
  return VERSION_NUMBER_PATTERN.test(trimmed) ? null : VERSION_NUMBER_MESSAGE;
}

export interface VersionActions {
  stage: boolean;
  deploy: boolean;
  deployViaGithub: boolean;
  rollback: boolean;
  rollbackViaGithub: boolean;
  delete: boolean;
}

/** The buttons a version offers (spec §4); the server checks every move again. */
export function versionActions(version: AppVersion, githubConfigured: boolean): VersionActions {
  const status = version.deployment_status;
  return {
    stage: status === 'draft',
    deploy: status === 'staged',
    deployViaGithub: status === 'staged' && githubConfigured,
    rollback: status === 'live',
    rollbackViaGithub: status === 'live' && githubConfigured && Boolean(version.github_release_id),
    delete: status !== 'live',
  };
}

export const STATUS_BADGE = {
  draft: { label: 'Draft', variant: 'outline' },
  staged: { label: 'Staged', variant: 'secondary' },
  live: { label: 'Live', variant: 'default' },
  rollback: { label: 'Rolled back', variant: 'destructive' },
} as const;

export const LOG_STATUS_BADGE = {
  pending: { label: 'Pending', variant: 'outline' },
  in_progress: { label: 'In progress', variant: 'secondary' },
  completed: { label: 'Completed', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;
