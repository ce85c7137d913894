import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { JobQueue } from '../../../jobs/job-queue';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditService } from '../../audit/audit.service';
import type { ProviderRegistry } from '../../models/model-registry';
import { DocumentEmbedding } from './document-embedding';
import { EmbedCollectionJob, embedCollectionJob } from './embed-collection.job';
import { EmbedderFactory } from './embedder';
import { EmbeddingStateRepository } from './embedding-state.repository';
import { EmbeddingService } from './embedding.service';
import { VectorSearchRepository } from './vector-search.repository';
import { VectorRepository } from './vector.repository';

export interface EmbeddingsFeature {
  embeddingService: EmbeddingService;
  documentEmbedding: DocumentEmbedding;
}

/** Wires embedding models, vector storage and re-embedding jobs into the knowledge feature. */
export function buildEmbeddings(deps: {
  db: Db;
  log: FastifyBaseLogger;
  queue: JobQueue;
  providers: ProviderRegistry | null;
  uow: UnitOfWork;
  audit: AuditService;
}): EmbeddingsFeature {
  const warn = (message: string, error?: unknown) => deps.log.warn({ err: error }, message);
  const vectors = new VectorRepository(deps.db.kysely, deps.db.dialect);
  const search = new VectorSearchRepository(deps.db.kysely, deps.db.dialect, (message) => deps.log.warn(message));
  const state = new EmbeddingStateRepository(deps.db.kysely);
  const factory = deps.providers ? new EmbedderFactory(deps.providers) : null;
  const embeddingService = new EmbeddingService(
    state,
    vectors,
    search,
    factory,
    // The job needs the service and the service enqueues the job: bound once both exist (below).
    (tx, payload) => deps.queue.enqueue(tx, definition, payload),
    warn,
    deps.uow,
    deps.audit,
  );
  // Not awaited: indexing an existing instance's vectors can take minutes, and search works (exactly) meanwhile.
  embeddingService.prepareIndex().catch((error: unknown) => warn('vector index check failed', error));
  const definition = embedCollectionJob(new EmbedCollectionJob(deps.uow, embeddingService, vectors, state));
  deps.queue.register(definition);
  return { embeddingService, documentEmbedding: new DocumentEmbedding(embeddingService, vectors, state, warn) };
}
