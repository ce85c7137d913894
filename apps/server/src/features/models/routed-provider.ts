import type { ChatChunk, ChatRequest, ModelProvider, ProviderHealth, ProviderModel } from './model-provider';
import { ProviderError } from './model-provider';

/** What the registry lends a RoutedProvider: load counts and a way to report an endpoint that went away. */
export interface LoadTracker {
  inflight(providerId: string): number;
  begin(providerId: string): void;
  /** The model most recently asked to chat (system mode's current_model). */
  used(model: string): void;
  end(providerId: string): void;
  markDown(providerId: string, error: ProviderError): void;
  /** A chat call that reached its end (the runtime's own token counts when it reports them). */
  answered?(call: AnsweredCall): void;
}

export interface AnsweredCall {
  runtime: ModelProvider['kind'];
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
  ms: number;
}

/**
 * One model served by one or more endpoints (several OLLAMA_BASE_URLs). Each request goes to the endpoint with
 * the fewest requests in flight; an endpoint that cannot be reached before answering is marked down and the
 * request moves on to the next one.
 */
export class RoutedProvider implements ModelProvider {
  readonly id: string;
  readonly kind: ModelProvider['kind'];
  readonly name: string;

  constructor(
    private readonly candidates: ModelProvider[],
    private readonly tracker: LoadTracker,
  ) {
    const first = candidates[0];
    if (!first) throw new Error('RoutedProvider needs at least one provider');
    this.id = first.id;
    this.kind = first.kind;
    this.name = first.name;
  }

  private byLoad(): ModelProvider[] {
    return [...this.candidates].sort((a, b) => this.tracker.inflight(a.id) - this.tracker.inflight(b.id));
  }

  private get primary(): ModelProvider {
    return this.byLoad()[0] as ModelProvider;
  }

  health(signal?: AbortSignal): Promise<ProviderHealth> {
    return this.primary.health(signal);
  }

  listModels(signal?: AbortSignal): Promise<ProviderModel[]> {
    return this.primary.listModels(signal);
  }

  async *chat(request: ChatRequest): AsyncGenerator<ChatChunk> {
    const order = this.byLoad();
    this.tracker.used(request.model);
    for (const [index, provider] of order.entries()) {
      let answered = false;
      const started = Date.now();
      this.tracker.begin(provider.id);
      try {
        for await (const chunk of provider.chat(request)) {
          answered = true;
          if (chunk.type === 'done') {
            const { promptTokens, completionTokens } = chunk;
            const ms = Date.now() - started;
            this.tracker.answered?.({
              runtime: provider.kind,
              model: request.model,
              promptTokens,
              completionTokens,
              ms,
            });
          }
          yield chunk;
        }
        return;
      } catch (error) {
        const movable = error instanceof ProviderError && error.kind === 'unreachable';
        if (movable) this.tracker.markDown(provider.id, error);
        if (!movable || answered || index === order.length - 1) throw error;
      } finally {
        this.tracker.end(provider.id);
      }
    }
  }

  async contextLength(model: string): Promise<number | null> {
    return (await this.primary.contextLength?.(model)) ?? null;
  }

  async embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const order = this.byLoad().filter((provider) => provider.embed);
    for (const [index, provider] of order.entries()) {
      this.tracker.begin(provider.id);
      try {
        return await (provider.embed as NonNullable<ModelProvider['embed']>).call(provider, model, texts, signal);
      } catch (error) {
        const movable = error instanceof ProviderError && error.kind === 'unreachable';
        if (movable) this.tracker.markDown(provider.id, error);
        if (!movable || index === order.length - 1) throw error;
      } finally {
        this.tracker.end(provider.id);
      }
    }
    throw new ProviderError(`${this.name} cannot make embeddings`, 'upstream_error');
  }
}
