import { type AppVersion, VERSION_NUMBER_PATTERN } from '@hearth/contract';
import { i18n } from '../../../lib/i18n';

/** "m:ss" between start and end, or 'In progress...' while the deployment has not finished. */
export function formatDuration(startedAt: string, completedAt: string | null): string {
  if (!completedAt) return i18n.t('releases:messages.inProgress');
  const ms = Date.parse(completedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return '0:00';
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Why a typed version number is not acceptable, or null when it is. */
export function versionNumberProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return i18n.t('releases:rules.numberRequired');
  // English: the contract's VERSION_NUMBER_MESSAGE, word for word.
  return VERSION_NUMBER_PATTERN.test(trimmed) ? null : i18n.t('releases:rules.numberInvalid');
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

/** Labels are keys into the releases namespace. */
export const STATUS_BADGE = {
  draft: { label: 'status.draft', variant: 'outline' },
  staged: { label: 'status.staged', variant: 'secondary' },
  live: { label: 'status.live', variant: 'default' },
  rollback: { label: 'status.rollback', variant: 'destructive' },
} as const;

/** Labels are keys into the releases namespace. */
export const LOG_STATUS_BADGE = {
  pending: { label: 'logStatus.pending', variant: 'outline' },
  in_progress: { label: 'logStatus.in_progress', variant: 'secondary' },
  completed: { label: 'logStatus.completed', variant: 'default' },
  failed: { label: 'logStatus.failed', variant: 'destructive' },
} as const;
