import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDb, type Db } from './db/database';
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
import { buildChatFeature, registerChatRoutes } from './features/chat/chat-feature';
import { InProcessEventBus } from './features/events/event-bus';
import { eventRoutes } from './features/events/events.routes';
import { healthRoutes } from './features/health/health.routes';
import {
  buildKnowledgeFeature,
  type KnowledgeFeature,
  registerKnowledgeRoutes,
} from './features/knowledge/knowledge-feature';
import { buildModelFeature, type ModelFeature, registerModelRoutes } from './features/models/model-feature';
import { ApiTokenRepository } from './features/tokens/api-token.repository';
import { apiTokenRoutes } from './features/tokens/api-token.routes';
import { ApiTokenService } from './features/tokens/api-token.service';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticWeb } from './http/static-web';
import { FsBlobStore } from './storage/blob-store';
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
  models: ModelFeature;
  knowledge: KnowledgeFeature;
  close(): Promise<void>;
}

/** The one place that wires repositories → services → routes. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const db = createDb(config.database, config.DATABASE_POOL_SIZE);
  await db.migrate();
  const blobs = new FsBlobStore(path.join(config.DATA_DIR, 'blobs'));
  const hasher = overrides.hasher ?? argon2Hasher;

  const users = new UserRepository(db.kysely);
  const sessions = new SessionRepository(db.kysely);
  const apiTokens = new ApiTokenRepository(db.kysely);
  const rateLimits = new RateLimitRepository(db.kysely);
  const limiter = new RateLimiter(rateLimits);

  const authService = new AuthService(users, sessions, apiTokens, hasher, limiter, {
    sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    passwordMinLength: config.PASSWORD_MIN_LENGTH,
    superAdminEmail: config.SUPER_ADMIN_EMAIL,
    rateLimit: {
      accountMax: config.AUTH_RATE_LIMIT_MAX,
      ipMax: config.AUTH_RATE_LIMIT_IP_MAX,
      windowMs: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
  });
  const profileService = new ProfileService(users);
  const apiTokenService = new ApiTokenService(apiTokens);
  const adminUserService = new AdminUserService(
    new AdminUserRepository(db.kysely),
    users,
    hasher,
    config.PASSWORD_MIN_LENGTH,
  );

  const server = Fastify({
    logger: overrides.logger === false ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  registerSecurityHeaders(server);
  await server.register(fastifyCookie);
  registerAuth(server, { authService, secret: config.SECRET, cookieSecure: config.COOKIE_SECURE });
  await registerOpenApi(server, VERSION);

  const events = new InProcessEventBus();
  const models = buildModelFeature(config, db, events, server.log);
  const knowledge = buildKnowledgeFeature({ db, blobs, events, log: server.log });
  const chat = buildChatFeature({
    db,
    blobs,
    registry: models.registry,
    log: server.log,
    knowledge: knowledge.searchService,
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
  await server.register(eventRoutes, { bus: events });
  await registerModelRoutes(server, models);
  await registerChatRoutes(server, chat);
  await registerKnowledgeRoutes(server, knowledge);
  await registerStaticWeb(server, path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST));

  // Expired sessions and finished rate-limit windows are only clutter; sweep them hourly.
  const sweep = setInterval(() => {
    Promise.all([sessions.deleteExpired(), rateLimits.deleteExpired(), chat.attachmentService.sweepUnsent()]).catch(
      (error: unknown) => server.log.warn({ err: error }, 'maintenance sweep failed'),
    );
  }, 3_600_000);
  sweep.unref();
  await models.start();
  await knowledge.start();

  return {
    server,
    db,
    models,
    knowledge,
    close: async () => {
      clearInterval(sweep);
      await knowledge.close();
      await models.close();
      // Requests in flight get a short grace period; then every connection is closed, including idle
      // keep-alive sockets that would otherwise hold shutdown open for the keep-alive timeout.
      const force = setTimeout(() => server.server.closeAllConnections(), 3_000);
      force.unref();
      await server.close();
      clearTimeout(force);
      await db.close();
    },
  };
}
