import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import { SESSION_REVOKED_EVENT } from '@hearth/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDb, type Db } from './db/database';
import { KyselyUnitOfWork } from './db/unit-of-work';
import { AuthService } from './features/accounts/auth.service';
import { authRoutes } from './features/accounts/auth.routes';
import { argon2Hasher, type PasswordHasher } from './features/accounts/password-hasher';
import { ProfileService } from './features/accounts/profile.service';
import { RateLimitRepository } from './features/accounts/rate-limit.repository';
import { RateLimiter } from './features/accounts/rate-limiter';
import { SessionRepository } from './features/accounts/session.repository';
import { UserRepository } from './features/accounts/user.repository';
import { AdminUserRepository } from './features/admin/admin-user.repository';
import { adminUserRoutes } from './features/admin/admin-user.routes';
import { AdminUserService } from './features/admin/admin-user.service';
import { adminDashboardRoutes } from './features/admin/admin-dashboard.routes';
import { AdminImportService } from './features/admin/admin-import.service';
import { AdminStatsRepository } from './features/admin/admin-stats.repository';
import { AdminStatsService } from './features/admin/admin-stats.service';
import { adminSettingsRoutes } from './features/admin-settings/admin-settings.routes';
import { AdminSettingsService } from './features/admin-settings/admin-settings.service';
import { InstanceSettingsRepository } from './features/admin-settings/instance-settings.repository';
import { rulesOf } from './features/accounts/password-policy';
import { buildChatFeature, registerChatRoutes } from './features/chat/chat-feature';
import { createEventBus } from './features/events/create-event-bus';
import type { EventBus } from './features/events/event-bus';
import { eventRoutes } from './features/events/events.routes';
import { healthRoutes } from './features/health/health.routes';
import {
  buildKnowledgeFeature,
  type KnowledgeFeature,
  registerKnowledgeRoutes,
} from './features/knowledge/knowledge-feature';
import { buildModelFeature, type ModelFeature, registerModelRoutes } from './features/models/model-feature';
import { registerWebImportRoutes } from './features/knowledge/scraper/web-import-feature';
import { extractionPool } from './features/extraction/extraction-pool';
import { PromptRepository } from './features/prompts/prompt.repository';
import { promptRoutes } from './features/prompts/prompt.routes';
import { PromptService } from './features/prompts/prompt.service';
import { ApiTokenRepository } from './features/tokens/api-token.repository';
import { apiTokenRoutes } from './features/tokens/api-token.routes';
import { ApiTokenService } from './features/tokens/api-token.service';
import {
  buildPrivacyFeature,
  createAuditService,
  type PrivacyFeature,
  registerPrivacyRoutes,
} from './features/privacy/privacy-feature';
import {
  buildReleasesFeature,
  type ReleasesFeature,
  registerReleasesRoutes,
} from './features/releases/releases-feature';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticWeb } from './http/static-web';
import { registerTextGuard } from './http/text-guard';
import type { UnitOfWork } from './lib/unit-of-work';
import { createBlobStore } from './storage/create-blob-store';
import { registerUpdateNoticeRoutes } from './features/updates/update-feature';
import { buildDocsFeature, registerDocsRoutes } from './features/docs/docs-feature';
import { JobQueue } from './jobs/job-queue';
import { JobRepository } from './jobs/job.repository';
import { sweepJobs } from './jobs/sweep.jobs';
import { VERSION } from './version';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface AppOverrides {
  hasher?: PasswordHasher;
  logger?: boolean;
}

export interface App {
  server: FastifyInstance;
  db: Db;
  /** The one way to open a transaction, shared by every service. */
  uow: UnitOfWork;
  models: ModelFeature;
  knowledge: KnowledgeFeature;
  privacy: PrivacyFeature;
  releases: ReleasesFeature;
  events: EventBus;
  /** The one job queue: every piece of background work, scheduled ones included, runs on it. */
  jobs: JobQueue;
  close(): Promise<void>;
}

/** The one place that wires repositories → services → routes. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const db = createDb(config.database, config.DATABASE_POOL_SIZE);
  await db.migrate();
  const blobs = createBlobStore(config);
  extractionPool.resize(config.EXTRACTION_WORKERS);
  const hasher = overrides.hasher ?? argon2Hasher;

  const users = new UserRepository(db.kysely);
  const sessions = new SessionRepository(db.kysely);
  const apiTokens = new ApiTokenRepository(db.kysely);
  const rateLimits = new RateLimitRepository(db.kysely);
  const limiter = new RateLimiter(rateLimits);
  const uow = new KyselyUnitOfWork(db.kysely);
  const audit = createAuditService(db);

  const adminSettingsService = new AdminSettingsService(
    new InstanceSettingsRepository(db.kysely),
    { passwordMinLength: config.PASSWORD_MIN_LENGTH, sessionLifetimeHours: config.SESSION_TTL_HOURS },
    uow,
    audit,
  );
  const authService = new AuthService(
    users,
    sessions,
    apiTokens,
    hasher,
    limiter,
    {
      sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
      passwordMinLength: config.PASSWORD_MIN_LENGTH,
      superAdminEmail: config.SUPER_ADMIN_EMAIL,
      rateLimit: {
        accountMax: config.AUTH_RATE_LIMIT_MAX,
        ipMax: config.AUTH_RATE_LIMIT_IP_MAX,
        windowMs: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      },
    },
    uow,
    audit,
    adminSettingsService,
  );
  const profileService = new ProfileService(users, uow, audit);
  const apiTokenService = new ApiTokenService(apiTokens, uow, audit);
  const adminUserService = new AdminUserService(
    new AdminUserRepository(db.kysely),
    users,
    hasher,
    async () => rulesOf(await adminSettingsService.security()),
    uow,
    audit,
    // `privacy` is built once the logger exists, before any request can reach this.
    (userId, context) => privacy.purgeService.purge(userId, context, 'admin'),
    // `events` exists by the time a request can ban anyone.
    (userId) => events.publish(userId, { type: SESSION_REVOKED_EVENT }),
  );
  const adminStatsService = new AdminStatsService(new AdminStatsRepository(db.kysely));
  const adminImportService = new AdminImportService(adminUserService);

  const server = Fastify({
    logger: overrides.logger === false ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // Errors Fastify raises before routing (a badly percent-encoded path, say) get the one error shape too.
    frameworkErrors: (error, _request, reply) =>
      (reply as FastifyReply)
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send({ code: 'validation_error', message: error.message }),
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  registerSecurityHeaders(server);
  registerTextGuard(server);
  await server.register(fastifyCookie);
  registerAuth(server, { authService, secret: config.SECRET, cookieSecure: config.COOKIE_SECURE });
  await registerOpenApi(server, VERSION);

  const events = await createEventBus(config, db, server.log);
  const jobs = new JobQueue(new JobRepository(db.kysely, db.dialect), server.log, {
    leaseMs: config.JOB_LEASE_SECONDS * 1000,
    pollMs: 1000,
    maxAttempts: 3,
    concurrency: config.JOB_CONCURRENCY,
    scheduleScale: config.JOB_SCHEDULE_SCALE,
  });
  const models = buildModelFeature(config, db, events, server.log, uow, audit, jobs);
  const knowledge = buildKnowledgeFeature({
    db,
    blobs,
    events,
    log: server.log,
    registry: models.registry,
    providers: models.registry,
    queue: jobs,
    uow,
    audit,
    uploadLimit: () => adminSettingsService.uploadLimitBytes(),
  });
  const privacy = buildPrivacyFeature({ db, blobs, users, hasher, log: server.log, uow, audit, jobs });
  const chat = buildChatFeature({
    db,
    blobs,
    registry: models.registry,
    log: server.log,
    knowledge: knowledge.chatKnowledge,
    events,
    uow,
    audit: privacy.audit,
  });

  await server.register(healthRoutes, { db, blobs, version: VERSION });
  await server.register(authRoutes, {
    authService,
    profileService,
    secret: config.SECRET,
    cookieSecure: config.COOKIE_SECURE,
  });
  await server.register(apiTokenRoutes, { apiTokenService });
  await server.register(adminUserRoutes, { adminUserService });
  await server.register(adminDashboardRoutes, { adminStatsService, adminImportService });
  await server.register(adminSettingsRoutes, { adminSettingsService });
  await server.register(eventRoutes, { bus: events });
  await registerModelRoutes(server, models);
  await registerChatRoutes(server, chat);
  await registerKnowledgeRoutes(server, knowledge);
  await registerWebImportRoutes(server, {
    db,
    knowledgeService: knowledge.knowledgeService,
    registry: models.registry,
    uow,
    audit,
  });
  await registerPrivacyRoutes(server, privacy);
  const releases = buildReleasesFeature(config, db, uow, audit);
  await registerReleasesRoutes(server, releases);
  await registerUpdateNoticeRoutes(server, db, uow, VERSION);
  const docs = buildDocsFeature({ config, db, uow, audit, models, adminSettings: adminSettingsService, jobs });
  await registerDocsRoutes(server, docs);
  await server.register(promptRoutes, {
    promptService: new PromptService(new PromptRepository(db.kysely), uow, audit),
  });
  await registerStaticWeb(server, path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST));

  // Expired sessions, ended rate-limit windows and unsent attachments are only clutter: swept hourly, once.
  for (const sweep of sweepJobs({ sessions, rateLimits, attachments: chat.attachmentService })) jobs.register(sweep);
  await chat.start();
  // Last, once every job type is registered: takes back interrupted jobs (downloads included) and starts work.
  await jobs.start();

  return {
    server,
    db,
    uow,
    models,
    knowledge,
    privacy,
    releases,
    events,
    jobs,
    close: async () => {
      // Running jobs see the shutdown (downloads keep their partial file) and go back to the queue.
      await jobs.stop();
      await models.close();
      // Requests in flight get a short grace period; then every connection is closed, including idle
      // keep-alive sockets that would otherwise hold shutdown open for the keep-alive timeout.
      const force = setTimeout(() => server.server.closeAllConnections(), 3_000);
      force.unref();
      await server.close();
      clearTimeout(force);
      await extractionPool.close();
      await events.close();
      await db.close();
      blobs.close?.();
    },
  };
}
