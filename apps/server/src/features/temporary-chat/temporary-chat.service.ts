import type { TemporaryChatBody, TemporaryChatEvent } from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { type ChatUsage, errorCodeOf, runModel } from '../chat';
import { type ModelProvider, ProviderError, type ScopedModelRegistry } from '../models';

type Input = z.output<typeof TemporaryChatBody>;

const unavailable = () =>
  new AppError('provider_unavailable', 503, 'AI Service Unavailable: cannot connect to the model server.');

/** A temporary chat's answer, ready to stream: nothing about it is ever written to the database. */
export interface TemporaryRun {
  run(send: (event: TemporaryChatEvent) => void, signal: AbortSignal): Promise<void>;
}

/**
 * Temporary chat (issue 17): answers from the history the client sends and stores nothing — no conversation,
 * no message, no audit entry — so it never shows in history, search or exports. The model must be one the
 * user may use (model grants apply, as in every chat).
 */
export class TemporaryChatService {
  constructor(
    private readonly registry: ScopedModelRegistry,
    /** Quotas and usage accounting (issue 19): a temporary answer is counted like any other. */
    private readonly usage?: ChatUsage,
  ) {}

  async start(userId: string, input: Input): Promise<TemporaryRun> {
    await this.usage?.admit(userId, 1);
    let provider: ModelProvider;
    let model: string;
    try {
      const resolved = await (await this.registry.forUser(userId)).resolve(input.model, input.provider_id);
      provider = resolved.provider;
      model = resolved.model.name;
    } catch (error) {
      throw error instanceof ProviderError ? unavailable() : error;
    }
    return {
      run: async (send, signal) => {
        try {
          const answer = await runModel(
            provider,
            { model, messages: input.messages, temperature: input.temperature, signal },
            (text) => send({ type: 'token', text }),
            this.usage?.meter(userId),
          );
          send({ type: 'done', content: answer.text, model, stopped: answer.finishReason === 'aborted' });
        } catch (error) {
          send({ type: 'error', code: errorCodeOf(error), message: 'The model could not answer. Please try again.' });
        }
      },
    };
  }
}
