import { z } from 'zod';

/** Dotted numerics such as 1.0.0 or 2.10: one to four parts of at most nine digits each. */
export const VERSION_NUMBER_PATTERN = /^\d{1,9}(\.\d{1,9}){0,3}$/;
export const VERSION_NUMBER_MESSAGE = 'Version must be dotted numbers, e.g. 1.0.0';

export const VersionNumber = z.string().trim().regex(VERSION_NUMBER_PATTERN, { message: VERSION_NUMBER_MESSAGE });

/**
 * Compares dotted version numbers part by part, missing parts counting as 0:
 * 1.10.0 > 1.9.9 and 1.0 = 1.0.0. Returns a negative number, 0 or a positive number.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.trim().split('.').map(Number);
  const right = b.trim().split('.').map(Number);
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

export const DeploymentStatus = z.enum(['draft', 'staged', 'live', 'rollback']);
export type DeploymentStatus = z.infer<typeof DeploymentStatus>;

export const AppVersion = z
  .object({
    id: z.string(),
    /** The dotted version number (the spec's version_number). */
    version: z.string(),
    release_notes: z.string(),
    is_critical: z.boolean(),
    deployment_status: DeploymentStatus,
    deployed_at: z.string().nullable(),
    created_by_user_id: z.string().nullable(),
    created_at: z.string(),
    github_release_id: z.string().nullable(),
    github_commit_sha: z.string().nullable(),
    deployment_error: z.string().nullable(),
  })
  .meta({ id: 'AppVersion' });
export type AppVersion = z.infer<typeof AppVersion>;

export const AppVersionList = z.object({ versions: z.array(AppVersion) });
export type AppVersionList = z.infer<typeof AppVersionList>;

export const RELEASE_NOTES_MAX = 20_000;

/** New versions may start as draft, staged or live; deployed_at is set only when live. */
export const CreateVersionBody = z.object({
  version: VersionNumber,
  release_notes: z.string().max(RELEASE_NOTES_MAX).default(''),
  is_critical: z.boolean().default(false),
  deployment_status: z.enum(['draft', 'staged', 'live']).default('draft'),
});
export type CreateVersionBody = z.input<typeof CreateVersionBody>;

/** draft → staged, staged → live (simple deploy), live → rollback (simple rollback). */
export const UpdateVersionStatusBody = z.object({ deployment_status: DeploymentStatus });
export type UpdateVersionStatusBody = z.infer<typeof UpdateVersionStatusBody>;

export const DeploymentLogStatus = z.enum(['pending', 'in_progress', 'completed', 'failed']);
export type DeploymentLogStatus = z.infer<typeof DeploymentLogStatus>;

export const DeploymentLog = z
  .object({
    id: z.string(),
    version_id: z.string(),
    /** The version number of version_id, for display. */
    version: z.string().nullable(),
    deployment_status: DeploymentLogStatus,
    started_at: z.string(),
    completed_at: z.string().nullable(),
    github_release_id: z.string().nullable(),
    github_commit_sha: z.string().nullable(),
    deployment_url: z.string().nullable(),
    deployment_error: z.string().nullable(),
    user_id: z.string().nullable(),
  })
  .meta({ id: 'DeploymentLog' });
export type DeploymentLog = z.infer<typeof DeploymentLog>;

export const DeploymentLogQuery = z.object({ version_id: z.uuid().optional() });
export type DeploymentLogQuery = z.infer<typeof DeploymentLogQuery>;

export const DeploymentLogList = z.object({ logs: z.array(DeploymentLog) });
export type DeploymentLogList = z.infer<typeof DeploymentLogList>;

/** POST /deploy and /rollback answer with the version as it now is and the log that was written. */
export const DeploymentResult = z.object({ version: AppVersion, log: DeploymentLog });
export type DeploymentResult = z.infer<typeof DeploymentResult>;

/** GET /api/admin/integrations/github: the token is write-only; only whether one is stored is shown. */
export const GithubIntegration = z
  .object({
    configured: z.boolean(),
    owner: z.string().nullable(),
    repo: z.string().nullable(),
    token_configured: z.boolean(),
    deployment_webhook_url: z.string().nullable(),
    /** Workflow file name or id dispatched on deploy; null dispatches none. */
    workflow_id: z.string().nullable(),
    /** Deployment environment name. */
    environment: z.string(),
    /** https://api.github.com, or a GitHub Enterprise API base such as https://ghe.example.com/api/v3. */
    api_base_url: z.string(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'GithubIntegration' });
export type GithubIntegration = z.infer<typeof GithubIntegration>;

export const GITHUB_DEFAULT_API_BASE_URL = 'https://api.github.com';
export const GITHUB_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

/** Empty strings are allowed through so the server can answer with the spec's 'Missing Configuration' text. */
export const SaveGithubIntegrationBody = z.object({
  owner: z.string().trim().max(100).default(''),
  repo: z.string().trim().max(100).default(''),
  /** Leave empty to keep the stored token. */
  token: z.string().trim().max(500).optional(),
  deployment_webhook_url: z.string().trim().max(2000).optional().nullable(),
  workflow_id: z.string().trim().max(200).optional().nullable(),
  environment: z.string().trim().max(100).optional().nullable(),
  api_base_url: z.string().trim().max(2000).optional().nullable(),
});
export type SaveGithubIntegrationBody = z.input<typeof SaveGithubIntegrationBody>;
export type SaveGithubIntegration = z.output<typeof SaveGithubIntegrationBody>;

export const GithubConnectionTest = z.object({
  ok: z.boolean(),
  /** owner/repo as GitHub reports it, when the connection worked. */
  repository: z.string().nullable(),
  default_branch: z.string().nullable(),
  /** The error text when the connection failed. */
  error: z.string().nullable(),
});
export type GithubConnectionTest = z.infer<typeof GithubConnectionTest>;

/** One row of update_notifications joined with its version (read by GET /api/updates). */
export const UpdateNotification = z
  .object({
    id: z.string(),
    version_id: z.string(),
    version: z.string(),
    title: z.string(),
    message: z.string(),
    release_notes: z.string(),
    is_critical: z.boolean(),
    notification_type: z.literal('update_available'),
    is_read: z.boolean(),
    read_at: z.string().nullable(),
    dismissed_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'UpdateNotification' });
export type UpdateNotification = z.infer<typeof UpdateNotification>;
