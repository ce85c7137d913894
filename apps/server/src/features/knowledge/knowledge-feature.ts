import type { KnowledgeDocumentEvent } from '@hearth/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { EventBus } from '../events/event-bus';
import { DEFAULT_EXTRACTION_LIMITS } from '../extraction/extract-document';
import { GroupRepository } from '../organizations';
import type { ScopedModelRegistry } from '../models/model-provider';
import type { ProviderRegistry } from '../models/model-registry';
import { advancedSearchRoutes } from './advanced-search.routes';
import { AdvancedSearchService } from './advanced-search.service';
import { ChatKnowledgeContext } from './chat-knowledge-context';
import { ChatSourcesRepository } from './chat-sources.repository';
import { ChunkIndexRepository } from './chunk-index.repository';
import type { Warmed } from './lexical/cache-warmup.repository';
import { SearchCache } from './lexical/search-cache';
import { CollectionShareRepository } from './collection-access.repository';
import { collectionShareRoutes } from './collection-share.routes';
import { CollectionShareService } from './collection-share.service';
import { collectionRoutes } from './collection.routes';
import { documentRoutes } from './document.routes';
import { embeddingRoutes } from './embeddings/embedding.routes';
import type { EmbeddingService } from './embeddings/embedding.service';
import { buildEmbeddings } from './embeddings/embeddings-feature';
import { IngestionService, ingestJob } from './ingestion.service';
import { KnowledgeService } from './knowledge.service';
import { KnowledgeRepository } from './knowledge.repository';
import { localDocumentRoutes } from './local-documents.routes';
import { buildQualityReports } from './quality/quality-feature';
import { qualityReportRoutes } from './quality/quality-report.routes';
import type { QualityReportService } from './quality/quality-report.service';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';
import { suggestionRoutes } from './suggestion.routes';
import { SuggestionService } from './suggestion.service';
import type { AuditService } from '../audit/audit.service';
import type { Metrics } from '../metrics/metrics';

export interface KnowledgeFeature {
  knowledgeService: KnowledgeService;
  /** Sharing collections with groups or the organisation (issue 16). */
  collectionShareService: CollectionShareService;
  searchService: SearchService;
  /** Spec advanced-rag (POST /api/knowledge/advanced-search; chat's advanced retrieval). */
  advancedSearchService: AdvancedSearchService;
  /** Chat's document context: search, indexing status, advanced retrieval. */
  chatKnowledge: ChatKnowledgeContext;
  suggestionService: SuggestionService;
  /** Collection quality reports ("Check quality"). */
  qualityReportService: QualityReportService;
  ingestion: IngestionService;
  /** The instance's embedding model, vectors and re-embedding. */
  embeddingService: EmbeddingService;
  /** The instance's one job queue (built and started in app.ts). */
  queue: JobQueue;
  /**
   * Reads the posting lists of the collections searched lately (while nobody has searched: the instance's longest)
   * into this process's search cache (LEXICAL_CACHE_WARM_MB), so the first searches after a start do not each read them; run once at
   * start-up, in the background (app.ts).
   */
  warmSearchCache(signal: AbortSignal): Promise<Warmed>;
  /** Resolves once searches' notes of which collections they read are written (before the database closes). */
  searchMarksWritten(): Promise<void>;
}

export interface KnowledgeDependencies {
  db: Db;
  blobs: BlobStore;
  events: EventBus;
  log: FastifyBaseLogger;
  /** The one job queue: ingestion and re-embedding are registered on it. */
  queue: JobQueue;
  /** Models for advanced search's expansion and reranking; without it they run offline. */
  registry?: ScopedModelRegistry;
  /** The runtimes embedding models come from; without it knowledge search is lexical only. */
  providers?: ProviderRegistry;
  uow: UnitOfWork;
  /** Collections and documents created and deleted are audited in the same transaction. */
  audit: AuditService;
  /** The admin's upload limit in bytes (System settings). */
  uploadLimit?: () => Promise<number>;
  /** Ingestion throughput and search latency are counted here. */
  metrics?: Metrics;
  /** Memory for posting lists kept between searches (LEXICAL_CACHE_MB); none when absent. */
  lexicalCacheMb?: number;
  /** How much of it is filled with the longest lists at start-up (LEXICAL_CACHE_WARM_MB); none when absent. */
  lexicalCacheWarmMb?: number;
}

/** Wires collections, documents, ingestion and search (called from app.ts). */
export function buildKnowledgeFeature({
  db,
  blobs,
  events,
  log,
  queue,
  registry,
  providers,
  uow,
  audit,
  uploadLimit,
  metrics,
  lexicalCacheMb,
  lexicalCacheWarmMb,
}: KnowledgeDependencies): KnowledgeFeature {
  const repository = new KnowledgeRepository(db.kysely);
  const cache = new SearchCache((lexicalCacheMb ?? 0) * 1024 * 1024, (found, read, bytes) => {
    metrics?.lexicalCacheLists.inc({ result: 'hit' }, found);
    metrics?.lexicalCacheLists.inc({ result: 'read' }, read);
    metrics?.lexicalCacheBytes.set(bytes);
  });
  const index = new ChunkIndexRepository(db.kysely, db.dialect, cache);
  const shares = new CollectionShareRepository(db.kysely);
  const publish = (userId: string, document: KnowledgeDocumentEvent['document']) =>
    events.publish(userId, { type: 'knowledge.document', document } satisfies KnowledgeDocumentEvent);
  const embeddings = buildEmbeddings({ db, log, queue, providers: providers ?? null, uow, audit });
  const ingestion = new IngestionService(
    uow,
    repository,
    index,
    blobs,
    DEFAULT_EXTRACTION_LIMITS,
    publish,
    embeddings.documentEmbedding,
    (chunks) => {
      metrics?.documentsIndexed.inc();
      metrics?.chunksIndexed.inc(chunks);
    },
  );
  const ingest = ingestJob(ingestion);
  queue.register(ingest);
  const knowledgeService = new KnowledgeService(
    repository,
    (tx, payload) => queue.enqueue(tx, ingest, payload),
    blobs,
    (document, userId) => {
      publish(userId, document);
      queue.poke();
    },
    uow,
    audit,
    index,
    uploadLimit,
    shares,
  );
  const searchService = new SearchService(repository, index, embeddings.embeddingService, shares, (seconds) =>
    metrics?.searchDuration.observe(seconds),
  );
  const sources = new ChatSourcesRepository(db.kysely);
  const advancedSearchService = new AdvancedSearchService(searchService, registry ?? null, log);
  return {
    knowledgeService,
    collectionShareService: new CollectionShareService(repository, shares, new GroupRepository(db.kysely), uow, audit),
    searchService,
    advancedSearchService,
    chatKnowledge: new ChatKnowledgeContext(searchService, sources, log, advancedSearchService),
    suggestionService: new SuggestionService(sources, index),
    qualityReportService: buildQualityReports({
      db,
      uow,
      audit,
      queue,
      collections: repository,
      search: searchService,
      registry: registry ?? null,
      searchLabel: async () => {
        const active = await embeddings.embeddingService.active();
        return active ? `lexical + ${active.id}` : 'lexical';
      },
      log,
    }),
    ingestion,
    embeddingService: embeddings.embeddingService,
    queue,
    warmSearchCache: (signal) => index.warmCache((lexicalCacheWarmMb ?? 0) * 1024 * 1024, signal),
    searchMarksWritten: () => index.marksWritten(),
  };
}

export async function registerKnowledgeRoutes(server: FastifyInstance, feature: KnowledgeFeature): Promise<void> {
  await server.register(collectionRoutes, { knowledgeService: feature.knowledgeService });
  await server.register(documentRoutes, { knowledgeService: feature.knowledgeService });
  await server.register(collectionShareRoutes, { collectionShareService: feature.collectionShareService });
  await server.register(searchRoutes, { searchService: feature.searchService });
  await server.register(embeddingRoutes, { embeddingService: feature.embeddingService });
  await server.register(advancedSearchRoutes, { advancedSearchService: feature.advancedSearchService });
  await server.register(suggestionRoutes, { suggestionService: feature.suggestionService });
  await server.register(localDocumentRoutes);
  await server.register(qualityReportRoutes, { qualityReportService: feature.qualityReportService });
}
