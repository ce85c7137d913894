import { z } from 'zod';

/** Model runtimes and getting models: the shapes of /api/ollama/*, /api/system/mode, /api/vision/models, /api/models/*. */

export const ProviderKind = z.enum(['builtin', 'ollama', 'openai']);
export type ProviderKind = z.infer<typeof ProviderKind>;

export const ModelDetails = z.object({
  parameter_size: z.string().nullable(),
  quantization_level: z.string().nullable(),
  format: z.string().nullable(),
  family: z.string().nullable(),
  families: z.array(z.string()).nullable(),
});
export type ModelDetails = z.infer<typeof ModelDetails>;

export const ProviderRef = z.object({ id: z.string(), kind: ProviderKind, name: z.string() });
export type ProviderRef = z.infer<typeof ProviderRef>;

/** One model a runtime has installed. `id` equals `name` (the name is what chat requests send). */
export const InstalledModel = z
  .object({
    id: z.string(),
    name: z.string(),
    size: z.number().describe('Bytes'),
    modified_at: z.string(),
    digest: z.string(),
    details: ModelDetails,
    provider: ProviderRef,
    capabilities: z.object({ vision: z.boolean(), embedding: z.boolean() }),
  })
  .meta({ id: 'InstalledModel' });
export type InstalledModel = z.infer<typeof InstalledModel>;

export const ModelsResponse = z.object({ models: z.array(InstalledModel) });
export type ModelsResponse = z.infer<typeof ModelsResponse>;

/** GET /api/ollama/status: connected when at least one runtime answers. */
export const OllamaStatus = z.object({
  connected: z.boolean(),
  models: z.array(z.object({ name: z.string(), details: z.object({ parameter_size: z.string().nullable() }) })),
  error: z.string().nullable(),
});
export type OllamaStatus = z.infer<typeof OllamaStatus>;

export const GpuInfo = z.object({
  name: z.string(),
  vram_total_mb: z.number().nullable(),
  vram_used_mb: z.number().nullable(),
});
export type GpuInfo = z.infer<typeof GpuInfo>;

/** GET /api/system/mode. Errors give mode CPU with fallback true and the error text. */
export const SystemMode = z
  .object({
    mode: z.enum(['GPU', 'CPU']),
    gpu_available: z.boolean(),
    current_model: z.string().nullable(),
    timestamp: z.string(),
    gpu_info: GpuInfo.nullable(),
    container_hostname: z.string(),
    fallback: z.boolean(),
    error: z.string().nullable(),
  })
  .meta({ id: 'SystemMode' });
export type SystemMode = z.infer<typeof SystemMode>;

/** GET /api/vision/models: names of installed models that accept images. */
export const VisionModelsResponse = z.object({ vision_models: z.array(z.string()) });
export type VisionModelsResponse = z.infer<typeof VisionModelsResponse>;

export const ProviderSource = z.enum(['env', 'admin', 'builtin']);
export type ProviderSource = z.infer<typeof ProviderSource>;

/** A model runtime Hearth talks to. API keys are never sent back: only whether one is set. */
export const Provider = z
  .object({
    id: z.string(),
    kind: ProviderKind,
    name: z.string(),
    base_url: z.string().nullable(),
    has_api_key: z.boolean(),
    source: ProviderSource,
    connected: z.boolean(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ModelProvider' });
export type Provider = z.infer<typeof Provider>;

export const ProvidersResponse = z.object({ providers: z.array(Provider) });
export type ProvidersResponse = z.infer<typeof ProvidersResponse>;

export const ProviderCreateBody = z.object({
  kind: z.enum(['ollama', 'openai']),
  name: z.string().trim().min(1).max(100),
  base_url: z.url({ protocol: /^https?$/ }).max(2000),
  api_key: z.string().max(4000).optional().nullable(),
});
export type ProviderCreateBody = z.input<typeof ProviderCreateBody>;

export const ProviderIdParams = z.object({ id: z.string().min(1).max(200) });
export type ProviderIdParams = z.infer<typeof ProviderIdParams>;

export const ProviderTestResult = z.object({
  connected: z.boolean(),
  error: z.string().nullable(),
  models_count: z.number().int(),
  latency_ms: z.number(),
});
export type ProviderTestResult = z.infer<typeof ProviderTestResult>;

/** POST /api/models/pull: answered as text/event-stream with PullEvent events. */
export const PullBody = z.object({
  provider_id: z.string().min(1).max(200).optional(),
  name: z.string().trim().min(1).max(300),
});
export type PullBody = z.infer<typeof PullBody>;

/** SSE events of a pull: `event: progress|done|error`, `data:` one of these JSON objects. */
export const PullProgress = z.object({
  status: z.string(),
  completed: z.number().nullable(),
  total: z.number().nullable(),
  percent: z.number().nullable().describe('0-100, one decimal; null while the size is unknown'),
});
export type PullProgress = z.infer<typeof PullProgress>;
export const PullDone = z.object({ name: z.string(), provider_id: z.string() });
export type PullDone = z.infer<typeof PullDone>;
export const PullError = z.object({ code: z.string(), message: z.string() });
export type PullError = z.infer<typeof PullError>;

/** DELETE /api/models/:provider_id/:name. For Ollama: 409 `delete_with_command` with details.command. */
export const ModelDeleteParams = z.object({
  provider_id: z.string().min(1).max(200),
  name: z.string().min(1).max(300),
});
export type ModelDeleteParams = z.infer<typeof ModelDeleteParams>;

export const DownloadStatus = z.enum(['queued', 'downloading', 'verifying', 'completed', 'failed', 'cancelled']);
export type DownloadStatus = z.infer<typeof DownloadStatus>;

export const DownloadCreateBody = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  file_name: z
    .string()
    .trim()
    .regex(/^[\w][\w.-]{0,198}\.gguf$/i, 'must be a plain file name ending in .gguf')
    .optional(),
  sha256: z
    .string()
    .trim()
    .regex(/^[a-fA-F0-9]{64}$/, 'must be 64 hex characters')
    .transform((value) => value.toLowerCase())
    .optional(),
});
export type DownloadCreateBody = z.input<typeof DownloadCreateBody>;

/** A GGUF download for the built-in runtime. It runs in the background and survives restarts. */
export const ModelDownload = z
  .object({
    id: z.string(),
    url: z.string(),
    file_name: z.string(),
    sha256: z.string().nullable(),
    status: DownloadStatus,
    received_bytes: z.number(),
    total_bytes: z.number().nullable(),
    percent: z.number().nullable(),
    error: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'ModelDownload' });
export type ModelDownload = z.infer<typeof ModelDownload>;

export const DownloadsResponse = z.object({ downloads: z.array(ModelDownload) });
export type DownloadsResponse = z.infer<typeof DownloadsResponse>;

export const StarterModel = z
  .object({
    id: z.string(),
    name: z.string(),
    purpose: z.enum(['chat', 'vision', 'embedding']),
    description: z.string(),
    runtime: z.enum(['builtin', 'ollama']),
    /** builtin: a GGUF URL to POST to /api/models/downloads with file_name. */
    url: z.string().nullable(),
    file_name: z.string().nullable(),
    sha256: z.string().nullable(),
    /** ollama: the name to POST to /api/models/pull. */
    ollama_name: z.string().nullable(),
    size_bytes: z.number().describe('Approximate download size'),
    note: z.string().nullable(),
  })
  .meta({ id: 'StarterModel' });
export type StarterModel = z.infer<typeof StarterModel>;

export const StartersResponse = z.object({ starters: z.array(StarterModel) });
export type StartersResponse = z.infer<typeof StartersResponse>;

/** Events on GET /api/events (SSE, per user): `event: <type>`, `data: <JSON>`. */
export const ModelDownloadEvent = z.object({ type: z.literal('model.download'), download: ModelDownload });
export type ModelDownloadEvent = z.infer<typeof ModelDownloadEvent>;
