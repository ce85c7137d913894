import { randomBytes } from 'node:crypto';
import type {
  OpenAIChatCompletion,
  OpenAIChatCompletionChunk,
  OpenAIChatCompletionRequest,
  OpenAIMessage,
  OpenAIModelList,
  OpenAIUsage,
  Preset,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import {
  type ChatKnowledge,
  type ChatUsage,
  type ModelAnswer,
  runModel,
  estimateTokens,
  type UsageMeter,
} from '../chat';
import type { ChatTurn, ModelProvider, ScopedModelRegistry, ToolCallRequest, ToolSpec } from '../models';

export interface PreparedCompletion {
  id: string;
  created: number;
  /** The name answers carry: the model's, or the preset's when the client named a preset. */
  model: string;
  /** The model the runtime runs. */
  runtimeModel: string;
  provider: ModelProvider;
  messages: ChatTurn[];
  temperature: number | undefined;
  maxTokens: number | undefined;
  topP: number | undefined;
  contextSize: number | undefined;
  /** Counts the answer for the token's owner (issue 19). */
  meter: UsageMeter | undefined;
  /** The client's own functions, passed to the model; their calls go back to the client (issue 20). */
  tools: ToolSpec[] | undefined;
}

/** The presets a caller may use, as /v1 names them: by their exact name, like a model. */
interface OpenAIPresets {
  list(userId: string): Promise<Preset[]>;
  usableByName(userId: string, name: string): Promise<Preset | undefined>;
}

const ROLE: Record<OpenAIMessage['role'], ChatTurn['role']> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
};

/** OpenAI content (a string or parts) as our turn: text joined, images from data: URLs only. */
function toTurn(message: OpenAIMessage): ChatTurn {
  const role = ROLE[message.role];
  if (message.role === 'tool') return { role, content: textOf(message.content), toolCallId: message.tool_call_id };
  if (message.role === 'assistant' && message.tool_calls?.length) {
    const toolCalls = message.tool_calls.map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
    return { role, content: textOf(message.content), toolCalls };
  }
  if (typeof message.content === 'string' || !message.content) return { role, content: message.content ?? '' };
  const texts: string[] = [];
  const images: string[] = [];
  for (const part of message.content) {
    if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
    if (part.type === 'image_url' && 'image_url' in part) {
      const url = (part.image_url as { url: string }).url;
      const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
      // Hearth never fetches remote URLs on a client's behalf.
      if (!match?.[1]) throw AppError.badRequest('Only base64 data: URLs are supported for images.');
      images.push(match[1].replace(/\s+/g, ''));
    }
  }
  return images.length > 0 ? { role, content: texts.join('\n'), images } : { role, content: texts.join('\n') };
}

function textOf(content: OpenAIMessage['content']): string {
  if (typeof content === 'string' || !content) return content ?? '';
  return content
    .flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []))
    .join('\n');
}

const finishReason = (answer: ModelAnswer) =>
  answer.toolCalls?.length ? 'tool_calls' : answer.finishReason === 'length' ? 'length' : 'stop';

const toOpenAiCalls = (calls: ToolCallRequest[]) =>
  calls.map((call) => ({
    id: call.id,
    type: 'function' as const,
    function: { name: call.name, arguments: call.arguments },
  }));

/** The /v1 API: Hearth's models behind OpenAI's Chat Completions wire format. */
export class OpenAICompatService {
  constructor(
    private readonly registry: ScopedModelRegistry,
    private readonly presets: OpenAIPresets,
    private readonly knowledge: ChatKnowledge,
    private readonly accounting?: ChatUsage,
  ) {}

  /** Only the models the token's owner may use (model grants); others are absent here and 404 below. */
  async listModels(userId: string): Promise<OpenAIModelList> {
    const models = await (await this.registry.forUser(userId)).listModels();
    const seen = new Set<string>();
    const data = models.flatMap((model) => {
      if (seen.has(model.name)) return [];
      seen.add(model.name);
      const created = Math.floor((Date.parse(model.modified_at) || 0) / 1000);
      return [{ id: model.name, object: 'model' as const, created, owned_by: model.provider.name }];
    });
    // Presets the caller may use are models too (issue 17), after the real models; a model's name wins.
    for (const preset of await this.presets.list(userId)) {
      if (seen.has(preset.name)) continue;
      seen.add(preset.name);
      const created = Math.floor((Date.parse(preset.created_at) || 0) / 1000);
      data.push({ id: preset.name, object: 'model', created, owned_by: 'hearth-preset' });
    }
    return { object: 'list', data };
  }

  async prepare(userId: string, body: OpenAIChatCompletionRequest): Promise<PreparedCompletion> {
    // Over a quota: refused before the model (or the preset's knowledge search) is asked anything.
    await this.accounting?.admit(userId, 1);
    const registry = await this.registry.forUser(userId);
    const listed = (await registry.listModels()).some((model) => model.name === body.model);
    const preset = listed ? undefined : await this.presets.usableByName(userId, body.model);
    if (preset && !preset.settings.model) {
      throw AppError.badRequest(`The preset ${preset.name} names no model; choose one in the Workspace first.`);
    }
    const wanted = preset?.settings.model ?? body.model;
    const { provider, model } = await registry.resolve(wanted, preset?.settings.provider_id);
    const turns = body.messages.map(toTurn);
    const messages = preset ? await this.withPreset(userId, preset, turns, model.name) : turns;
    const settings = preset?.settings;
    return {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      // A preset answers under its own name, as the client asked for it.
      model: preset ? preset.name : model.name,
      runtimeModel: model.name,
      provider,
      messages,
      temperature: body.temperature ?? settings?.temperature,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? settings?.max_tokens,
      topP: typeof body.top_p === 'number' ? body.top_p : settings?.top_p,
      contextSize: settings?.context_size,
      meter: this.accounting?.meter(userId),
      tools: body.tools?.length
        ? body.tools.map(({ function: fn }) => ({
            name: fn.name,
            description: fn.description ?? '',
            parameters: fn.parameters ?? { type: 'object', properties: {} },
          }))
        : undefined,
    };
  }

  /**
   * The preset's system prompt goes first, with the best passages of its collections for the last user
   * message (searched as the caller: collections they may not read are left out by the knowledge search).
   */
  private async withPreset(userId: string, preset: Preset, turns: ChatTurn[], model: string): Promise<ChatTurn[]> {
    const parts = preset.settings.system_prompt?.trim() ? [preset.settings.system_prompt.trim()] : [];
    const question = turns.findLast((turn) => turn.role === 'user')?.content.trim() ?? '';
    const collections = preset.settings.collection_ids ?? [];
    if (collections.length > 0 && question) {
      const found = await this.knowledge.lookup({
        userId,
        query: question,
        collectionIds: collections,
        limit: 3,
        model,
      });
      if (found.documents.length > 0) {
        const passages = found.documents
          .map((doc, index) => `[${index + 1}] ${doc.fileName} (collection: ${doc.collectionName}):\n${doc.snippet}`)
          .join('\n\n');
        parts.push(`Use these passages from the user's documents where they help, citing them as [n]:\n${passages}`);
      }
    }
    return parts.length > 0 ? [{ role: 'system', content: parts.join('\n\n') }, ...turns] : turns;
  }

  private run(prepared: PreparedCompletion, signal: AbortSignal, onToken?: (text: string) => void) {
    const { provider, messages, temperature, maxTokens, topP, contextSize, tools } = prepared;
    const request = {
      model: prepared.runtimeModel,
      messages,
      temperature,
      maxTokens,
      topP,
      contextSize,
      tools,
      signal,
    };
    return runModel(provider, request, onToken, prepared.meter);
  }

  private usage(prepared: PreparedCompletion, answer: ModelAnswer): OpenAIUsage {
    const prompt =
      answer.promptTokens ?? prepared.messages.reduce((sum, turn) => sum + estimateTokens(turn.content), 0);
    const completion = answer.completionTokens ?? estimateTokens(answer.text);
    return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  }

  async complete(prepared: PreparedCompletion, signal: AbortSignal): Promise<OpenAIChatCompletion> {
    const answer = await this.run(prepared, signal);
    return {
      id: prepared.id,
      object: 'chat.completion',
      created: prepared.created,
      model: prepared.model,
      choices: [
        {
          index: 0,
          message: answer.toolCalls?.length
            ? {
                role: 'assistant',
                content: answer.text || null,
                refusal: null,
                tool_calls: toOpenAiCalls(answer.toolCalls),
              }
            : { role: 'assistant', content: answer.text, refusal: null },
          logprobs: null,
          finish_reason: finishReason(answer),
        },
      ],
      usage: this.usage(prepared, answer),
    };
  }

  /** Streams chunks exactly as OpenAI does: a role chunk, content chunks, a finish chunk, optional usage. */
  async stream(
    prepared: PreparedCompletion,
    signal: AbortSignal,
    includeUsage: boolean,
    write: (chunk: OpenAIChatCompletionChunk) => void,
  ): Promise<void> {
    const chunk = (
      delta: OpenAIChatCompletionChunk['choices'][number]['delta'],
      finish: 'stop' | 'length' | 'tool_calls' | null = null,
    ): OpenAIChatCompletionChunk => ({
      id: prepared.id,
      object: 'chat.completion.chunk',
      created: prepared.created,
      model: prepared.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    });
    write(chunk({ role: 'assistant', content: '' }));
    const answer = await this.run(prepared, signal, (text) => write(chunk({ content: text })));
    if (signal.aborted) return;
    if (answer.toolCalls?.length) {
      write(chunk({ tool_calls: toOpenAiCalls(answer.toolCalls).map((call, index) => ({ index, ...call })) }));
    }
    write(chunk({}, finishReason(answer)));
    if (includeUsage) {
      write({
        id: prepared.id,
        object: 'chat.completion.chunk',
        created: prepared.created,
        model: prepared.model,
        choices: [],
        usage: this.usage(prepared, answer),
      });
    }
  }
}
