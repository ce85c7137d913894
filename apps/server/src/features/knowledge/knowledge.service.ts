import { createHash, randomUUID } from 'node:crypto';
import {
  COLLECTION_NAME_REQUIRED,
  type CreateCollectionBody,
  KNOWLEDGE_MAX_FILE_BYTES,
  type KnowledgeCollection,
  type KnowledgeDocument,
  type KnowledgeDocumentDetail,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import { cleanFileName } from '../../lib/file-name';
import type { Tx, UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { AuditContext, AuditService } from '../audit';
import { extensionOf } from '../extraction';
import { sanitizeFileName, toCollection, toDocument } from './knowledge-mappers';
import type { ChunkIndexRepository } from './chunk-index.repository';
import type { CollectionShareRepository } from './collection-access.repository';
import type { KnowledgeRepository } from './knowledge.repository';

export { INGEST_JOB } from './ingestion.service';

export const tooLarge = (bytes: number, limit = KNOWLEDGE_MAX_FILE_BYTES) =>
  new AppError(
    'payload_too_large',
    413,
    `File size (${(bytes / 1024 / 1024).toFixed(2)} MB) exceeds maximum allowed size (${Math.round(limit / 1024 / 1024)}MB)`,
  );

export interface IngestPayload {
  documentId: string;
  userId: string;
}

/** Collections and documents of one owner: CRUD, upload (blob + queued job) and download. */
export class KnowledgeService {
  constructor(
    private readonly repository: KnowledgeRepository,
    /** Enqueues a document's ingestion job in the transaction that creates or requeues it. */
    private readonly enqueueIngest: (tx: Tx, payload: IngestPayload) => Promise<unknown>,
    private readonly blobs: BlobStore,
    private readonly onQueued: (document: KnowledgeDocument, userId: string) => void,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    /** Removes a deleted document's postings and its share of the search statistics. */
    private readonly index: Pick<ChunkIndexRepository, 'removeDocument'>,
    /** The admin's upload limit in bytes (never above the spec's 10 MB). */
    private readonly uploadLimit: () => Promise<number> = async () => KNOWLEDGE_MAX_FILE_BYTES,
    /** What each listed collection gives the caller (owner, or read / write through a share). */
    private readonly shares: Pick<CollectionShareRepository, 'accessOf'> | null = null,
  ) {}

  async createCollection(
    userId: string,
    body: CreateCollectionBody,
    context: AuditContext,
  ): Promise<KnowledgeCollection> {
    const name = body.name.trim();
    if (!name) throw new AppError('validation_error', 400, COLLECTION_NAME_REQUIRED);
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      user_id: userId,
      name,
      description: body.description?.trim() || null,
      created_at: now,
      updated_at: now,
    };
    await this.uow.run(async (tx) => {
      await this.repository.createCollection(row, tx);
      await this.audit.record(
        tx,
        { userId, action: 'CREATE', resourceType: 'collection', resourceId: row.id },
        context,
      );
    });
    return toCollection(row, undefined);
  }

  async listCollections(userId: string, q?: string): Promise<KnowledgeCollection[]> {
    const rows = await this.repository.listCollections(userId, q);
    const stats = await this.repository.collectionStats(
      userId,
      rows.map((row) => row.id),
    );
    const access = (await this.shares?.accessOf(userId, rows)) ?? new Map();
    return rows.map((row) => ({ ...toCollection(row, stats.get(row.id)), access: access.get(row.id) ?? 'owner' }));
  }

  /** An own collection or one shared with the user. */
  async getCollection(userId: string, id: string): Promise<KnowledgeCollection> {
    const row = await this.repository.findAccessibleCollection(userId, id);
    if (!row) throw AppError.notFound('Collection');
    const stats = await this.repository.collectionStats(userId, [id]);
    const access = (await this.shares?.accessOf(userId, [row]))?.get(id) ?? 'owner';
    return { ...toCollection(row, stats.get(id)), access };
  }

  async deleteCollection(userId: string, id: string, context: AuditContext): Promise<void> {
    const blobKeys = await this.uow.run(async (tx) => {
      const keys = await this.repository.deleteCollection(tx, userId, id);
      if (!keys) throw AppError.notFound('Collection');
      const details = { documents: keys.length };
      await this.audit.record(
        tx,
        { userId, action: 'DELETE', resourceType: 'collection', resourceId: id, details },
        context,
      );
      return keys;
    });
    await Promise.all(blobKeys.map((key) => this.blobs.delete(key).catch(() => undefined)));
  }

  async listDocuments(userId: string, collectionId: string): Promise<KnowledgeDocument[]> {
    if (!(await this.repository.findAccessibleCollection(userId, collectionId))) {
      throw AppError.notFound('Collection');
    }
    return (await this.repository.listDocuments(userId, collectionId)).map(toDocument);
  }

  /**
   * Stores the original and queues its ingestion; the document answers as 'queued'. The owner, or a member
   * of a group (or organisation) the collection is shared with read-write, may add documents; the document
   * belongs to the collection's owner either way (its storage, index and deletion follow the collection), and
   * the audit entry says who added it. Read-only members are told the collection does not exist for writing.
   */
  async upload(
    userId: string,
    collectionId: string,
    fileName: string,
    data: Buffer,
    context: AuditContext,
    metadata: Record<string, unknown> = {},
  ): Promise<KnowledgeDocument> {
    const collection = await this.repository.findAccessibleCollection(userId, collectionId, 'write');
    if (!collection) {
      if (await this.repository.findAccessibleCollection(userId, collectionId)) {
        throw AppError.forbidden('This collection is shared with you read-only.');
      }
      throw AppError.notFound('Collection');
    }
    const uploader = userId;
    const owner = collection.user_id;
    const limit = Math.min(KNOWLEDGE_MAX_FILE_BYTES, await this.uploadLimit());
    if (data.length > limit) throw tooLarge(data.length, limit);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const now = new Date();
    // Routes clean the name already; scraped pages and other callers get the same treatment here.
    const name = cleanFileName(fileName);
    const safeName = sanitizeFileName(name);
    const blobKey = `${owner}/${now.getTime()}_${randomUUID().slice(0, 8)}_${safeName}`;
    await this.blobs.put(blobKey, data);
    const row = {
      id: randomUUID(),
      collection_id: collectionId,
      user_id: owner,
      file_name: name,
      file_type: extensionOf(name) || 'txt',
      file_size: data.length,
      sha256,
      blob_key: blobKey,
      content: null,
      preview: null,
      status: 'queued' as const,
      progress: 0,
      error: null,
      metadata: JSON.stringify(metadata),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    const payload: IngestPayload = { documentId: row.id, userId: owner };
    try {
      // A document never exists without its job, so a crash here cannot strand it as 'queued'.
      await this.uow.run(async (tx) => {
        await this.repository.insertDocument(row, tx);
        await this.enqueueIngest(tx, payload);
        await this.repository.touchCollection(collectionId, row.updated_at, tx);
        const details = {
          collection_id: collectionId,
          file_name: row.file_name,
          file_size: row.file_size,
          ...(uploader === owner ? {} : { added_by: uploader }),
        };
        await this.audit.record(
          tx,
          { userId: owner, action: 'CREATE', resourceType: 'document', resourceId: row.id, details },
          context,
        );
      });
    } catch (error) {
      await this.blobs.delete(blobKey).catch(() => undefined);
      // The unique (collection_id, sha256) detects the same file twice, racing uploads included.
      const existing = await this.repository.findDocumentBySha(collectionId, sha256);
      if (existing) {
        throw AppError.conflict(`This file is already in the collection as "${existing.file_name}".`, 'conflict');
      }
      throw error;
    }
    const document = toDocument(row);
    this.onQueued(document, owner);
    if (uploader !== owner) this.onQueued(document, uploader);
    return document;
  }

  async getDocument(userId: string, id: string): Promise<KnowledgeDocumentDetail> {
    const row = await this.repository.findReadableDocument(userId, id);
    if (!row) throw AppError.notFound('Document');
    return { ...toDocument(row), content: row.content };
  }

  async documentFile(userId: string, id: string): Promise<{ fileName: string; data: Buffer }> {
    const row = await this.repository.findReadableDocument(userId, id);
    if (!row?.blob_key) throw AppError.notFound('Document');
    return { fileName: row.file_name, data: await this.blobs.get(row.blob_key) };
  }

  /** Reads a failed document again: back to 'queued' with a new ingestion job, audited, in one transaction. */
  async retryDocument(userId: string, id: string, context: AuditContext): Promise<KnowledgeDocument> {
    const row = await this.repository.findDocument(userId, id);
    if (!row) throw AppError.notFound('Document');
    const notFailed = () => AppError.conflict('Only a document that failed can be tried again.');
    if (row.status !== 'failed') throw notFailed();
    const now = new Date().toISOString();
    const payload: IngestPayload = { documentId: id, userId };
    await this.uow.run(async (tx) => {
      // Fenced on 'failed': of two retries at once, one queues the job and the other is refused.
      if (!(await this.repository.requeueFailedDocument(userId, id, now, tx))) throw notFailed();
      await this.enqueueIngest(tx, payload);
      const details = { collection_id: row.collection_id, file_name: row.file_name, retry: true };
      await this.audit.record(
        tx,
        { userId, action: 'UPDATE', resourceType: 'document', resourceId: id, details },
        context,
      );
    });
    const document = toDocument({ ...row, status: 'queued', progress: 0, error: null, updated_at: now });
    this.onQueued(document, userId);
    return document;
  }

  async deleteDocument(userId: string, id: string, context: AuditContext): Promise<void> {
    const row = await this.repository.findDocument(userId, id);
    if (!row) throw AppError.notFound('Document');
    await this.uow.run(async (tx) => {
      await this.index.removeDocument(tx, id);
      if (!(await this.repository.deleteDocument(userId, id, tx))) throw AppError.notFound('Document');
      const details = { collection_id: row.collection_id, file_name: row.file_name };
      await this.audit.record(
        tx,
        { userId, action: 'DELETE', resourceType: 'document', resourceId: id, details },
        context,
      );
    });
    if (row.blob_key) await this.blobs.delete(row.blob_key).catch(() => undefined);
  }
}
