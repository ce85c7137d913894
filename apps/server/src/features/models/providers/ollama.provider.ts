import { isEmbeddingModel, isVisionModel } from '@hearth/contract';
import {
  type ChatChunk,
  type ChatRequest,
  type ChatTurn,
  type ModelProvider,
  parsedArguments,
  type ToolCallRequest,
  type ProviderHealth,
  ProviderError,
  type ProviderModel,
} from '../model-provider';
import {
  ABORTED,
  endFailedStream,
  joinUrl,
  openStream,
  linkAbort,
  type ProviderNetwork,
  readJson,
  readLines,
  toProviderError,
  upstreamFetch,
} from './http';

interface OllamaTag {
  name: string;
  model?: string;
  size: number;
  modified_at: string;
  digest: string;
  details?: Partial<{
    parameter_size: string;
    quantization_level: string;
    format: string;
    family: string;
    families: string[] | null;
  }>;
}

interface OllamaShow {
  capabilities?: string[];
  model_info?: Record<string, unknown>;
  parameters?: string;
}

export interface OllamaRunningModel {
  name: string;
  size: number;
  size_vram: number;
}

export interface OllamaPullProgress {
  status: string;
  digest?: string;
  total?: number;
  completed?: number;
}

export interface OllamaProviderOptions {
  id: string;
  name: string;
  baseUrl: string;
  /** Health checks and model lists (the spec's 5000 ms). */
  timeoutMs: number;
  /** Where redirects may lead (see providers/http.ts); public addresses only when omitted. */
  network?: ProviderNetwork;
}

/** Ollama's REST API: /api/tags, /api/chat (NDJSON), /api/ps, /api/pull, /api/delete, /api/show, /api/embed. */
export class OllamaProvider implements ModelProvider {
  readonly kind = 'ollama' as const;
  readonly id: string;
  readonly name: string;
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly network: ProviderNetwork | undefined;
  /** /api/show answers by digest: a model's capabilities and context do not change while its digest stays. */
  private readonly shown = new Map<string, Promise<OllamaShow | null>>();

  constructor(options: OllamaProviderOptions) {
    this.id = options.id;
    this.name = options.name;
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs;
    this.network = options.network;
  }

  private async call<T>(path: string, body?: unknown, signal?: AbortSignal, method?: 'DELETE'): Promise<T> {
    const { response } = await upstreamFetch(this.name, joinUrl(this.baseUrl, path), {
      network: this.network,
      body,
      signal,
      method,
      timeoutMs: this.timeoutMs,
    });
    return readJson<T>(this.name, response);
  }

  async health(signal?: AbortSignal): Promise<ProviderHealth> {
    try {
      await this.call<unknown>('/api/tags', undefined, signal);
      return { connected: true, error: null };
    } catch (error) {
      return { connected: false, error: toProviderError(this.name, error, signal).message };
    }
  }

  async listModels(signal?: AbortSignal): Promise<ProviderModel[]> {
    const { models = [] } = await this.call<{ models?: OllamaTag[] }>('/api/tags', undefined, signal);
    return Promise.all(
      models.map(async (tag) => {
        const show = await this.show(tag.name, tag.digest, signal);
        const details = {
          parameter_size: tag.details?.parameter_size ?? null,
          quantization_level: tag.details?.quantization_level ?? null,
          format: tag.details?.format ?? null,
          family: tag.details?.family ?? null,
          families: tag.details?.families ?? null,
        };
        const like = { name: tag.name, details };
        const capabilities = show?.capabilities;
        return {
          name: tag.name,
          size: tag.size,
          modified_at: tag.modified_at,
          digest: tag.digest,
          details,
          capabilities: {
            vision: capabilities ? capabilities.includes('vision') : isVisionModel(like),
            embedding: capabilities
              ? capabilities.includes('embedding') && !capabilities.includes('completion')
              : isEmbeddingModel(like),
          },
        };
      }),
    );
  }

  /** /api/show, remembered per digest; null when the runtime cannot tell (older Ollama, error). */
  private show(model: string, digest: string, signal?: AbortSignal): Promise<OllamaShow | null> {
    const key = `${model}@${digest}`;
    let pending = this.shown.get(key);
    if (!pending) {
      pending = this.call<OllamaShow>('/api/show', { model }, signal).catch(() => {
        this.shown.delete(key);
        return null;
      });
      this.shown.set(key, pending);
    }
    return pending;
  }

  async contextLength(model: string): Promise<number | null> {
    const info = await this.call<OllamaShow>('/api/show', { model });
    const numCtx = /^num_ctx\s+(\d+)/m.exec(info.parameters ?? '')?.[1];
    if (numCtx) return Number(numCtx);
    const entry = Object.entries(info.model_info ?? {}).find(([key]) => key.endsWith('.context_length'));
    return typeof entry?.[1] === 'number' ? entry[1] : null;
  }

  async *chat(request: ChatRequest): AsyncGenerator<ChatChunk> {
    const opened = await openStream(this.name, joinUrl(this.baseUrl, '/api/chat'), {
      network: this.network,
      signal: request.signal,
      body: {
        model: request.model,
        stream: true,
        messages: request.messages.map(toOllamaMessage),
        ...(request.tools?.length
          ? { tools: request.tools.map((tool) => ({ type: 'function', function: tool })) }
          : {}),
        options: {
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          ...(request.maxTokens === undefined ? {} : { num_predict: request.maxTokens }),
          ...(request.topP === undefined ? {} : { top_p: request.topP }),
          ...(request.contextSize === undefined ? {} : { num_ctx: request.contextSize }),
        },
      },
    });
    if (!opened) {
      yield ABORTED;
      return;
    }
    const { response, controller } = opened;
    const unlink = linkAbort(request.signal, controller);
    const calls: ToolCallRequest[] = [];
    try {
      for await (const line of readLines(response.body ?? emptyBody())) {
        if (!line.trim()) continue;
        const event = JSON.parse(line) as {
          message?: { content?: string; tool_calls?: OllamaToolCall[] };
          done?: boolean;
          done_reason?: string;
          prompt_eval_count?: number;
          eval_count?: number;
          error?: string;
        };
        if (event.error) throw new ProviderError(`${this.name}: ${event.error}`, 'upstream_error');
        if (event.message?.content) yield { type: 'token', text: event.message.content };
        for (const call of event.message?.tool_calls ?? []) calls.push(fromOllamaCall(call, calls.length));
        if (event.done) {
          if (calls.length > 0) yield { type: 'tool_calls', calls };
          yield {
            type: 'done',
            promptTokens: event.prompt_eval_count ?? null,
            completionTokens: event.eval_count ?? null,
            finishReason: calls.length > 0 ? 'tool_calls' : event.done_reason === 'length' ? 'length' : 'stop',
          };
          return;
        }
      }
      throw new ProviderError(`${this.name} closed the stream before the answer was complete`, 'upstream_error');
    } catch (error) {
      yield endFailedStream(this.name, error, request.signal);
    } finally {
      unlink();
      controller.abort();
    }
  }

  async embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const { response } = await upstreamFetch(this.name, joinUrl(this.baseUrl, '/api/embed'), {
      network: this.network,
      signal,
      body: { model, input: texts },
    });
    const { embeddings } = await readJson<{ embeddings?: number[][] }>(this.name, response);
    if (!embeddings || embeddings.length !== texts.length) {
      throw new ProviderError(`${this.name} returned no embeddings`, 'upstream_error');
    }
    return embeddings;
  }

  /** Models loaded in memory right now; size_vram > 0 means a GPU holds them. */
  async running(signal?: AbortSignal): Promise<OllamaRunningModel[]> {
    const { models = [] } = await this.call<{ models?: OllamaRunningModel[] }>('/api/ps', undefined, signal);
    return models;
  }

  /** Streams Ollama's pull progress; aborting the signal cancels the pull upstream. */
  async *pull(name: string, signal: AbortSignal): AsyncGenerator<OllamaPullProgress> {
    const { response, controller } = await upstreamFetch(this.name, joinUrl(this.baseUrl, '/api/pull'), {
      network: this.network,
      signal,
      body: { model: name, stream: true },
    });
    const unlink = linkAbort(signal, controller);
    let succeeded = false;
    try {
      for await (const line of readLines(response.body ?? emptyBody())) {
        if (!line.trim()) continue;
        const event = JSON.parse(line) as OllamaPullProgress & { error?: string };
        if (event.error) throw new ProviderError(event.error, 'upstream_error');
        if (event.status === 'success') succeeded = true;
        yield event;
      }
    } catch (error) {
      throw toProviderError(this.name, error, signal);
    } finally {
      unlink();
      controller.abort();
    }
    if (!succeeded) throw new ProviderError(`${this.name} ended the pull without success`, 'upstream_error');
  }

  async delete(name: string): Promise<void> {
    await upstreamFetch(this.name, joinUrl(this.baseUrl, '/api/delete'), {
      network: this.network,
      method: 'DELETE',
      body: { model: name },
      timeoutMs: this.timeoutMs,
    });
  }
}

const emptyBody = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });

interface OllamaToolCall {
  id?: string;
  function?: { name?: string; arguments?: unknown };
}

/** Ollama sends a call's arguments as an object (not JSON text) and may leave out its id. */
function fromOllamaCall(call: OllamaToolCall, index: number): ToolCallRequest {
  const args = call.function?.arguments;
  return {
    id: call.id ?? `call_${index}`,
    name: call.function?.name ?? '',
    arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
  };
}

function toOllamaMessage(turn: ChatTurn) {
  const toolCalls = turn.toolCalls?.map((call) => ({
    function: { name: call.name, arguments: parsedArguments(call.arguments) },
  }));
  return {
    role: turn.role,
    content: turn.content,
    ...(turn.images?.length ? { images: turn.images } : {}),
    ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
  };
}
