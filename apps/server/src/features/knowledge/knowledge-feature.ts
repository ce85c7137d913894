import type { KnowledgeDocumentEvent } from '@hearth/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { DEFAULT_JOB_QUEUE_OPTIONS, JobQueue, type JobQueueOptions } from '../../jobs/job-queue';
import { JobRepository } from '../../jobs/job.repository';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { EventBus } from '../events/event-bus';
import { DEFAULT_EXTRACTION_LIMITS } from '../extraction/extract-document';
import type { ModelRegistry } from '../models/model-provider';
import type { ProviderRegistry } from '../models/model-registry';
import { advancedSearchRoutes } from './advanced-search.routes';
import { AdvancedSearchService } from './advanced-search.service';
import { ChatKnowledgeContext } from './chat-knowledge-context';
import { ChatSourcesRepository } from './chat-sources.repository';
import { ChunkIndexRepository } from './chunk-index.repository';
import { collectionRoutes } from './collection.routes';
import { documentRoutes } from './document.routes';
import { embeddingRoutes } from './embeddings/embedding.routes';
import type { EmbeddingService } from './embeddings/embedding.service';
import { buildEmbeddings } from './embeddings/embeddings-feature';
import { IngestionService } from './ingestion.service';
import { INGEST_JOB, KnowledgeService } from './knowledge.service';
import { KnowledgeRepository } from './knowledge.repository';
import { localDocumentRoutes } from './local-documents.routes';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';
import { suggestionRoutes } from './suggestion.routes';
import { SuggestionService } from './suggestion.service';
import type { AuditService } from '../audit/audit.service';

export interface KnowledgeFeature {
  knowledgeService: KnowledgeService;
  searchService: SearchService;
  /** Spec advanced-rag (POST /api/knowledge/advanced-search; chat's advanced retrieval). */
  advancedSearchService: AdvancedSearchService;
  /** Chat's document context: search, indexing status, advanced retrieval. */
  chatKnowledge: ChatKnowledgeContext;
  suggestionService: SuggestionService;
  ingestion: IngestionService;
  /** The instance's embedding model, vectors and re-embedding. */
  embeddingService: EmbeddingService;
  queue: JobQueue;
  /** Requeues jobs interrupted by a dead server and starts the worker. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface KnowledgeDependencies {
  db: Db;
  blobs: BlobStore;
  events: EventBus;
  log: FastifyBaseLogger;
  queueOptions?: Partial<JobQueueOptions>;
  /** Models for advanced search's expansion and reranking; without it they run offline. */
  registry?: ModelRegistry;
  /** The runtimes embedding models come from; without it knowledge search is lexical only. */
  providers?: ProviderRegistry;
  uow: UnitOfWork;
  /** Collections and documents created and deleted are audited in the same transaction. */
  audit: AuditService;
  /** The admin's upload limit in bytes (System settings). */
  uploadLimit?: () => Promise<number>;
}

/** Wires collections, documents, ingestion and search (called from app.ts). */
export function buildKnowledgeFeature({
  db,
  blobs,
  events,
  log,
  queueOptions,
  registry,
  providers,
  uow,
  audit,
  uploadLimit,
}: KnowledgeDependencies): KnowledgeFeature {
  const repository = new KnowledgeRepository(db.kysely);
  const index = new ChunkIndexRepository(db.kysely, db.dialect);
  const jobs = new JobRepository(db.kysely, db.dialect);
  const queue = new JobQueue(jobs, log, { ...DEFAULT_JOB_QUEUE_OPTIONS, ...queueOptions });
  const publish = (userId: string, document: KnowledgeDocumentEvent['document']) =>
    events.publish(userId, { type: 'knowledge.document', document } satisfies KnowledgeDocumentEvent);
  const embeddings = buildEmbeddings({ db, log, jobs, queue, providers: providers ?? null, uow, audit });
  const ingestion = new IngestionService(
    uow,
    repository,
    index,
    blobs,
    DEFAULT_EXTRACTION_LIMITS,
    publish,
    embeddings.documentEmbedding,
  );
  queue.register(INGEST_JOB, ingestion);
  const knowledgeService = new KnowledgeService(
    repository,
    jobs,
    blobs,
    (document, userId) => {
      publish(userId, document);
      queue.poke();
    },
    uow,
    audit,
    uploadLimit,
  );
  const searchService = new SearchService(repository, index, embeddings.embeddingService);
  const sources = new ChatSourcesRepository(db.kysely);
  const advancedSearchService = new AdvancedSearchService(searchService, registry ?? null, log);
  return {
    knowledgeService,
    searchService,
    advancedSearchService,
    chatKnowledge: new ChatKnowledgeContext(searchService, sources, log, advancedSearchService),
    suggestionService: new SuggestionService(sources, index),
    ingestion,
    embeddingService: embeddings.embeddingService,
    queue,
    start: () => queue.start(),
    close: () => queue.stop(),
  };
}

export async function registerKnowledgeRoutes(server: FastifyInstance, feature: KnowledgeFeature): Promise<void> {
  await server.register(collectionRoutes, { knowledgeService: feature.knowledgeService });
  await server.register(documentRoutes, { knowledgeService: feature.knowledgeService });
  await server.register(searchRoutes, { searchService: feature.searchService });
  await server.register(embeddingRoutes, { embeddingService: feature.embeddingService });
  await server.register(advancedSearchRoutes, { advancedSearchService: feature.advancedSearchService });
  await server.register(suggestionRoutes, { suggestionService: feature.suggestionService });
  await server.register(localDocumentRoutes);
}
