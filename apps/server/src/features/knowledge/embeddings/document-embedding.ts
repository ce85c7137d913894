import type { Tx } from '../../../lib/unit-of-work';
import type { ActiveModel, EmbeddingStateRepository } from './embedding-state.repository';
import type { EmbeddingService } from './embedding.service';
import type { VectorRepository } from './vector.repository';

/** A document's chunk vectors, computed before its chunks are written, or why they could not be. */
export type PreparedVectors =
  { model: ActiveModel; vectors: Float32Array[]; error: null } | { model: ActiveModel; vectors: null; error: string };

/**
 * The ingestion job's embedding step. Vectors are computed before the chunks are written and stored in the
 * same transaction, so a document turns 'ready' with its vectors. An embedder failure never costs the lexical
 * index: the document is written without vectors, the failure is recorded on its collection, and a collection
 * job retries (with the queue's backoff).
 */
export class DocumentEmbedding {
  constructor(
    private readonly embeddings: EmbeddingService,
    private readonly vectors: VectorRepository,
    private readonly state: EmbeddingStateRepository,
    private readonly warn: (message: string, error?: unknown) => void,
  ) {}

  /** null when no embedding model is set. `onProgress` gets the share embedded (0-1). */
  async prepare(texts: string[], onProgress: (share: number) => void): Promise<PreparedVectors | null> {
    const model = await this.embeddings.active();
    if (!model || texts.length === 0) return null;
    try {
      return { model, vectors: await this.embeddings.embedAll(model, texts, onProgress), error: null };
    } catch (error) {
      this.warn('embedding a document failed; it stays searchable lexically', error);
      return { model, vectors: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Inside the ingestion job's unit of work, once the chunks are written: their vectors, when there are any. */
  async write(tx: Tx, documentId: string, prepared: PreparedVectors | null): Promise<void> {
    if (prepared?.vectors) await this.vectors.writeForDocument(tx, documentId, prepared.model.id, prepared.vectors);
  }

  /** After the commit: record the failure and queue a retry, or mark the collection embedded when it is. */
  async settle(collectionId: string, userId: string, prepared: PreparedVectors): Promise<void> {
    if (prepared.error !== null) {
      await this.state.record(collectionId, userId, { error: `Embedding failed: ${prepared.error}` });
      await this.embeddings.queueCollection(collectionId, prepared.model.id);
      return;
    }
    const recorded = (await this.state.forCollection(collectionId))?.model;
    if (recorded === prepared.model.id) return;
    if ((await this.vectors.missing(collectionId, prepared.model.id, 1)).length > 0) return;
    await this.state.record(collectionId, userId, { model: prepared.model.id, dims: prepared.model.dims, error: null });
  }
}
