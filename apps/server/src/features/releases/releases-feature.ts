import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { NetworkSettingsService } from '../admin/network-settings.service';
import type { AuditService } from '../audit/audit.service';
import { AppVersionRepository } from './app-version.repository';
import { DeploymentLogRepository } from './deployment-log.repository';
import { GithubDeployService } from './github-deploy.service';
import { GithubIntegrationRepository } from './github-integration.repository';
import { GithubIntegrationService } from './github-integration.service';
import { releasesRoutes } from './releases.routes';
import { UpdateNotificationRepository } from './update-notification.repository';
import { VersionService } from './version.service';

export interface ReleasesFeature {
  versions: AppVersionRepository;
  notifications: UpdateNotificationRepository;
  versionService: VersionService;
  deployService: GithubDeployService;
  integrationService: GithubIntegrationService;
}

/** Builds the releases feature's services (called from wiring/services.ts). */
export function buildReleasesFeature(
  config: Config,
  db: Db,
  uow: UnitOfWork,
  audit: AuditService,
  network: NetworkSettingsService,
): ReleasesFeature {
  const versions = new AppVersionRepository(db.kysely);
  const logs = new DeploymentLogRepository(db.kysely);
  const notifications = new UpdateNotificationRepository(db.kysely);
  const integrationService = new GithubIntegrationService(
    new GithubIntegrationRepository(db.kysely),
    new SecretBox(config.SECRET, 'github-integration-token'),
    // A GitHub Enterprise or webhook on the intranet is reachable once an admin allows its host.
    () => network.userUrlPolicy(),
    config.GITHUB_TIMEOUT_MS,
    uow,
    audit,
  );
  const versionService = new VersionService(versions, logs, notifications, uow, audit);
  const deployService = new GithubDeployService(
    versions,
    logs,
    notifications,
    integrationService,
    versionService,
    uow,
    audit,
    config.GITHUB_TIMEOUT_MS,
  );
  return { versions, notifications, versionService, deployService, integrationService };
}

export async function registerReleasesRoutes(server: FastifyInstance, feature: ReleasesFeature): Promise<void> {
  await server.register(releasesRoutes, feature);
}
