/**
 * The one interface every model runtime sits behind: the built-in llama.cpp runtime, Ollama and any
 * OpenAI-compatible endpoint. Chat, knowledge and the /v1 API only ever talk to this.
 */

export type ProviderKind = 'builtin' | 'ollama' | 'openai';

export interface ModelDetails {
  parameter_size: string | null;
  quantization_level: string | null;
  format: string | null;
  family: string | null;
  families: string[] | null;
}

export interface ProviderModel {
  /** The model's name as its runtime knows it (e.g. "llama3:latest", "stories260K.gguf"). */
  name: string;
  size: number;
  modified_at: string;
  digest: string;
  details: ModelDetails;
  capabilities: { vision: boolean; embedding: boolean };
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** Base64 images (no data: prefix) for vision models. */
  images?: string[];
  /** An assistant turn that asked for tools (issue 20). */
  toolCalls?: ToolCallRequest[];
  /** A tool turn: the call it answers. */
  toolCallId?: string;
}

/** A tool offered to the model: OpenAI's function shape (name ^[a-zA-Z0-9_-]{1,64}$, JSON-schema parameters). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A tool call the model asked for; `arguments` is the JSON text it wrote (possibly invalid). */
export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: string;
}

/** A call's arguments as a value, for runtimes that take them parsed; text that is not JSON becomes `{}`. */
export function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

export interface ChatRequest {
  model: string;
  messages: ChatTurn[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  /** The context window the runtime should allocate (Ollama's num_ctx); absent: the runtime's own default. */
  contextSize?: number;
  /** Tools the model may call (issue 20); a runtime without tool support ignores them. */
  tools?: ToolSpec[];
  /**
   * Aborting must stop generation upstream (close the HTTP request / cancel the built-in evaluation). A stopped
   * stream ends with a `done` chunk whose finishReason is 'aborted' (it does not throw).
   */
  signal: AbortSignal;
}

export type ChatChunk =
  | { type: 'token'; text: string }
  /** The model asks for these tools; `done` follows with finishReason 'tool_calls'. */
  | { type: 'tool_calls'; calls: ToolCallRequest[] }
  | {
      type: 'done';
      promptTokens: number | null;
      completionTokens: number | null;
      finishReason: 'stop' | 'length' | 'aborted' | 'tool_calls';
    };

export interface ProviderHealth {
  connected: boolean;
  error: string | null;
  gpu?: { available: boolean; name: string | null; vram_total_mb: number | null; vram_used_mb: number | null } | null;
}

export interface ModelProvider {
  readonly id: string;
  readonly kind: ProviderKind;
  readonly name: string;
  health(signal?: AbortSignal): Promise<ProviderHealth>;
  listModels(signal?: AbortSignal): Promise<ProviderModel[]>;
  /** Streams the answer. Throws ProviderError for upstream failures (unknown model, 5xx, disconnect). */
  chat(request: ChatRequest): AsyncIterable<ChatChunk>;
  /** Context window of a model in tokens, when the runtime can tell. */
  contextLength?(model: string): Promise<number | null>;
  embed?(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'model_not_found' | 'upstream_error' | 'aborted' | 'timeout',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ListedModel extends ProviderModel {
  provider: { id: string; kind: ProviderKind; name: string };
}

/**
 * What the rest of the server uses to reach models: every configured provider (env defaults, admin-added
 * ones and the built-in runtime), health-checked, with requests spread across endpoints that serve a model.
 */
export interface ModelRegistry {
  /** All models of all reachable providers. Unreachable providers contribute nothing (and are reported by status). */
  listModels(signal?: AbortSignal): Promise<ListedModel[]>;
  /** The provider to use for a model name (optionally pinned to one provider). Throws AppError 404 'model_not_found'. */
  resolve(model: string, providerId?: string): Promise<{ provider: ModelProvider; model: ListedModel }>;
}

/** A registry that can narrow itself to what one user may see and use (model grants, issue 16). */
export interface ScopedModelRegistry extends ModelRegistry {
  /** The models this user may list and use; resolving any other answers 404 'model_not_found'. */
  forUser(userId: string): Promise<ModelRegistry>;
}
