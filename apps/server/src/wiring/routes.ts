import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { authRoutes } from '../features/accounts/auth.routes';
import { setupCodeRoutes } from '../features/accounts/setup-code.routes';
import { adminDashboardRoutes } from '../features/admin/admin-dashboard.routes';
import { adminUserRoutes } from '../features/admin/admin-user.routes';
import { signupRoutes } from '../features/admin/signup.routes';
import { networkSettingsRoutes } from '../features/admin/network-settings.routes';
import { registerBackupRoutes } from '../features/backups/backups-feature';
import { egressRoutes } from '../features/egress';
import { adminSettingsRoutes } from '../features/admin-settings/admin-settings.routes';
import { registerChatRoutes } from '../features/chat/chat-feature';
import { registerDocsRoutes } from '../features/docs/docs-feature';
import { eventRoutes } from '../features/events/events.routes';
import { registerMfaRoutes } from '../features/mfa/mfa-feature';
import { registerSessionRoutes } from '../features/sessions/sessions-feature';
import { healthRoutes } from '../features/health/health.routes';
import { registerKnowledgeRoutes } from '../features/knowledge/knowledge-feature';
import { registerWebImportRoutes } from '../features/knowledge/scraper/web-import-feature';
import { registerModelRoutes } from '../features/models/model-feature';
import { registerPrivacyRoutes } from '../features/privacy/privacy-feature';
import { groupShareRoutes } from '../features/organizations/group-share.routes';
import { groupRoutes } from '../features/organizations/group.routes';
import { organizationRoutes } from '../features/organizations/organization.routes';
import { presetRoutes } from '../features/presets/preset.routes';
import { mcpRoutes } from '../features/mcp/mcp.routes';
import { toolRoutes } from '../features/tools';
import { promptRoutes } from '../features/prompts/prompt.routes';
import { recoveryRoutes } from '../features/recovery/recovery.routes';
import { registerReleasesRoutes } from '../features/releases/releases-feature';
import { registerSsoRoutes } from '../features/sso/sso-feature';
import { registerSpeechRoutes } from '../features/speech/speech-feature';
import { registerSharingRoutes } from '../features/sharing/sharing-feature';
import { registerTemporaryChatRoutes } from '../features/temporary-chat/temporary-chat-feature';
import { apiTokenRoutes } from '../features/tokens/api-token.routes';
import { registerUpdateNoticeRoutes } from '../features/updates/update-feature';
import { registerUsageRoutes } from '../features/usage/usage-feature';
import { registerWebSearchRoutes } from '../features/web-search/web-search-feature';
import { registerMetricsRoute } from '../features/metrics/metrics.routes';
import { registerStaticWeb } from '../http/static-web';
import type { BlobStore } from '../storage/blob-store';
import { VERSION } from '../version';
import type { Services } from './services';

/** The composition root's second half: every route plugin, registered once, given the services it needs. */
export async function registerRoutes(
  server: FastifyInstance,
  services: Services,
  platform: { config: Config; db: Db; blobs: BlobStore; webDist: string },
): Promise<void> {
  const { config, db, blobs } = platform;
  await server.register(healthRoutes, { db, blobs, version: VERSION });
  await server.register(authRoutes, {
    authService: services.authService,
    profileService: services.profileService,
    secret: config.SECRET,
    cookieSecure: config.COOKIE_SECURE,
    quietSignup: services.recovery.quietSignup,
    publicUrl: config.PUBLIC_URL,
  });
  await server.register(setupCodeRoutes, { setupCodes: services.setupCodes });
  await server.register(apiTokenRoutes, { apiTokenService: services.apiTokenService });
  await registerSessionRoutes(server, services.sessionsService);
  await registerMfaRoutes(server, {
    mfaService: services.mfaService,
    authService: services.authService,
    secret: config.SECRET,
    cookieSecure: config.COOKIE_SECURE,
  });
  await server.register(adminUserRoutes, { adminUserService: services.adminUserService });
  await server.register(recoveryRoutes, { recovery: services.recovery, publicUrl: config.PUBLIC_URL });
  await server.register(signupRoutes, {
    signupApprovalService: services.signupApprovalService,
    invitationService: services.invitationService,
    publicUrl: config.PUBLIC_URL,
  });
  await server.register(organizationRoutes, { organizationService: services.organizationService });
  await server.register(groupRoutes, { groupService: services.groupService });
  await server.register(adminDashboardRoutes, {
    adminStatsService: services.adminStatsService,
    adminImportService: services.adminImportService,
  });
  await server.register(adminSettingsRoutes, { adminSettingsService: services.adminSettingsService });
  await server.register(networkSettingsRoutes, { networkSettings: services.networkSettings });
  await server.register(egressRoutes, { egress: services.egress });
  await server.register(eventRoutes, {
    bus: services.events,
    stillActive: (kind, id) => services.revoker.isActive(kind, id),
  });
  await registerModelRoutes(server, services.models);
  await registerChatRoutes(server, services.chat);
  await registerSharingRoutes(server, services.sharing);
  await registerTemporaryChatRoutes(server, services.temporaryChat);
  await registerKnowledgeRoutes(server, services.knowledge);
  await registerWebImportRoutes(server, services.webImport);
  await registerPrivacyRoutes(server, services.privacy);
  await registerSsoRoutes(server, services.sso, config);
  await registerSpeechRoutes(server, services.speech);
  await registerReleasesRoutes(server, services.releases);
  await registerUpdateNoticeRoutes(server, services.updates);
  await registerBackupRoutes(server, services.backups);
  await registerDocsRoutes(server, services.docs);
  await server.register(promptRoutes, { promptService: services.promptService });
  await server.register(groupShareRoutes, { target: 'prompt', service: services.promptShareService });
  await server.register(presetRoutes, { presetService: services.presetService });
  await server.register(mcpRoutes, {
    mcpAdmin: services.mcp.mcpAdmin,
    mcpUser: services.mcp.mcpUser,
    publicUrl: config.PUBLIC_URL,
    cookieSecure: config.COOKIE_SECURE,
  });
  await server.register(toolRoutes, { tools: services.toolService });
  await registerUsageRoutes(server, services.usage);
  await registerWebSearchRoutes(server, services.webSearch);
  await server.register(groupShareRoutes, { target: 'preset', service: services.presetShareService });
  registerMetricsRoute(server, services.metrics, { token: config.METRICS_TOKEN, allow: config.METRICS_ALLOW });
  await registerStaticWeb(server, path.resolve(platform.webDist));
}
