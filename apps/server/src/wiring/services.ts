import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { KyselyUnitOfWork } from '../db/unit-of-work';
import { AuthService } from '../features/accounts/auth.service';
import { CredentialRepository } from '../features/accounts/credential.repository';
import { CredentialRevoker } from '../features/accounts/credential-revoker';
import { buildMfaFeature } from '../features/mfa/mfa-feature';
import { buildSessionsFeature } from '../features/sessions/sessions-feature';
import type { PasswordHasher } from '../features/accounts/password-hasher';
import { rulesOf } from '../features/accounts/password-policy';
import { ProfileService } from '../features/accounts/profile.service';
import { RateLimitRepository } from '../features/accounts/rate-limit.repository';
import { PasswordConfirmation, RateLimiter } from '../features/accounts/rate-limiter';
import { SessionRepository } from '../features/accounts/session.repository';
import { SetupCodeRepository } from '../features/accounts/setup-code.repository';
import { SetupCodeService } from '../features/accounts/setup-code.service';
import { UserRepository } from '../features/accounts/user.repository';
import { AdminImportService } from '../features/admin/admin-import.service';
import { AdminStatsRepository } from '../features/admin/admin-stats.repository';
import { AdminStatsService } from '../features/admin/admin-stats.service';
import { AdminUserRepository } from '../features/admin/admin-user.repository';
import { AdminUserService } from '../features/admin/admin-user.service';
import { buildSignupFeature } from '../features/admin/signup-feature';
import { NetworkSettingsRepository } from '../features/admin/network-settings.repository';
import { NetworkSettingsService } from '../features/admin/network-settings.service';
import { AdminSettingsService } from '../features/admin-settings/admin-settings.service';
import { InstanceSettingsRepository } from '../features/admin-settings/instance-settings.repository';
import { AuditRepository } from '../features/audit/audit.repository';
import { AuditService } from '../features/audit/audit.service';
import { buildChatFeature } from '../features/chat/chat-feature';
import { buildDocsFeature } from '../features/docs/docs-feature';
import { buildBackupsFeature } from '../features/backups/backups-feature';
import { allDestinations, EgressService } from '../features/egress';
import { createEventBus } from '../features/events/create-event-bus';
import { buildKnowledgeFeature } from '../features/knowledge/knowledge-feature';
import { buildMail } from '../features/mail/mail-feature';
import { Metrics } from '../features/metrics/metrics';
import { observeModelCalls } from '../features/metrics/model-call-log';
import { Tracing } from '../features/metrics/tracing';
import { buildRecoveryFeature } from '../features/recovery/recovery-feature';
import { buildWebImport } from '../features/knowledge/scraper/web-import-feature';
import { buildModelFeature } from '../features/models/model-feature';
import { buildMcpFeature } from '../features/mcp';
import { buildToolsFeature } from '../features/tools';
import { buildPrivacyFeature } from '../features/privacy/privacy-feature';
import {
  GroupRepository,
  GroupService,
  GroupShareRepository,
  GroupShareService,
  OrganizationRepository,
  OrganizationService,
} from '../features/organizations';
import { PresetRepository } from '../features/presets/preset.repository';
import { PresetService } from '../features/presets/preset.service';
import { PromptRepository } from '../features/prompts/prompt.repository';
import { PromptService } from '../features/prompts/prompt.service';
import { buildReleasesFeature } from '../features/releases/releases-feature';
import { buildSsoFeature } from '../features/sso/sso-feature';
import { buildSpeechFeature } from '../features/speech/speech-feature';
import { buildSharingFeature } from '../features/sharing/sharing-feature';
import { buildTemporaryChat } from '../features/temporary-chat/temporary-chat-feature';
import { buildUsageFeature } from '../features/usage/usage-feature';
import { buildWebSearchFeature } from '../features/web-search/web-search-feature';
import { ApiTokenRepository } from '../features/tokens/api-token.repository';
import { ApiTokenService } from '../features/tokens/api-token.service';
import { buildUpdatesFeature } from '../features/updates/update-feature';
import { JobQueue } from '../jobs/job-queue';
import { JobRepository } from '../jobs/job.repository';
import { sweepJobs } from '../jobs/sweep.jobs';
import type { BlobStore } from '../storage/blob-store';
import { VERSION } from '../version';

export interface Platform {
  config: Config;
  db: Db;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  hasher: PasswordHasher;
}

/**
 * The composition root's first half: every service of every feature, each built exactly once, in dependency
 * order (nothing is used before it exists, so no closure reaches forward). Job types are registered on the one
 * queue here too; `jobs.start()` runs once everything is built (app.ts).
 */
export async function buildServices({ config, db, blobs, log, hasher }: Platform) {
  const uow = new KyselyUnitOfWork(db.kysely);
  const audit = new AuditService(new AuditRepository(db.kysely, db.dialect));
  // This app's own metrics registry, handed to the one place each thing it counts happens.
  const metrics = new Metrics();
  // OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (requests, jobs, model calls); else nothing.
  const tracing = new Tracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
    version: VERSION,
  });
  const events = await createEventBus(config, db, log, (seconds) => metrics.eventBusLag.observe(seconds));
  const jobs = new JobQueue(new JobRepository(db.kysely, db.dialect), log, {
    leaseMs: config.JOB_LEASE_SECONDS * 1000,
    pollMs: 1000,
    maxAttempts: 3,
    concurrency: config.JOB_CONCURRENCY,
    scheduleScale: config.JOB_SCHEDULE_SCALE,
    tracing,
  });

  // Outgoing mail, through the queue (disabled without SMTP_URL): resets, verification, invitations.
  const mail = buildMail(config, uow, jobs);

  const users = new UserRepository(db.kysely);
  const sessions = new SessionRepository(db.kysely);
  const apiTokens = new ApiTokenRepository(db.kysely);
  const rateLimits = new RateLimitRepository(db.kysely);
  const limiter = new RateLimiter(rateLimits);
  const networkSettings = new NetworkSettingsService(new NetworkSettingsRepository(db.kysely), uow, audit);
  const adminSettingsService = new AdminSettingsService(
    new InstanceSettingsRepository(db.kysely),
    {
      passwordMinLength: config.PASSWORD_MIN_LENGTH,
      sessionLifetimeHours: config.SESSION_TTL_HOURS,
      signupMode: config.SIGNUP_MODE,
    },
    uow,
    audit,
  );
  const signup = buildSignupFeature(db, uow, audit, mail);
  // Every sign-out, session or token revocation and password change ends the credentials' event streams too.
  const revoker = new CredentialRevoker(new CredentialRepository(db.kysely), uow, events);
  const authRule = { max: config.AUTH_RATE_LIMIT_MAX, windowMs: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 };
  const mfaService = buildMfaFeature({
    db,
    secret: config.SECRET,
    users,
    hasher,
    limiter,
    codeRule: authRule,
    confirmation: new PasswordConfirmation(limiter, authRule),
    policy: adminSettingsService,
    uow,
    audit,
  });
  const setupCodes = new SetupCodeService(new SetupCodeRepository(db.kysely), {
    enabled: config.SUPER_ADMIN_EMAIL === undefined,
    fixedCode: config.HEARTH_SETUP_CODE,
  });
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
      setupCode: setupCodes,
    },
    uow,
    audit,
    adminSettingsService,
    signup.policy,
    mfaService,
    revoker,
  );

  const models = buildModelFeature(
    config,
    db,
    events,
    log,
    uow,
    audit,
    jobs,
    networkSettings,
    observeModelCalls(log, metrics, tracing),
  );
  const knowledge = buildKnowledgeFeature({
    db,
    blobs,
    events,
    log,
    registry: models.registry,
    providers: models.registry,
    queue: jobs,
    uow,
    audit,
    uploadLimit: () => adminSettingsService.uploadLimitBytes(),
    metrics,
    lexicalCacheMb: config.LEXICAL_CACHE_MB,
    lexicalCacheWarmMb: config.LEXICAL_CACHE_WARM_MB,
  });
  const privacy = buildPrivacyFeature({
    db,
    blobs,
    users,
    hasher,
    log,
    uow,
    audit,
    jobs,
    passwordConfirmation: authService.passwordConfirmation(),
  });
  const adminUserService = new AdminUserService(
    new AdminUserRepository(db.kysely),
    users,
    hasher,
    async () => rulesOf(await adminSettingsService.security()),
    uow,
    audit,
    (userId, context) => privacy.purgeService.purge(userId, context, 'admin'),
    (userId) => revoker.announce(userId, 'all'),
  );
  const recovery = buildRecoveryFeature({
    db,
    uow,
    audit,
    mail,
    hasher,
    limiter,
    passwordRules: async () => rulesOf(await adminSettingsService.security()),
    rateLimit: { accountMax: config.AUTH_RATE_LIMIT_MAX, windowMs: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    manageableTarget: (actor, id) => adminUserService.manageableTarget(actor, id),
    signup: (input, client) => authService.signup(input, client),
    credentialsRevoked: (userId) => revoker.announce(userId, 'all'),
  });
  const organizationService = new OrganizationService(new OrganizationRepository(db.kysely), uow, audit);
  const groupRepository = new GroupRepository(db.kysely);
  const groupService = new GroupService(groupRepository, (actor, id) => organizationService.get(actor, id), uow, audit);
  const presetRepository = new PresetRepository(db.kysely);
  const presetService = new PresetService(presetRepository, uow, audit);
  const promptRepository = new PromptRepository(db.kysely);
  // Prompts and presets are shared with groups the one way (features/organizations/group-share.*).
  const groupShares = (
    target: ConstructorParameters<typeof GroupShareService>[0],
    items: ConstructorParameters<typeof GroupShareService>[1],
  ) => new GroupShareService(target, items, new GroupShareRepository(db.kysely, target), groupRepository, uow, audit);
  // Quotas and usage accounting (issue 19): every answer (web chat, compare, temporary chat, /v1) is admitted
  // and metered through it.
  const usage = buildUsageFeature(db, uow, audit, log);
  // Web search (issue 20): off until an admin configures a provider; result pages pass the user-URL guard.
  const webSearch = buildWebSearchFeature({
    db,
    secret: config.SECRET,
    uow,
    audit,
    pagePolicy: () => networkSettings.userUrlPolicy(),
    timeoutMs: config.WEB_SEARCH_TIMEOUT_MS,
    log,
  });
  // Tools (issue 20): built-in tools and MCP servers' tools, offered to answers whose user turned tools on.
  const mcp = buildMcpFeature({ config, db, uow, audit, userUrlPolicy: () => networkSettings.userUrlPolicy() });
  const { toolService } = buildToolsFeature({
    db,
    uow,
    audit,
    searchKnowledge: async (userId, query, signal) =>
      (await knowledge.chatKnowledge.lookup({ userId, query, collectionIds: [], limit: 5, signal })).documents,
    userUrlPolicy: () => networkSettings.userUrlPolicy(),
  });
  toolService.addSource(mcp.toolSource);
  const chat = buildChatFeature({
    db,
    autoTitle: config.CHAT_AUTO_TITLE,
    presets: presetService,
    blobs,
    registry: models.registry,
    log,
    knowledge: knowledge.chatKnowledge,
    events,
    uow,
    audit,
    usage: usage.usageService,
    webSearch: webSearch.service,
    tools: toolService,
  });
  // Expired sessions, ended rate-limit windows and unsent attachments are only clutter: swept hourly, once.
  for (const sweep of sweepJobs({ sessions, rateLimits, attachments: chat.attachmentService })) jobs.register(sweep);
  metrics.watch({ activeStreams: () => chat.activeStreams(), jobBacklog: () => jobs.backlog() });

  const releases = buildReleasesFeature(config, db, uow, audit, networkSettings);
  const services = {
    uow,
    audit,
    metrics,
    tracing,
    setupCodes,
    events,
    jobs,
    mail,
    recovery,
    authService,
    profileService: new ProfileService(users, uow, audit),
    apiTokenService: new ApiTokenService(apiTokens, uow, audit, revoker),
    revoker,
    mfaService,
    sessionsService: buildSessionsFeature(db, revoker, audit),
    adminSettingsService,
    adminUserService,
    invitationService: signup.invitationService,
    signupApprovalService: signup.approvals((userId, context) => privacy.purgeService.purge(userId, context, 'admin')),
    organizationService,
    groupService,
    adminStatsService: new AdminStatsService(new AdminStatsRepository(db.kysely)),
    adminImportService: new AdminImportService(adminUserService),
    networkSettings,
    models,
    knowledge,
    webImport: buildWebImport({
      knowledgeService: knowledge.knowledgeService,
      registry: models.registry,
      networkSettings,
      limiter,
    }),
    privacy,
    chat,
    sharing: buildSharingFeature({
      db,
      secret: config.SECRET,
      uow,
      audit,
      settings: { publicAllowed: () => adminSettingsService.publicShareLinksAllowed() },
    }),
    temporaryChat: buildTemporaryChat(models.registry, usage.usageService),
    usage,
    webSearch,
    releases,
    updates: buildUpdatesFeature({
      ...{ config, db, uow, audit, jobs, version: VERSION },
      policy: () => networkSettings.userUrlPolicy(),
      githubReleases: async () => {
        const github = await releases.integrationService.connection();
        return github ? await github.client.releases() : null;
      },
    }),
    backups: buildBackupsFeature({ config, db, blobs, uow, audit, jobs }),
    docs: buildDocsFeature({ config, db, uow, audit, models, adminSettings: adminSettingsService, jobs }),
    promptService: new PromptService(promptRepository, uow, audit),
    presetService,
    promptShareService: groupShares('prompt', promptRepository),
    presetShareService: groupShares('preset', presetRepository),
    // MCP servers (issue 20): admin-registered tools for the chat, each user's own keys sealed.
    mcp,
    toolService,
    // Voice (issue 20): the speech runtime for dictation and read-aloud, off until an admin configures it.
    speech: buildSpeechFeature({
      config,
      db,
      uow,
      audit,
      redirectPolicy: () => networkSettings.userUrlPolicy(),
      usage: usage.usageService,
    }),
    sso: buildSsoFeature({
      ...{ config, db, uow, audit, revoker, users, hasher, authService, limiter },
      issuerPolicy: () => networkSettings.userUrlPolicy(),
    }),
  };
  // Admin → Outbound connections reads the destinations every other feature is configured with.
  const egress = new EgressService(
    allDestinations(config, {
      runtimes: models.registry,
      sso: services.sso.ssoSettings,
      github: services.releases.integrationService,
      updates: services.updates.updateSettingsService,
      speech: services.speech.speechSettingsService,
      mcp: mcp.mcpAdmin,
      webSearch: webSearch.settings,
    }),
  );
  return { ...services, egress };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;
