import type { EmbeddingSettingsResponse } from '@hearth/contract';
import { AppError } from '../../../http/errors';
import type { JobRepository } from '../../../jobs/job.repository';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../../audit/audit.service';
import type { ChunkHit } from '../chunk-index.repository';
import { EMBED_BATCH, type Embedder, type EmbedderFactory } from './embedder';
import type { ActiveModel, EmbeddingStateRepository } from './embedding-state.repository';
import type { VectorSearchRepository } from './vector-search.repository';
import type { VectorRepository } from './vector.repository';

export const EMBED_COLLECTION_JOB = 'knowledge.embed';

export interface EmbedCollectionPayload {
  collectionId: string;
  model: string;
}

/** How long a query may wait for its vector before search goes on lexically. */
const QUERY_EMBED_TIMEOUT_MS = 10_000;
/** Replicas notice another replica's model change within this. */
const SETTING_CACHE_MS = 5_000;

/**
 * The active embedding model: choosing it (admins), embedding texts with it, kNN over the user's vectors,
 * and queueing re-embeds when it changes. Without a model everything here answers "nothing", cheaply.
 */
export class EmbeddingService {
  private cached: { model: ActiveModel | null; at: number } | null = null;
  private embedders = new Map<string, Promise<Embedder>>();

  constructor(
    private readonly state: EmbeddingStateRepository,
    private readonly vectors: VectorRepository,
    private readonly search: VectorSearchRepository,
    private readonly factory: EmbedderFactory | null,
    private readonly jobs: JobRepository,
    private readonly poke: () => void,
    private readonly warn: (message: string, error?: unknown) => void,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async active(fresh = false): Promise<ActiveModel | null> {
    if (!fresh && this.cached && Date.now() - this.cached.at < SETTING_CACHE_MS) return this.cached.model;
    const model = await this.state.activeModel();
    this.cached = { model, at: Date.now() };
    return model;
  }

  async embedder(id: string): Promise<Embedder> {
    if (!this.factory) throw new AppError('model_not_found', 404, 'No model runtimes are configured');
    let pending = this.embedders.get(id);
    if (!pending) {
      pending = this.factory.create(id);
      this.embedders.set(id, pending);
      // Re-resolved now and then: providers come and go.
      setTimeout(() => this.embedders.delete(id), 60_000).unref();
      pending.catch(() => this.embedders.delete(id));
    }
    return pending;
  }

  /** Embeds texts in batches with `model`, reporting the share done. */
  async embedAll(
    model: ActiveModel,
    texts: string[],
    onProgress: (done: number) => void,
    signal?: AbortSignal,
  ): Promise<Float32Array[]> {
    const embedder = await this.embedder(model.id);
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += EMBED_BATCH) {
      const batch = await embedder.embed(texts.slice(start, start + EMBED_BATCH), signal);
      if (batch.some((vector) => vector.length !== model.dims)) {
        throw new Error(`${model.id} now returns ${batch[0]?.length} dimensions instead of ${model.dims}`);
      }
      vectors.push(...batch);
      onProgress(vectors.length / texts.length);
    }
    return vectors;
  }

  /** Vector hits for a query, or null when there is no model, no vector in scope, or the embedder fails. */
  async nearest(
    userId: string,
    query: string,
    collectionIds: string[] | null,
    limit: number,
  ): Promise<ChunkHit[] | null> {
    const model = await this.active();
    if (!model) return null;
    const scope = { userId, model: model.id, dims: model.dims, collectionIds };
    if (!(await this.search.hasAny(scope))) return null;
    let vector: Float32Array | undefined;
    try {
      [vector] = await (await this.embedder(model.id)).embed([query], AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS));
    } catch (error) {
      this.warn('query embedding failed; searching lexically only', error);
      return null;
    }
    if (!vector || vector.length !== model.dims) return null;
    return this.search.nearest(scope, vector, limit);
  }

  /** Admins: choose the model (it must answer a test embedding) or none; collections get re-embedded. */
  async setModel(actorId: string, id: string | null, context: AuditContext): Promise<ActiveModel | null> {
    if (id === null) {
      await this.save(actorId, null, context);
      this.cached = { model: null, at: Date.now() };
      return null;
    }
    this.embedders.delete(id);
    const embedder = await this.embedder(id);
    let probe: Float32Array[];
    try {
      probe = await embedder.embed(['Hearth embedding check'], AbortSignal.timeout(60_000));
    } catch (error) {
      this.embedders.delete(id);
      if (error instanceof AppError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError('upstream_error', 502, `${id} could not make an embedding: ${reason}`);
    }
    const model = { id, dims: probe[0]?.length ?? 0 };
    await this.save(actorId, model, context);
    this.cached = { model, at: Date.now() };
    await this.queueAll(model.id);
    return model;
  }

  /** The setting and its audit entry, in one transaction. */
  private async save(actorId: string, model: ActiveModel | null, context: AuditContext): Promise<void> {
    await this.uow.run(async (tx) => {
      await this.state.setActiveModel(model, tx);
      const details = { model: model?.id ?? null, dims: model?.dims ?? null };
      await this.audit.record(
        tx,
        { userId: actorId, action: 'UPDATE', resourceType: 'embedding_model', details },
        context,
      );
    });
  }

  /** One re-embed job per collection with chunks (restart-safe: each job only embeds what is missing). */
  async queueAll(model: string): Promise<void> {
    for (const collectionId of await this.state.collectionsWithChunks()) {
      await this.queueCollection(collectionId, model);
    }
  }

  async queueCollection(collectionId: string, model: string): Promise<void> {
    const payload: EmbedCollectionPayload = { collectionId, model };
    await this.jobs.enqueue(EMBED_COLLECTION_JOB, payload);
    this.poke();
  }

  async status(userId: string, options: boolean): Promise<EmbeddingSettingsResponse> {
    const active = await this.active(true);
    const [rows, counts, available, store] = await Promise.all([
      this.state.forUser(userId),
      this.vectors.counts(userId, active?.id ?? null),
      options && this.factory ? this.factory.options() : [],
      this.search.vectorStore(),
    ]);
    return {
      active,
      available,
      vector_store: store,
      collections: rows.map((row) => {
        const count = counts.get(row.collection_id) ?? { total: 0, embedded: 0 };
        return {
          collection_id: row.collection_id,
          embedding_model: row.model,
          embedded_chunks: active ? count.embedded : 0,
          total_chunks: count.total,
          error: row.error,
        };
      }),
    };
  }
}
