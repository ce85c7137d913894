import type { EmbeddingSettingsResponse } from '@hearth/contract';
import { AppError } from '../../../http/errors';
import type { Tx, UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../../audit';
import type { ChunkHit } from '../chunk-hits.repository';
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
    /** Enqueues a collection's re-embed job in the caller's transaction. */
    private readonly enqueueEmbed: (tx: Tx, payload: EmbedCollectionPayload) => Promise<unknown>,
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
    /** Collections of other owners shared with the user: searched in their owners' scopes (issue 16). */
    shared: { userId: string; collectionIds: string[] }[] = [],
  ): Promise<ChunkHit[] | null> {
    const model = await this.active();
    if (!model) return null;
    const scopes = [{ userId, collectionIds }, ...shared].map((scope) => ({
      ...scope,
      model: model.id,
      dims: model.dims,
    }));
    const present = await Promise.all(scopes.map((scope) => this.search.hasAny(scope)));
    const searched = scopes.filter((_, index) => present[index]);
    if (searched.length === 0) return null;
    let vector: Float32Array | undefined;
    try {
      [vector] = await (await this.embedder(model.id)).embed([query], AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS));
    } catch (error) {
      this.warn('query embedding failed; searching lexically only', error);
      return null;
    }
    if (!vector || vector.length !== model.dims) return null;
    const found = vector;
    // Each scope's list is sorted by cosine already; several (shared collections) are merged by it.
    const lists = await Promise.all(searched.map((scope) => this.search.nearest(scope, found, limit)));
    return lists
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
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
    await this.prepareIndex(model);
    return model;
  }

  /**
   * The approximate index for the active model's dimensions (PostgreSQL's HNSW; SQLite's sketches need none):
   * when the model is chosen, and at startup for servers that had a model before the index existed. Built
   * without blocking the re-embed jobs' writes. A failure only costs speed (search stays exact): logged.
   */
  async prepareIndex(model?: ActiveModel | null): Promise<void> {
    const active = model === undefined ? await this.active(true) : model;
    if (!active) return;
    try {
      await this.search.prepareIndex(active.dims);
    } catch (error) {
      this.warn('the vector index could not be built; vector search stays exact', error);
    }
  }

  /**
   * The setting, its audit entry and one re-embed job per collection with chunks, in one transaction
   * (restart-safe: each job only embeds what is missing).
   */
  private async save(actorId: string, model: ActiveModel | null, context: AuditContext): Promise<void> {
    // Read before the transaction: on SQLite a read on the shared handle inside it would wait for it forever.
    const collections = model ? await this.state.collectionsWithChunks() : [];
    await this.uow.run(async (tx) => {
      await this.state.setActiveModel(model, tx);
      for (const collectionId of collections) await this.queueCollection(collectionId, model?.id ?? '', tx);
      const details = { model: model?.id ?? null, dims: model?.dims ?? null };
      await this.audit.record(
        tx,
        { userId: actorId, action: 'UPDATE', resourceType: 'embedding_model', details },
        context,
      );
    });
  }

  /** Queues a collection's re-embed, in `tx` or in a unit of work of its own. */
  async queueCollection(collectionId: string, model: string, tx?: Tx): Promise<void> {
    const payload: EmbedCollectionPayload = { collectionId, model };
    if (tx) await this.enqueueEmbed(tx, payload);
    else await this.uow.run((own) => this.enqueueEmbed(own, payload));
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
