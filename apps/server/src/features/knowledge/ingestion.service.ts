import { z } from 'zod';
import type { KnowledgeDocument } from '@hearth/contract';
import { defineJob, type GiveUpReason, type JobContext } from '../../jobs/define-job';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import { type ExtractionLimits, extractDocument, ExtractionError, NO_CONTENT_MESSAGE } from '../extraction';
import { type ChunkIndexRepository, addTotals, emptyTotals } from './chunk-index.repository';
import { type Chunk, chunkSectionsYielding } from './chunker';
import type { DocumentEmbedding } from './embeddings/document-embedding';
import { parseMetadata, toDocument } from './knowledge-mappers';
import type { KnowledgeRepository } from './knowledge.repository';

const Payload = z.object({ documentId: z.string(), userId: z.string() });
type Payload = z.infer<typeof Payload>;

export const INGEST_JOB = 'knowledge.ingest';

/** Chunks written per transaction: a few milliseconds of work each, even with their postings. */
const CHUNKS_PER_TRANSACTION = 50;

const EXTRACT_PREFIX = 'Failed to extract text from file: ';

/** The message a failed document shows (spec §2 Document Upload texts). */
export function failureMessage(error: unknown): string {
  if (error instanceof ExtractionError) {
    if (error.empty) return NO_CONTENT_MESSAGE;
    return error.message.startsWith(EXTRACT_PREFIX) ? error.message : `${EXTRACT_PREFIX}${error.message}`;
  }
  return `Document processing failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** A file whose reading took the server down on every attempt (the queue gave its job up after a restart). */
export const crashedMessage = (attempts: number): string =>
  `This file stopped the server while it was being read, ${attempts} times, so it was given up.`;

/** The document was deleted while it was being read: its transaction rolls back, and nothing is left. */
class DocumentGone extends Error {}

/**
 * The ingestion job: extract → chunk → index, with progress events to the owner. Chunks and postings are written
 * in short transactions; vectors, the lexical statistics and the switch to 'ready' are one unit of work, which is
 * what makes the document searchable. A failure removes any chunks and marks the document failed.
 */
export class IngestionService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly documents: KnowledgeRepository,
    private readonly chunks: ChunkIndexRepository,
    private readonly blobs: BlobStore,
    private readonly limits: ExtractionLimits,
    private readonly publish: (userId: string, document: KnowledgeDocument) => void,
    /** Vectors for the chunks when an embedding model is set (absent: lexical index only). */
    private readonly embedding?: DocumentEmbedding,
    /** A document made searchable, with its chunk count (the metrics' ingestion throughput). */
    private readonly indexed?: (chunks: number) => void,
  ) {}

  async run({ documentId, userId }: Payload, control?: Pick<JobContext, 'finishWith'>): Promise<void> {
    const row = await this.documents.findDocumentForJob(documentId);
    if (!row || row.user_id !== userId || !row.blob_key) return; // deleted meanwhile: nothing to do
    await this.documents.updateDocument(documentId, { status: 'processing', progress: 0.1, error: null });
    const announce = (progress: number) =>
      this.publish(userId, { ...toDocument(row), status: 'processing', progress, error: null });
    announce(0.1);
    let extracted;
    try {
      extracted = await extractDocument(await this.blobs.get(row.blob_key), row.file_name, this.limits);
    } catch (error) {
      if (error instanceof ExtractionError) return await this.markFailed(documentId, userId, failureMessage(error));
      throw error;
    }
    // Progress between steps goes to the owner's event stream only; the row changes once more, to ready.
    announce(0.6);
    const chunks = await chunkSectionsYielding(extracted.sections);
    const pages = extracted.sections.reduce((max, section) => Math.max(max, section.page ?? 0), 0);
    const metadata = {
      ...parseMetadata(row.metadata),
      chunk_count: chunks.length,
      ...(pages ? { page_count: pages } : {}),
    };
    // Embedding (when a model is set) takes 0.6 → 0.95 of the progress; a failure leaves the lexical index whole.
    const prepared = await this.embedding?.prepare(
      chunks.map((chunk) => chunk.text),
      (share) => announce(0.6 + 0.35 * share),
    );
    const ready = {
      status: 'ready',
      progress: 1,
      error: null,
      content: extracted.text,
      preview: extracted.preview,
      file_type: extracted.format,
      metadata: JSON.stringify(metadata),
    } as const;
    const written = await this.writeChunks({ documentId, collectionId: row.collection_id, userId, chunks });
    const committed = await this.uow
      .run(async (tx) => {
        await this.embedding?.write(tx, documentId, prepared ?? null);
        if (!(await this.documents.updateDocument(documentId, ready, tx))) throw new DocumentGone();
        await this.chunks.publishDocuments(tx, written.scope, [{ documentId, totals: written.totals }]);
        // The index and the job's end commit together, unless vectors still need settling after the commit.
        if (control && !prepared) await control.finishWith(tx);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof DocumentGone) return false;
        throw error;
      });
    if (committed && prepared) await this.embedding?.settle(row.collection_id, userId, prepared);
    if (committed) {
      this.indexed?.(written.totals.chunks);
      const readyRow = { ...row, status: 'ready' as const, progress: 1, error: null, file_type: extracted.format };
      this.publish(userId, toDocument({ ...readyRow, metadata: JSON.stringify(metadata) }));
    }
  }

  /** Retries exhausted, or the server died reading it every time: no half-indexed document is left behind. */
  async onGiveUp(payload: Payload | undefined, error: string, reason?: GiveUpReason): Promise<void> {
    if (!payload) return;
    const message = reason?.abandoned ? crashedMessage(reason.attempts) : failureMessage(new Error(error));
    await this.markFailed(payload.documentId, payload.userId, message);
  }

  private async markFailed(documentId: string, userId: string, message: string): Promise<void> {
    await this.uow.run((tx) => this.chunks.removeDocument(tx, documentId));
    await this.documents.updateDocument(documentId, { status: 'failed', error: message, progress: 0 });
    await this.emit(documentId, userId);
  }

  /**
   * Chunks and postings in short transactions with a turn of the event loop between them, so a huge document
   * never holds the database (SQLite's one connection) or the event loop for long: /health keeps answering.
   * They stay invisible until the unit of work that marks the document ready publishes its statistics; after a
   * crash half-way, the retry's removeDocument clears them first.
   */
  private async writeChunks(doc: { documentId: string; collectionId: string; userId: string; chunks: Chunk[] }) {
    const scope = await this.uow.run(async (tx) => {
      await this.chunks.removeDocument(tx, doc.documentId);
      return await this.chunks.ensureScope(tx, doc.collectionId);
    });
    const totals = emptyTotals();
    for (let start = 0; start < doc.chunks.length; start += CHUNKS_PER_TRANSACTION) {
      await new Promise((resolve) => setImmediate(resolve));
      const chunks = doc.chunks.slice(start, start + CHUNKS_PER_TRANSACTION);
      const added = await this.uow.run((tx) =>
        this.chunks.insertChunks(tx, { ...doc, scope, firstOrdinal: start, chunks }),
      );
      addTotals(totals, added);
    }
    return { scope, totals };
  }

  private async emit(documentId: string, userId: string): Promise<void> {
    const row = await this.documents.findDocument(userId, documentId);
    if (row) this.publish(userId, toDocument(row));
  }
}

/** The ingestion job, defined once (registered in knowledge-feature.ts). */
export function ingestJob(ingestion: IngestionService) {
  return defineJob({
    name: INGEST_JOB,
    payload: Payload,
    handler: (payload, context) => ingestion.run(payload, context),
    onGiveUp: (payload, error, reason) => ingestion.onGiveUp(payload, error, reason),
  });
}
