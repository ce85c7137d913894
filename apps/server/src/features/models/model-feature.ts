import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { NetworkSettingsService } from '../admin/network-settings.service';
import type { AuditService } from '../audit/audit.service';
import type { EventBus } from '../events/event-bus';
import { DownloadRepository } from './download.repository';
import { DownloadService } from './download.service';
import { ModelAccessService } from './model-access.service';
import { ModelAdminService } from './model-admin.service';
import { modelAdminRoutes } from './model-admin.routes';
import { ModelGrantRepository } from './model-grant.repository';
import { modelGrantRoutes } from './model-grant.routes';
import { type ProviderEntry, ProviderRegistry } from './model-registry';
import type { AnsweredCall } from './routed-provider';
import { modelRoutes } from './model.routes';
import { ProviderRepository } from './provider.repository';
import { providerRoutes } from './provider.routes';
import { adminEntries, ProviderService } from './provider.service';
import { setupStatusRoutes } from './setup-status.routes';
import { BuiltinProvider } from './providers/builtin.provider';
import { LlamaRuntime } from './providers/llama-runtime';
import type { ProviderNetwork } from './providers/http';
import { OllamaProvider } from './providers/ollama.provider';
import { OpenAiProvider } from './providers/openai.provider';
import { SystemModeService } from './system-mode.service';

const hostOf = (url: string) => new URL(url).host;

/** Providers the environment defines, in order of preference: built-in, Ollama endpoints, OpenAI-compatible. */
export function envProviders(config: Config, runtime: LlamaRuntime | null, network?: ProviderNetwork): ProviderEntry[] {
  const entries: ProviderEntry[] = [];
  if (runtime) {
    const provider = new BuiltinProvider(config.MODELS_DIR, runtime, config.LLAMA_CONTEXT_SIZE);
    entries.push({ provider, source: 'builtin', baseUrl: null, hasApiKey: false, group: provider.id });
  }
  const ollamaUrls =
    config.OLLAMA_BASE_URL === 'none' ? [] : config.OLLAMA_BASE_URL.split(',').map((url) => url.trim());
  ollamaUrls.forEach((baseUrl, index) => {
    const id = index === 0 ? 'ollama' : `ollama-${index + 1}`;
    const provider = new OllamaProvider({
      id,
      name: `Ollama (${hostOf(baseUrl)})`,
      baseUrl,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
      network,
    });
    entries.push({ provider, source: 'env', baseUrl, hasApiKey: false, group: 'env-ollama' });
  });
  if (config.OPENAI_BASE_URL) {
    const provider = new OpenAiProvider({
      id: 'openai',
      name: `OpenAI-compatible (${hostOf(config.OPENAI_BASE_URL)})`,
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY ?? null,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
      network,
    });
    entries.push({
      provider,
      source: 'env',
      baseUrl: config.OPENAI_BASE_URL,
      hasApiKey: Boolean(config.OPENAI_API_KEY),
      group: provider.id,
    });
  }
  return entries;
}

export interface ModelFeature {
  registry: ProviderRegistry;
  systemMode: SystemModeService;
  providerService: ProviderService;
  modelAdminService: ModelAdminService;
  modelAccessService: ModelAccessService;
  downloadService: DownloadService;
  close(): Promise<void>;
}

/** Builds the model runtimes feature's services (called from wiring/services.ts). */
export function buildModelFeature(
  config: Config,
  db: Db,
  bus: EventBus,
  log: FastifyBaseLogger,
  uow: UnitOfWork,
  audit: AuditService,
  /** Downloads are jobs on it (interrupted ones resume on exactly one replica). */
  jobs: JobQueue,
  networkSettings: NetworkSettingsService,
  /** Every chat call that finished (its log line and metrics). */
  onAnswered?: (call: AnsweredCall) => void,
): ModelFeature {
  const runtime = config.BUILTIN_RUNTIME
    ? new LlamaRuntime({
        gpu: config.LLAMA_GPU,
        threads: config.LLAMA_THREADS,
        contextSize: config.LLAMA_CONTEXT_SIZE,
        parallel: config.LLAMA_PARALLEL,
        idleUnloadMs: config.LLAMA_IDLE_UNLOAD_SECONDS * 1000,
        onWarning: (message, error) => log.warn({ err: error }, message),
      })
    : null;
  const secrets = new SecretBox(config.SECRET, 'model-provider-api-keys');
  const providerRepository = new ProviderRepository(db.kysely);
  // A runtime's redirect to another origin may reach what user-supplied URLs may: public hosts and the intranet
  // hosts an admin allowed (read on each redirect, so a change applies at once).
  const network: ProviderNetwork = { redirectPolicy: () => networkSettings.userUrlPolicy() };
  const modelAccessService = new ModelAccessService(new ModelGrantRepository(db.kysely), uow, audit);
  const registry = new ProviderRegistry({
    fixed: envProviders(config, runtime, network),
    loadAdminEntries: async () =>
      adminEntries(await providerRepository.list(), secrets, config.PROVIDER_TIMEOUT_MS, network),
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    cacheMs: config.MODEL_LIST_CACHE_MS,
    cluster: bus,
    access: modelAccessService,
    onAnswered,
  });
  const downloadService = new DownloadService(
    new DownloadRepository(db.kysely),
    bus,
    {
      modelsDir: config.MODELS_DIR,
      policy: { allowPrivate: config.ALLOW_PRIVATE_DOWNLOADS },
      maxBytes: config.DOWNLOAD_MAX_BYTES,
      log,
      onInstalled: () => registry.invalidateModels(),
    },
    uow,
    audit,
    jobs,
  );
  return {
    registry,
    systemMode: new SystemModeService(registry, { timeoutMs: config.PROVIDER_TIMEOUT_MS }),
    providerService: new ProviderService(registry, providerRepository, secrets, config.PROVIDER_TIMEOUT_MS, uow, audit),
    modelAdminService: new ModelAdminService(registry, uow, audit),
    modelAccessService,
    downloadService,
    close: async () => {
      await runtime?.dispose();
    },
  };
}

export async function registerModelRoutes(server: FastifyInstance, feature: ModelFeature): Promise<void> {
  await server.register(modelRoutes, { registry: feature.registry, systemMode: feature.systemMode });
  await server.register(providerRoutes, { providerService: feature.providerService });
  await server.register(setupStatusRoutes, { registry: feature.registry });
  await server.register(modelGrantRoutes, { modelAccessService: feature.modelAccessService });
  await server.register(modelAdminRoutes, {
    modelAdminService: feature.modelAdminService,
    downloadService: feature.downloadService,
  });
}
