import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import type { JobQueue } from '../../jobs/job-queue';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { InstanceSettingsRepository } from '../admin-settings';
import type { AuditService } from '../audit';
import { detectInstall } from './install-type';
import { UpdateFeedService, updateFeedJob } from './update-feed.service';
import { UpdateNoticeRepository } from './update-notice.repository';
import { updateNoticeRoutes } from './update-notice.routes';
import { UpdateNoticeService } from './update-notice.service';
import { UpdateSettingsService } from './update-settings.service';

export interface UpdatesFeatureDeps {
  config: Config;
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  jobs: JobQueue;
  /** The running version (the root package.json; /health reports the same). */
  version: string;
  /** The admin's outbound policy: the feed and the webhook may live on an allowed intranet host. */
  policy(): Promise<SsrfPolicy>;
  /** The configured repository's releases through the GitHub integration; null when it is not configured. */
  githubReleases(): Promise<unknown>;
}

export interface UpdatesFeature {
  updateNoticeService: UpdateNoticeService;
  updateSettingsService: UpdateSettingsService;
}

/** Builds the update feed, its scheduled job and the notices (called from wiring/services.ts). */
export function buildUpdatesFeature(deps: UpdatesFeatureDeps): UpdatesFeature {
  const { config, db, uow, audit } = deps;
  const store = new InstanceSettingsRepository(db.kysely);
  const updateSettingsService = new UpdateSettingsService(store, uow, audit);
  const feed = new UpdateFeedService(store, updateSettingsService, {
    githubReleases: deps.githubReleases,
    policy: deps.policy,
    timeoutMs: config.GITHUB_TIMEOUT_MS,
    scale: config.JOB_SCHEDULE_SCALE,
  });
  deps.jobs.register(updateFeedJob(feed));
  const install = detectInstall({
    declared: config.HEARTH_INSTALL_TYPE,
    composeProject: config.COMPOSE_PROJECT_NAME,
    root: process.cwd(),
  });
  const updateNoticeService = new UpdateNoticeService(
    new UpdateNoticeRepository(db.kysely),
    store,
    updateSettingsService,
    feed,
    uow,
    audit,
    { serverVersion: deps.version, install, policy: deps.policy, timeoutMs: config.GITHUB_TIMEOUT_MS },
  );
  return { updateNoticeService, updateSettingsService };
}

export async function registerUpdateNoticeRoutes(server: FastifyInstance, feature: UpdatesFeature): Promise<void> {
  await server.register(updateNoticeRoutes, feature);
}
