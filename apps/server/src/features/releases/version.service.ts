import type {
  AppVersion,
  CreateVersionBody,
  DeploymentLog,
  DeploymentStatus,
  UpdateVersionStatusBody,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import { newId, nowIso } from '../../lib/crypto';
import { isUniqueViolation, type Tx, type UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
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
    private readonly uow: UnitOfWork,
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
      await this.uow.run(async (tx) => {
        await this.versions.insert(tx, row);
        if (live) await this.announce(tx, row, context.actorId, now);
        await this.record(tx, context, 'CREATE', row, { status: row.deployment_status });
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
    await this.uow.run(async (tx) => {
      const moved = await this.versions.transition(tx, id, current.deployment_status, changes, now);
      if (!moved) throw await this.whyNot(tx, id, to);
      if (to === 'live') await this.announce(tx, current, context.actorId, now);
      if (to === 'rollback') await this.writeLog(tx, id, context.actorId, now, 'completed');
      await this.record(tx, context, 'UPDATE', current, { from: current.deployment_status, to });
    });
    return toAppVersion(await this.get(id));
  }

  /** Any version that is not live may be deleted (its logs and notifications go with it). */
  async delete(id: string, context: AuditContext): Promise<void> {
    const current = await this.get(id);
    if (current.deployment_status === 'live') throw refusedTransition('live', 'deleted');
    await this.uow.run(async (tx) => {
      if (!(await this.versions.deleteUnlessLive(tx, id))) throw await this.whyNot(tx, id, 'deleted');
      await this.record(tx, context, 'DELETE', current, {});
    });
  }

  async logs(versionId: string | undefined): Promise<DeploymentLog[]> {
    return (await this.logRepository.list(versionId, LOG_LIMIT)).map(toDeploymentLog);
  }

  /** Going live: a completed log and one update notification per profile, in the caller's transaction. */
  async announce(tx: Tx, version: AppVersionRow, userId: string | null, at: string): Promise<void> {
    await this.writeLog(tx, version.id, userId, at, 'completed');
    await this.notifications.fanOut(tx, version);
  }

  async record(
    tx: Tx,
    context: AuditContext,
    action: 'CREATE' | 'UPDATE' | 'DELETE',
    version: Pick<AppVersionRow, 'id' | 'version_number'>,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      tx,
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

  private async writeLog(tx: Tx, versionId: string, userId: string | null, at: string, status: 'completed') {
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
      tx,
    );
  }

  /** Someone else moved or deleted the version between our read and our write. */
  private async whyNot(tx: Tx, id: string, to: string): Promise<AppError> {
    const now = await this.versions.find(id, tx);
    return now ? refusedTransition(now.deployment_status, to) : new AppError('not_found', 404, VERSION_NOT_FOUND);
  }
}
