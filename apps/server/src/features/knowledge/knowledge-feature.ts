import type { KnowledgeDocumentEvent } from '@hearth/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { DEFAULT_JOB_QUEUE_OPTIONS, JobQueue, type JobQueueOptions } from '../../jobs/job-queue';
import { JobRepository } from '../../jobs/job.repository';
import type { BlobStore } from '../../storage/blob-store';
import type { EventBus } from '../events/event-bus';
import { DEFAULT_EXTRACTION_LIMITS } from '../extraction/extract-document';
import { ChunkIndexRepository } from './chunk-index.repository';
import { collectionRoutes } from './collection.routes';
import { documentRoutes } from './document.routes';
import { IngestionService } from './ingestion.service';
import { INGEST_JOB, KnowledgeService } from './knowledge.service';
import { KnowledgeRepository } from './knowledge.repository';
import { localDocumentRoutes } from './local-documents.routes';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';

export interface KnowledgeFeature {
  knowledgeService: KnowledgeService;
  searchService: SearchService;
  ingestion: IngestionService;
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
}

/** Wires collections, documents, ingestion and search (called from app.ts). */
export function buildKnowledgeFeature({
  db,
  blobs,
  events,
  log,
  queueOptions,
}: KnowledgeDependencies): KnowledgeFeature {
  const repository = new KnowledgeRepository(db.kysely);
  const index = new ChunkIndexRepository(db.kysely, db.dialect);
  const jobs = new JobRepository(db.kysely, db.dialect);
  const queue = new JobQueue(jobs, log, { ...DEFAULT_JOB_QUEUE_OPTIONS, ...queueOptions });
  const publish = (userId: string, document: KnowledgeDocumentEvent['document']) =>
    events.publish(userId, { type: 'knowledge.document', document } satisfies KnowledgeDocumentEvent);
  const ingestion = new IngestionService(repository, index, blobs, DEFAULT_EXTRACTION_LIMITS, publish);
  queue.register(INGEST_JOB, ingestion);
  const knowledgeService = new KnowledgeService(repository, jobs, blobs, (document, userId) => {
    publish(userId, document);
    queue.poke();
  });
  return {
    knowledgeService,
    searchService: new SearchService(repository, index),
    ingestion,
    queue,
    start: () => queue.start(),
    close: () => queue.stop(),
  };
}

export async function registerKnowledgeRoutes(server: FastifyInstance, feature: KnowledgeFeature): Promise<void> {
  await server.register(collectionRoutes, { knowledgeService: feature.knowledgeService });
  await server.register(documentRoutes, { knowledgeService: feature.knowledgeService });
  await server.register(searchRoutes, { searchService: feature.searchService });
  await server.register(localDocumentRoutes);
}
