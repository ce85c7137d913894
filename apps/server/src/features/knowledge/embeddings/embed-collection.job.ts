import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import { EMBED_BATCH } from './embedder';
import type { EmbeddingStateRepository } from './embedding-state.repository';
import { EMBED_COLLECTION_JOB, type EmbeddingService } from './embedding.service';
import type { VectorRepository } from './vector.repository';

const Payload = z.object({ collectionId: z.string(), model: z.string() });
type Payload = z.infer<typeof Payload>;

/**
 * Embeds every chunk of a collection that has no vector of the active model yet, batch by batch, then records
 * the collection as embedded with it and frees vectors of older models. Restart-safe: a rerun only does what is
 * still missing. A job for a model that is no longer active stops at once (the change queued its own jobs).
 */
export class EmbedCollectionJob {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly embeddings: EmbeddingService,
    private readonly vectors: VectorRepository,
    private readonly state: EmbeddingStateRepository,
  ) {}

  async run({ collectionId, model: modelId }: Payload): Promise<void> {
    const userId = await this.state.collectionOwner(collectionId);
    if (!userId) return;
    // A cursor over the chunks, so a big collection is one pass (a failure retries the whole job from the start).
    let after: number | string = 0;
    for (;;) {
      const model = await this.embeddings.active(true);
      if (model?.id !== modelId) return;
      const chunks = await this.vectors.missing(collectionId, model.id, EMBED_BATCH * 4, after);
      if (chunks.length === 0) break;
      after = chunks[chunks.length - 1]?.seq ?? after;
      try {
        const vectors = await this.embeddings.embedAll(
          model,
          chunks.map((chunk) => chunk.text),
          () => undefined,
        );
        await this.uow.run((tx) => this.vectors.upsert(tx, chunks, model.id, vectors));
      } catch (error) {
        // The collection stays searchable lexically; the queue retries with backoff.
        const message = error instanceof Error ? error.message : String(error);
        await this.state.record(collectionId, userId, { error: `Embedding failed: ${message}` });
        throw error;
      }
    }
    const model = await this.embeddings.active(true);
    if (model?.id !== modelId) return;
    // Chunks written behind the cursor meanwhile (e.g. by a replica that had not seen the change yet): go again.
    if ((await this.vectors.missing(collectionId, model.id, 1)).length > 0) throw new Error('New chunks to embed');
    await this.vectors.deleteOtherModels(collectionId, model.id);
    await this.state.record(collectionId, userId, { model: model.id, dims: model.dims, error: null });
  }
}

/** The re-embedding job, defined once (registered in embeddings-feature.ts). */
export function embedCollectionJob(job: EmbedCollectionJob) {
  return defineJob({ name: EMBED_COLLECTION_JOB, payload: Payload, handler: (payload) => job.run(payload) });
}
