import type { EmbeddingModelOption } from '@hearth/contract';
import { AppError } from '../../../http/errors';
import type { ModelProvider, ProviderRegistry } from '../../models';
import { normalize } from './vector-math';

/** Turns texts into unit-length vectors of one model. */
export interface Embedder {
  /** `ollama:<model>`, `builtin:<file>.gguf` or `openai:<provider id>:<model>`. */
  readonly id: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Texts per request: large enough to amortise a round trip, small enough to report progress. */
export const EMBED_BATCH = 32;

export interface ParsedModelId {
  kind: 'ollama' | 'builtin' | 'openai';
  providerId: string | null;
  model: string;
}

export function parseModelId(id: string): ParsedModelId | null {
  const [kind, ...rest] = id.split(':');
  const tail = rest.join(':');
  if (!tail) return null;
  if (kind === 'ollama') return { kind, providerId: null, model: tail };
  if (kind === 'builtin') return { kind, providerId: 'builtin', model: tail };
  if (kind === 'openai') {
    const [providerId, ...model] = rest;
    return providerId && model.length ? { kind, providerId, model: model.join(':') } : null;
  }
  return null;
}

/** The id an admin picks for a model of a provider: Ollama endpoints are one pool, other providers are named. */
export function modelIdFor(provider: { id: string; kind: string }, model: string): string {
  if (provider.kind === 'ollama') return `ollama:${model}`;
  if (provider.kind === 'builtin') return `builtin:${model}`;
  return `openai:${provider.id}:${model}`;
}

/** An embedder over one of the registry's providers (their `embed`: /api/embed, /v1/embeddings, llama.cpp). */
class ProviderEmbedder implements Embedder {
  constructor(
    readonly id: string,
    private readonly provider: ModelProvider,
    private readonly model: string,
  ) {}

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    if (!this.provider.embed) throw new AppError('model_not_found', 404, `${this.id} cannot make embeddings`);
    const vectors = await this.provider.embed(this.model, texts, signal);
    if (vectors.length !== texts.length)
      throw new Error(`${this.id} returned ${vectors.length} vectors for ${texts.length} texts`);
    const dims = vectors[0]?.length ?? 0;
    if (dims === 0 || vectors.some((vector) => vector.length !== dims)) {
      throw new Error(`${this.id} returned vectors of inconsistent dimensions`);
    }
    return vectors.map(normalize);
  }
}

/** Finds the provider behind a model id through the registry (so load balancing and health apply). */
export class EmbedderFactory {
  constructor(private readonly registry: ProviderRegistry) {}

  async create(id: string): Promise<Embedder> {
    const parsed = parseModelId(id);
    if (!parsed) throw new AppError('validation_error', 400, `Unknown embedding model id: ${id}`);
    let providerId = parsed.providerId;
    if (parsed.kind === 'ollama') {
      const snapshot = await this.registry.snapshot();
      const serving = snapshot.find(
        ({ entry, state }) =>
          entry.provider.kind === 'ollama' && state.models.some((model) => model.name === parsed.model),
      );
      if (!serving) throw new AppError('model_not_found', 404, `Model ${parsed.model} is not available`);
      providerId = serving.entry.provider.id;
    }
    const { provider } = await this.registry.resolve(parsed.model, providerId ?? undefined);
    if (provider.kind !== parsed.kind) throw new AppError('model_not_found', 404, `Model ${id} is not available`);
    return new ProviderEmbedder(id, provider, parsed.model);
  }

  /** Every installed model of every reachable provider; embedding models first. */
  async options(): Promise<EmbeddingModelOption[]> {
    const options: EmbeddingModelOption[] = [];
    const seen = new Set<string>();
    for (const { entry, state } of await this.registry.snapshot()) {
      for (const model of state.models) {
        const id = modelIdFor(entry.provider, model.name);
        if (seen.has(id)) continue;
        seen.add(id);
        const provider = { id: entry.provider.id, kind: entry.provider.kind, name: entry.provider.name };
        options.push({ id, name: model.name, provider, embedding: model.capabilities.embedding });
      }
    }
    return options.sort((a, b) => Number(b.embedding) - Number(a.embedding));
  }
}
