import { isEmbeddingModel, isVisionModel } from '@hearth/contract';
import {
  type ChatChunk,
  type ChatRequest,
  type ChatTurn,
  type ModelProvider,
  type ProviderHealth,
  ProviderError,
  type ProviderModel,
  type ToolCallRequest,
} from '../model-provider';
import { readSse } from '../../../lib/sse-reader';
import {
  ABORTED,
  endFailedStream,
  joinUrl,
  openStream,
  linkAbort,
  type ProviderNetwork,
  readJson,
  toProviderError,
  upstreamFetch,
} from './http';

export interface OpenAiProviderOptions {
  id: string;
  name: string;
  /** With or without the trailing /v1: both "http://host:8080" and "https://api.openai.com/v1" work. */
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  /** Where redirects may lead (see providers/http.ts); public addresses only when omitted. */
  network?: ProviderNetwork;
}

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface SseChunk {
  choices?: {
    delta?: { content?: string | null; tool_calls?: ToolCallDelta[] | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** Any OpenAI-compatible endpoint: llama.cpp server, vLLM, LM Studio, LocalAI, OpenAI. */
export class OpenAiProvider implements ModelProvider {
  readonly kind = 'openai' as const;
  readonly id: string;
  readonly name: string;
  readonly baseUrl: string;
  private readonly apiBase: string;
  private readonly apiKey: string | null;
  private readonly timeoutMs: number;
  private readonly network: ProviderNetwork | undefined;

  constructor(options: OpenAiProviderOptions) {
    this.id = options.id;
    this.name = options.name;
    this.baseUrl = options.baseUrl;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs;
    this.network = options.network;
    const trimmed = options.baseUrl.replace(/\/+$/, '');
    this.apiBase = /\/v\d+$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
  }

  private headers(): Record<string, string> {
    return this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {};
  }

  async health(signal?: AbortSignal): Promise<ProviderHealth> {
    try {
      await this.listModels(signal);
      return { connected: true, error: null };
    } catch (error) {
      return { connected: false, error: toProviderError(this.name, error, signal).message };
    }
  }

  async listModels(signal?: AbortSignal): Promise<ProviderModel[]> {
    const { response } = await upstreamFetch(this.name, joinUrl(this.apiBase, '/models'), {
      network: this.network,
      signal,
      headers: this.headers(),
      timeoutMs: this.timeoutMs,
    });
    const { data = [] } = await readJson<{ data?: { id: string; created?: number }[] }>(this.name, response);
    return data.map((model) => {
      const details = { parameter_size: null, quantization_level: null, format: null, family: null, families: null };
      return {
        name: model.id,
        size: 0,
        modified_at: new Date((model.created ?? 0) * 1000).toISOString(),
        digest: '',
        details,
        capabilities: { vision: isVisionModel({ name: model.id }), embedding: isEmbeddingModel({ name: model.id }) },
      };
    });
  }

  async *chat(request: ChatRequest): AsyncGenerator<ChatChunk> {
    const opened = await openStream(this.name, joinUrl(this.apiBase, '/chat/completions'), {
      network: this.network,
      signal: request.signal,
      headers: this.headers(),
      body: {
        model: request.model,
        stream: true,
        stream_options: { include_usage: true },
        messages: request.messages.map(toOpenAiMessage),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
        ...(request.topP === undefined ? {} : { top_p: request.topP }),
        ...(request.tools?.length
          ? { tools: request.tools.map((tool) => ({ type: 'function', function: tool })) }
          : {}),
      },
    });
    if (!opened) {
      yield ABORTED;
      return;
    }
    const { response, controller } = opened;
    const unlink = linkAbort(request.signal, controller);
    let finish: 'stop' | 'length' | 'tool_calls' | null = null;
    let usage: SseChunk['usage'] = null;
    // A call arrives in pieces (name first, arguments in fragments), keyed by its index.
    const calls = new Map<number, ToolCallRequest>();
    try {
      // Server-sent events: a chunk's JSON may span several data: lines (joined by the parser).
      for await (const message of readSse(response.body ?? new ReadableStream())) {
        const data = message.data.trim();
        if (data === '[DONE]') {
          if (calls.size > 0) yield { type: 'tool_calls', calls: [...calls.values()] };
          yield {
            type: 'done',
            promptTokens: usage?.prompt_tokens ?? null,
            completionTokens: usage?.completion_tokens ?? null,
            finishReason: finish ?? 'stop',
          };
          return;
        }
        const chunk = JSON.parse(data) as SseChunk;
        if (chunk.error) throw new ProviderError(`${this.name}: ${chunk.error.message ?? 'error'}`, 'upstream_error');
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices?.[0];
        if (choice?.delta?.content) yield { type: 'token', text: choice.delta.content };
        for (const delta of choice?.delta?.tool_calls ?? []) collectCall(calls, delta);
        if (choice?.finish_reason) finish = finishOf(choice.finish_reason, calls.size > 0);
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
    const { response } = await upstreamFetch(this.name, joinUrl(this.apiBase, '/embeddings'), {
      network: this.network,
      signal,
      headers: this.headers(),
      body: { model, input: texts },
    });
    const { data } = await readJson<{ data?: { embedding: number[]; index: number }[] }>(this.name, response);
    if (!data || data.length !== texts.length) {
      throw new ProviderError(`${this.name} returned no embeddings`, 'upstream_error');
    }
    return [...data].sort((a, b) => a.index - b.index).map((entry) => entry.embedding);
  }
}

function collectCall(calls: Map<number, ToolCallRequest>, delta: ToolCallDelta) {
  const index = delta.index ?? 0;
  const call = calls.get(index) ?? { id: delta.id ?? `call_${index}`, name: '', arguments: '' };
  if (delta.id) call.id = delta.id;
  call.name += delta.function?.name ?? '';
  call.arguments += delta.function?.arguments ?? '';
  calls.set(index, call);
}

function finishOf(reason: string, hasCalls: boolean): 'stop' | 'length' | 'tool_calls' {
  if (reason === 'length') return 'length';
  return reason === 'tool_calls' || hasCalls ? 'tool_calls' : 'stop';
}

function toOpenAiMessage(turn: ChatTurn) {
  if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.toolCallId, content: turn.content };
  if (turn.toolCalls?.length) {
    return {
      role: 'assistant',
      content: turn.content || null,
      tool_calls: turn.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  if (!turn.images?.length) return { role: turn.role, content: turn.content };
  return {
    role: turn.role,
    content: [
      { type: 'text', text: turn.content },
      ...turn.images.map((image) => ({
        type: 'image_url',
        image_url: { url: `data:${imageMime(image)};base64,${image}` },
      })),
    ],
  };
}

/** The type from the first bytes of the base64: enough for the formats vision endpoints accept. */
function imageMime(base64: string): string {
  if (base64.startsWith('iVBOR')) return 'image/png';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return 'image/jpeg';
}
