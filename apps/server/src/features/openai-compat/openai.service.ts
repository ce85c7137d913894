import { randomBytes } from 'node:crypto';
import type {
  OpenAIChatCompletion,
  OpenAIChatCompletionChunk,
  OpenAIChatCompletionRequest,
  OpenAIMessage,
  OpenAIModelList,
  OpenAIUsage,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import { type ModelAnswer, runModel, estimateTokens } from '../chat';
import type { ChatTurn, ModelProvider, ScopedModelRegistry } from '../models';

export interface PreparedCompletion {
  id: string;
  created: number;
  model: string;
  provider: ModelProvider;
  messages: ChatTurn[];
  temperature: number | undefined;
  maxTokens: number | undefined;
}

const ROLE: Record<OpenAIMessage['role'], ChatTurn['role']> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'user',
};

/** OpenAI content (a string or parts) as our turn: text joined, images from data: URLs only. */
function toTurn(message: OpenAIMessage): ChatTurn {
  const role = ROLE[message.role];
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

const finishReason = (answer: ModelAnswer) => (answer.finishReason === 'length' ? 'length' : 'stop');

/** The /v1 API: Hearth's models behind OpenAI's Chat Completions wire format. */
export class OpenAICompatService {
  constructor(private readonly registry: ScopedModelRegistry) {}

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
    return { object: 'list', data };
  }

  async prepare(userId: string, body: OpenAIChatCompletionRequest): Promise<PreparedCompletion> {
    const messages = body.messages.map(toTurn);
    const { provider, model } = await (await this.registry.forUser(userId)).resolve(body.model);
    return {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      model: model.name,
      provider,
      messages,
      temperature: body.temperature ?? undefined,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
    };
  }

  private run(prepared: PreparedCompletion, signal: AbortSignal, onToken?: (text: string) => void) {
    const { provider, model, messages, temperature, maxTokens } = prepared;
    return runModel(provider, { model, messages, temperature, maxTokens, signal }, onToken);
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
          message: { role: 'assistant', content: answer.text, refusal: null },
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
      finish: 'stop' | 'length' | null = null,
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
