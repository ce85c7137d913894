import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDb, type Db } from './db/database';
import { argon2Hasher, type PasswordHasher } from './features/accounts/password-hasher';
import { registerHttpMetrics } from './features/metrics/metrics.routes';
import type { EventBus } from './features/events/event-bus';
import { extractionPool } from './features/extraction/extraction-pool';
import type { KnowledgeFeature } from './features/knowledge/knowledge-feature';
import type { Warmed } from './features/knowledge/lexical/cache-warmup.repository';
import type { ModelFeature } from './features/models/model-feature';
import type { PrivacyFeature } from './features/privacy/privacy-feature';
import type { ReleasesFeature } from './features/releases/releases-feature';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/errors';
import { registerInboundHostCheck } from './http/inbound-host';
import { registerOpenApi } from './http/openapi';
import { registerRequestContext } from './http/request-context';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTextGuard } from './http/text-guard';
import type { JobQueue } from './jobs/job-queue';
import type { UnitOfWork } from './lib/unit-of-work';
import { createBlobStore } from './storage/create-blob-store';
import { VERSION } from './version';
import { egressRecorder } from './http/egress-recorder';
import { registerRoutes } from './wiring/routes';
import { buildServices } from './wiring/services';
import type { McpFeature } from './features/mcp';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface AppOverrides {
  hasher?: PasswordHasher;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests that read them). */
  logStream?: { write(line: string): void };
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
  /** MCP servers (issue 20); its `toolSource` offers their tools to the chat. */
  mcp: McpFeature;
  /** The search cache's warm-up after the start (LEXICAL_CACHE_WARM_MB): what it read, in how long; null when it failed. */
  warmed: Promise<WarmUp | null>;
  close(): Promise<void>;
}

/**
 * Builds the server: the database (migrated), storage, the HTTP plugins, then the composition root —
 * wiring/services.ts builds every service once, wiring/routes.ts registers every route — and starts the queue.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  // Before the first connection (the database's), so Admin → Outbound connections sees every one of them.
  egressRecorder.install();
  const db = createDb(config.database, config.DATABASE_POOL_SIZE);
  await db.migrate();
  const blobs = createBlobStore(config);
  extractionPool.resize(config.EXTRACTION_WORKERS);

  const server = Fastify({
    logger:
      overrides.logger === false
        ? false
        : { level: config.LOG_LEVEL, ...(overrides.logStream && { stream: overrides.logStream }) },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // Errors Fastify raises before routing (a badly percent-encoded path, say) get the one error shape too.
    frameworkErrors: (error, _request, reply) =>
      (reply as FastifyReply)
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send({ code: 'validation_error', message: error.message }),
  });
  const services = await buildServices({
    config,
    db,
    blobs,
    log: server.log,
    hasher: overrides.hasher ?? argon2Hasher,
  });
  const { uow, models, knowledge, privacy, releases, events, jobs, chat } = services;

  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  registerRequestContext(server, services.tracing.tracer ? services.tracing : undefined);
  registerHttpMetrics(server, services.metrics);
  registerInboundHostCheck(server, {
    publicUrl: config.PUBLIC_URL,
    allowedHosts: config.ALLOWED_HOSTS,
    listenHost: config.HOST,
  });
  registerSecurityHeaders(server);
  registerTextGuard(server);
  await server.register(fastifyCookie);
  registerAuth(server, {
    authService: services.authService,
    secret: config.SECRET,
    cookieSecure: config.COOKIE_SECURE,
  });
  await registerOpenApi(server, VERSION);
  await registerRoutes(server, services, { config, db, blobs, webDist: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST });

  // While no account exists: a fresh setup code for the first sign-up, printed in the log.
  await services.setupCodes.prepare(server.log);
  await chat.start();
  // Last, once every job type is registered: takes back interrupted jobs (downloads included) and starts work.
  await jobs.start();
  // In the background: the first searches are served meanwhile (reading the lists they need, as without it).
  const warming = new AbortController();
  const warmed = warmSearchCache(knowledge, warming.signal, server.log);

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
    mcp: services.mcp,
    warmed,
    close: async () => {
      warming.abort();
      await warmed;
      // Running jobs see the shutdown (downloads keep their partial file) and go back to the queue.
      await jobs.stop();
      await models.close();
      await services.mcp.close();
      // Requests in flight get a short grace period; then every connection is closed, including idle
      // keep-alive sockets that would otherwise hold shutdown open for the keep-alive timeout.
      const force = setTimeout(() => server.server.closeAllConnections(), 3_000);
      force.unref();
      await server.close();
      clearTimeout(force);
      await knowledge.searchMarksWritten();
      await extractionPool.close();
      await events.close();
      await db.close();
      blobs.close?.();
      // Last: the spans of everything above are sent before the process goes.
      await services.tracing.shutdown();
    },
  };
}

type WarmUp = Warmed & { seconds: number };

async function warmSearchCache(
  knowledge: KnowledgeFeature,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<WarmUp | null> {
  const started = performance.now();
  try {
    const warmed = { ...(await knowledge.warmSearchCache(signal)), seconds: (performance.now() - started) / 1000 };
    if (warmed.lists > 0) log.info(warmed, 'Search cache warmed');
    return warmed;
  } catch (error) {
    log.warn({ err: error }, 'Search cache warm-up failed; lists are read on first use');
    return null;
  }
}

/** A hop count becomes the function Fastify itself would make of a number (its types only name this form). */
function trustProxyOption(value: Config['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
