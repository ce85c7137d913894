import type { DeploymentResult } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { newId, nowIso } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { AppVersionRepository, AppVersionRow } from './app-version.repository';
import type { DeploymentLogRepository } from './deployment-log.repository';
import type { GithubConnection, GithubIntegrationService } from './github-integration.service';
import { SERVICE_NOT_CONFIGURED } from './github-integration.service';
import { callDeploymentWebhook } from './deployment-webhook';
import { toAppVersion, toDeploymentLog } from './release-mappers';
import type { UpdateNotificationRepository } from './update-notification.repository';
import { refusedTransition, type VersionService } from './version.service';

export const NO_GITHUB_RELEASE = 'No GitHub release found for this version';

/** What the GitHub steps produced, for the log and the version. */
interface Published {
  releaseId: string;
  sha: string;
  url: string | null;
}

/**
 * Deploy via GitHub and roll back via GitHub, following the spec's sequences. Every attempt leaves a log row
 * (pending → in_progress → completed, or failed with the error); a failure also stores deployment_error on the
 * version and answers 502 with 'GitHub API error: {status} - {body}'.
 */
export class GithubDeployService {
  /** Versions with a deployment or rollback running in this process: a second click is refused, not doubled. */
  private readonly running = new Set<string>();

  constructor(
    private readonly versions: AppVersionRepository,
    private readonly logs: DeploymentLogRepository,
    private readonly notifications: UpdateNotificationRepository,
    private readonly integration: GithubIntegrationService,
    private readonly versionService: VersionService,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly timeoutMs: number,
  ) {}

  async deploy(id: string, context: AuditContext): Promise<DeploymentResult> {
    const version = await this.versionService.get(id);
    if (version.deployment_status !== 'staged') throw refusedTransition(version.deployment_status, 'live');
    const connection = await this.requireConnection();
    return await this.exclusive(id, async () => {
      const logId = await this.startLog(id, context.actorId);
      let published: Published | null = null;
      try {
        published = await this.publish(connection, version, logId);
        const now = nowIso();
        const done = published;
        await this.uow.run(async (tx) => {
          const changes = {
            deployment_status: 'live' as const,
            deployed_at: now,
            github_release_id: done.releaseId,
            github_commit_sha: done.sha,
            deployment_error: null,
          };
          if (!(await this.versions.transition(tx, id, 'staged', changes, now))) {
            throw refusedTransition((await this.versions.find(id, tx))?.deployment_status ?? 'draft', 'live');
          }
          await this.logs.update(logId, { deployment_status: 'completed', completed_at: now }, tx);
          await this.notifications.fanOut(tx, version);
          await this.versionService.record(tx, context, 'UPDATE', version, {
            from: 'staged',
            to: 'live',
            via: 'github',
            github_release_id: done.releaseId,
          });
        });
      } catch (error) {
        throw await this.fail(id, logId, connection, error, published);
      }
      return await this.result(id, logId);
    });
  }

  async rollback(id: string, context: AuditContext): Promise<DeploymentResult> {
    const version = await this.versionService.get(id);
    if (!version.github_release_id) throw AppError.conflict(NO_GITHUB_RELEASE);
    if (version.deployment_status !== 'live') throw refusedTransition(version.deployment_status, 'rollback');
    const connection = await this.requireConnection();
    const releaseId = version.github_release_id;
    return await this.exclusive(id, async () => {
      const logId = await this.startLog(id, context.actorId, releaseId);
      try {
        await connection.client.markReleaseDraft(releaseId);
        const now = nowIso();
        await this.uow.run(async (tx) => {
          if (!(await this.versions.transition(tx, id, 'live', { deployment_status: 'rollback' }, now))) {
            throw refusedTransition((await this.versions.find(id, tx))?.deployment_status ?? 'draft', 'rollback');
          }
          await this.logs.update(logId, { deployment_status: 'completed', completed_at: now }, tx);
          await this.versionService.record(tx, context, 'UPDATE', version, {
            from: 'live',
            to: 'rollback',
            via: 'github',
            github_release_id: releaseId,
          });
        });
      } catch (error) {
        throw await this.fail(id, logId, connection, error, null);
      }
      return await this.result(id, logId);
    });
  }

  /** The GitHub steps of a deployment, in the spec's order; the log turns in_progress once release and sha exist. */
  private async publish(connection: GithubConnection, version: AppVersionRow, logId: string): Promise<Published> {
    const { client, row } = connection;
    const tag = `v${version.version_number}`;
    const release = await client.createRelease({
      tag,
      name: `Version ${version.version_number}`,
      body: version.release_notes,
    });
    const published: Published = { releaseId: release.id, sha: '', url: release.htmlUrl };
    const description = `Deploy version ${version.version_number}`;
    let deploymentId: string | null = null;
    try {
      deploymentId = await client.createDeployment({ ref: tag, environment: row.environment, description });
      await client.setDeploymentStatus(deploymentId, { state: 'in_progress', description });
      const commit = await client.commit(tag);
      published.sha = commit.sha;
      await this.logs.update(logId, {
        deployment_status: 'in_progress',
        github_release_id: release.id,
        github_commit_sha: commit.sha,
        deployment_url: release.htmlUrl,
      });
      if (row.workflow_id) {
        await client.dispatchWorkflow(row.workflow_id, { ref: tag, inputs: { version: version.version_number } });
      }
      if (row.deployment_webhook_url) await callDeploymentWebhook(connection, version, release.htmlUrl, this.timeoutMs);
      await client.setDeploymentStatus(deploymentId, {
        state: 'success',
        description: `Version ${version.version_number} is live (${commit.message.split('\n')[0] ?? ''})`,
        environmentUrl: release.htmlUrl,
      });
      return published;
    } catch (error) {
      // The release exists but the deployment did not happen: take the release down again, best effort, so the
      // next attempt can publish the same tag.
      if (deploymentId) {
        await client
          .setDeploymentStatus(deploymentId, { state: 'failure', description: `${description} failed` })
          .catch(() => undefined);
      }
      await client.deleteRelease(release.id).catch(() => undefined);
      throw error;
    }
  }

  /** Failed log, deployment_error on the version, and the error the caller answers with. */
  private async fail(
    id: string,
    logId: string,
    connection: GithubConnection,
    error: unknown,
    published: Published | null,
  ): Promise<AppError> {
    if (error instanceof AppError) {
      await this.logs.update(logId, {
        deployment_status: 'failed',
        completed_at: nowIso(),
        deployment_error: error.message,
      });
      return error;
    }
    const message = connection.client.redact((error as Error).message || 'Deployment failed');
    const now = nowIso();
    await this.logs.update(logId, {
      deployment_status: 'failed',
      completed_at: now,
      deployment_error: message,
      ...(published ? { github_release_id: published.releaseId } : {}),
    });
    await this.versions.setDeploymentError(id, message, now);
    return new AppError('upstream_error', 502, message, { version_id: id, log_id: logId });
  }

  private async requireConnection(): Promise<GithubConnection> {
    const connection = await this.integration.connection();
    if (!connection) throw new AppError('github_not_configured', 409, SERVICE_NOT_CONFIGURED);
    return connection;
  }

  private async startLog(versionId: string, userId: string | null, releaseId: string | null = null) {
    const id = newId();
    await this.logs.insert({
      id,
      version_id: versionId,
      deployment_status: 'pending',
      started_at: nowIso(),
      completed_at: null,
      github_release_id: releaseId,
      github_commit_sha: null,
      deployment_url: null,
      deployment_error: null,
      user_id: userId,
    });
    return id;
  }

  private async exclusive<T>(id: string, work: () => Promise<T>): Promise<T> {
    if (this.running.has(id)) throw AppError.conflict('A deployment of this version is already running.');
    this.running.add(id);
    try {
      return await work();
    } finally {
      this.running.delete(id);
    }
  }

  private async result(id: string, logId: string): Promise<DeploymentResult> {
    const [version, log] = await Promise.all([this.versions.find(id), this.logs.find(logId)]);
    if (!version || !log) throw new AppError('not_found', 404, 'Version not found');
    return { version: toAppVersion(version), log: toDeploymentLog(log) };
  }
}
