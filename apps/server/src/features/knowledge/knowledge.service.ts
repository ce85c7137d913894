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
import type { BlobStore } from '../../storage/blob-store';
import type { JobRepository } from '../../jobs/job.repository';
import { extensionOf } from '../extraction/extract-document';
import { sanitizeFileName, toCollection, toDocument } from './knowledge-mappers';
import type { KnowledgeRepository } from './knowledge.repository';

export const INGEST_JOB = 'knowledge.ingest';

export const tooLarge = (bytes: number) =>
  new AppError(
    'payload_too_large',
    413,
    `File size (${(bytes / 1024 / 1024).toFixed(2)} MB) exceeds maximum allowed size (10MB)`,
  );

export interface IngestPayload {
  documentId: string;
  userId: string;
}

/** Collections and documents of one owner: CRUD, upload (blob + queued job) and download. */
export class KnowledgeService {
  constructor(
    private readonly repository: KnowledgeRepository,
    private readonly jobs: JobRepository,
    private readonly blobs: BlobStore,
    private readonly onQueued: (document: KnowledgeDocument, userId: string) => void,
  ) {}

  async createCollection(userId: string, body: CreateCollectionBody): Promise<KnowledgeCollection> {
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
    await this.repository.createCollection(row);
    return toCollection(row, undefined);
  }

  async listCollections(userId: string, q?: string): Promise<KnowledgeCollection[]> {
    const rows = await this.repository.listCollections(userId, q);
    const stats = await this.repository.collectionStats(
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toCollection(row, stats.get(row.id)));
  }

  async getCollection(userId: string, id: string): Promise<KnowledgeCollection> {
    const row = await this.repository.findCollection(userId, id);
    if (!row) throw AppError.notFound('Collection');
    const stats = await this.repository.collectionStats(userId, [id]);
    return toCollection(row, stats.get(id));
  }

  async deleteCollection(userId: string, id: string): Promise<void> {
    const blobKeys = await this.repository.deleteCollection(userId, id);
    if (!blobKeys) throw AppError.notFound('Collection');
    await Promise.all(blobKeys.map((key) => this.blobs.delete(key).catch(() => undefined)));
  }

  async listDocuments(userId: string, collectionId: string): Promise<KnowledgeDocument[]> {
    if (!(await this.repository.findCollection(userId, collectionId))) throw AppError.notFound('Collection');
    return (await this.repository.listDocuments(userId, collectionId)).map(toDocument);
  }

  /** Stores the original and queues its ingestion; the document answers as 'queued'. */
  async upload(userId: string, collectionId: string, fileName: string, data: Buffer): Promise<KnowledgeDocument> {
    if (!(await this.repository.findCollection(userId, collectionId))) throw AppError.notFound('Collection');
    if (data.length > KNOWLEDGE_MAX_FILE_BYTES) throw tooLarge(data.length);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const now = new Date();
    const safeName = sanitizeFileName(fileName);
    const blobKey = `${userId}/${now.getTime()}_${randomUUID().slice(0, 8)}_${safeName}`;
    await this.blobs.put(blobKey, data);
    const row = {
      id: randomUUID(),
      collection_id: collectionId,
      user_id: userId,
      file_name: fileName.split(/[\\/]/).pop() || safeName,
      file_type: extensionOf(fileName) || 'txt',
      file_size: data.length,
      sha256,
      blob_key: blobKey,
      content: null,
      preview: null,
      status: 'queued' as const,
      progress: 0,
      error: null,
      metadata: '{}',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    const payload: IngestPayload = { documentId: row.id, userId };
    try {
      // A document never exists without its job, so a crash here cannot strand it as 'queued'.
      await this.repository.insertDocument(row, (trx) => this.jobs.enqueue(INGEST_JOB, payload, trx));
    } catch (error) {
      await this.blobs.delete(blobKey).catch(() => undefined);
      // The unique (collection_id, sha256) detects the same file twice, racing uploads included.
      const existing = await this.repository.findDocumentBySha(collectionId, sha256);
      if (existing) {
        throw AppError.conflict(`This file is already in the collection as "${existing.file_name}".`, 'conflict');
      }
      throw error;
    }
    await this.repository.touchCollection(collectionId, row.updated_at);
    const document = toDocument(row);
    this.onQueued(document, userId);
    return document;
  }

  async getDocument(userId: string, id: string): Promise<KnowledgeDocumentDetail> {
    const row = await this.repository.findDocument(userId, id);
    if (!row) throw AppError.notFound('Document');
    return { ...toDocument(row), content: row.content };
  }

  async documentFile(userId: string, id: string): Promise<{ fileName: string; data: Buffer }> {
    const row = await this.repository.findDocument(userId, id);
    if (!row?.blob_key) throw AppError.notFound('Document');
    return { fileName: row.file_name, data: await this.blobs.get(row.blob_key) };
  }

  async deleteDocument(userId: string, id: string): Promise<void> {
    const row = await this.repository.findDocument(userId, id);
    if (!row || !(await this.repository.deleteDocument(userId, id))) throw AppError.notFound('Document');
    if (row.blob_key) await this.blobs.delete(row.blob_key).catch(() => undefined);
  }
}
