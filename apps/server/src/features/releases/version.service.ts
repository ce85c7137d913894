import type {
  AppVersion,
  CreateVersionBody,
  DeploymentLog,
  DeploymentStatus,
  UpdateVersionStatusBody,
} from '@hearth/contract';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { newId, nowIso } from '../../lib/crypto';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { AppVersionRepository, AppVersionRow } from './app-version.repository';
import type { DeploymentLogRepository } from './deployment-log.repository';
import { toAppVersion, toDeploymentLog, versionKey } from './release-mappers';
import type { UpdateNotificationRepository } from './update-notification.repository';

type NewVersion = Required<CreateVersionBody>;

/** The only moves a version makes by hand: draft → staged → live → rollback. */
const NEXT: Record<DeploymentStatus, DeploymentStatus | null> = {
  draft: 'staged',
  staged: 'live',
  live: 'rollback',
  rollback: null,
};

export const VERSION_NOT_FOUND = 'Version not found';
const LOG_LIMIT = 200;

export const refusedTransition = (from: DeploymentStatus, to: string) =>
  new AppError('invalid_transition', 409, `A ${from} version cannot be moved to ${to}.`, { from, to });

/** Versions and their simple (in-app) deployment; GitHub deployments are GithubDeployService's. */
export class VersionService {
  constructor(
    private readonly versions: AppVersionRepository,
    private readonly logRepository: DeploymentLogRepository,
    private readonly notifications: UpdateNotificationRepository,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<AppVersion[]> {
    return (await this.versions.list()).map(toAppVersion);
  }

  async get(id: string): Promise<AppVersionRow> {
    const row = await this.versions.find(id);
    if (!row) throw new AppError('not_found', 404, VERSION_NOT_FOUND);
    return row;
  }

  /** New versions start as draft, staged or live; deployed_at is set only when live. */
  async create(body: NewVersion, context: AuditContext): Promise<AppVersion> {
    const key = versionKey(body.version);
    const existing = await this.versions.findByKey(key);
    if (existing) throw AppError.conflict(`Version ${existing.version_number} already exists.`);
    const now = nowIso();
    const live = body.deployment_status === 'live';
    const row: AppVersionRow = {
      id: newId(),
      version_number: body.version,
      version_key: key,
      release_notes: body.release_notes.trim(),
      is_critical: body.is_critical ? 1 : 0,
      deployment_status: body.deployment_status,
      deployed_at: live ? now : null,
      created_by_user_id: context.actorId,
      created_at: now,
      updated_at: now,
      github_release_id: null,
      github_commit_sha: null,
      deployment_error: null,
    };
    try {
      await this.audit.run(async (trx) => {
        await this.versions.insert(trx, row);
        if (live) await this.announce(trx, row, context.actorId, now);
        await this.record(trx, context, 'CREATE', row, { status: row.deployment_status });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(`Version ${body.version} already exists.`);
      throw error;
    }
    return toAppVersion(row);
  }

  /** draft → staged, staged → live (deployed_at now, everyone notified), live → rollback. */
  async changeStatus(id: string, { deployment_status: to }: UpdateVersionStatusBody, context: AuditContext) {
    const current = await this.get(id);
    if (NEXT[current.deployment_status] !== to) throw refusedTransition(current.deployment_status, to);
    const now = nowIso();
    const changes =
      to === 'live' ? { deployment_status: to, deployed_at: now, deployment_error: null } : { deployment_status: to };
    await this.audit.run(async (trx) => {
      const moved = await this.versions.transition(trx, id, current.deployment_status, changes, now);
      if (!moved) throw await this.whyNot(trx, id, to);
      if (to === 'live') await this.announce(trx, current, context.actorId, now);
      if (to === 'rollback') await this.writeLog(trx, id, context.actorId, now, 'completed');
      await this.record(trx, context, 'UPDATE', current, { from: current.deployment_status, to });
    });
    return toAppVersion(await this.get(id));
  }

  /** Any version that is not live may be deleted (its logs and notifications go with it). */
  async delete(id: string, context: AuditContext): Promise<void> {
    const current = await this.get(id);
    if (current.deployment_status === 'live') throw refusedTransition('live', 'deleted');
    await this.audit.run(async (trx) => {
      if (!(await this.versions.deleteUnlessLive(trx, id))) throw await this.whyNot(trx, id, 'deleted');
      await this.record(trx, context, 'DELETE', current, {});
    });
  }

  async logs(versionId: string | undefined): Promise<DeploymentLog[]> {
    return (await this.logRepository.list(versionId, LOG_LIMIT)).map(toDeploymentLog);
  }

  /** Going live: a completed log and one update notification per profile, in the caller's transaction. */
  async announce(trx: Executor, version: AppVersionRow, userId: string | null, at: string): Promise<void> {
    await this.writeLog(trx, version.id, userId, at, 'completed');
    await this.notifications.fanOut(trx, version);
  }

  async record(
    trx: Executor,
    context: AuditContext,
    action: 'CREATE' | 'UPDATE' | 'DELETE',
    version: Pick<AppVersionRow, 'id' | 'version_number'>,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      trx,
      {
        userId: context.actorId,
        action,
        resourceType: 'app_version',
        resourceId: version.id,
        details: { version: version.version_number, ...details },
      },
      context,
    );
  }

  private async writeLog(trx: Executor, versionId: string, userId: string | null, at: string, status: 'completed') {
    await this.logRepository.insert(
      {
        id: newId(),
        version_id: versionId,
        deployment_status: status,
        started_at: at,
        completed_at: at,
        github_release_id: null,
        github_commit_sha: null,
        deployment_url: null,
        deployment_error: null,
        user_id: userId,
      },
      trx,
    );
  }

  /** Someone else moved or deleted the version between our read and our write. */
  private async whyNot(trx: Executor, id: string, to: string): Promise<AppError> {
    const now = await this.versions.find(id, trx);
    return now ? refusedTransition(now.deployment_status, to) : new AppError('not_found', 404, VERSION_NOT_FOUND);
  }
}
