import type { Kysely, Selectable } from 'kysely';
import type { Database, KnowledgeCollectionsTable, KnowledgeDocumentsTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';
import { accessibleCollectionIds } from './collection-access.repository';

export type CollectionRow = Selectable<KnowledgeCollectionsTable>;
export type DocumentRow = Selectable<KnowledgeDocumentsTable>;
/** A document without its (possibly large) extracted text. */
export type DocumentSummaryRow = Omit<DocumentRow, 'content'>;

export interface CollectionStats {
  document_count: number;
  pending: number;
  failed: number;
  recent: string[];
}

const SUMMARY_COLUMNS = [
  'id',
  'collection_id',
  'user_id',
  'file_name',
  'file_type',
  'file_size',
  'sha256',
  'blob_key',
  'preview',
  'status',
  'progress',
  'error',
  'metadata',
  'created_at',
  'updated_at',
] as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Collections and documents; every query is scoped in SQL: by owner, or (reads, and adding documents) by
 * "owner or shared with the caller's groups or organisation" (issue 16).
 */
export class KnowledgeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async createCollection(row: CollectionRow, tx?: Tx): Promise<void> {
    await executor(tx, this.db).insertInto('knowledge_collections').values(row).execute();
  }

  /** Own collections and those shared with the user. */
  async listCollections(userId: string, q?: string): Promise<CollectionRow[]> {
    let query = this.db
      .selectFrom('knowledge_collections')
      .selectAll()
      .where('id', 'in', accessibleCollectionIds(this.db, userId));
    if (q?.trim()) {
      const pattern = `%${escapeLike(q.trim().toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([eb(eb.fn('lower', ['name']), 'like', pattern), eb(eb.fn('lower', ['description']), 'like', pattern)]),
      );
    }
    return await query.orderBy('updated_at', 'desc').orderBy('id').execute();
  }

  async findCollection(userId: string, id: string): Promise<CollectionRow | undefined> {
    return await this.db
      .selectFrom('knowledge_collections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** An own collection, or one shared with the user (with at least `access`). */
  async findAccessibleCollection(
    userId: string,
    id: string,
    access: 'read' | 'write' = 'read',
  ): Promise<CollectionRow | undefined> {
    return await this.db
      .selectFrom('knowledge_collections')
      .selectAll()
      .where('id', '=', id)
      .where('id', 'in', accessibleCollectionIds(this.db, userId, access))
      .executeTakeFirst();
  }

  /** Only those of the ids the user may read (own, or shared with them now). */
  async accessibleIds(userId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await accessibleCollectionIds(this.db, userId).where('owned.id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  async touchCollection(id: string, now: string, tx?: Tx): Promise<void> {
    await executor(tx, this.db)
      .updateTable('knowledge_collections')
      .set({ updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Counts by status (aggregated in SQL) and the two newest file names, per collection the user may read. */
  async collectionStats(userId: string, ids: string[]): Promise<Map<string, CollectionStats>> {
    const stats = new Map<string, CollectionStats>(
      ids.map((id) => [id, { document_count: 0, pending: 0, failed: 0, recent: [] }]),
    );
    if (ids.length === 0) return stats;
    const counts = await this.db
      .selectFrom('knowledge_documents')
      .select((eb) => [
        'collection_id',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn
          .sum<number | string>(eb.case().when('status', 'in', ['queued', 'processing']).then(1).else(0).end())
          .as('pending'),
        eb.fn.sum<number | string>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
      ])
      .where('collection_id', 'in', ids)
      .where('collection_id', 'in', accessibleCollectionIds(this.db, userId))
      .groupBy('collection_id')
      .execute();
    for (const row of counts) {
      const entry = stats.get(row.collection_id);
      if (!entry) continue;
      entry.document_count = Number(row.total);
      entry.pending = Number(row.pending);
      entry.failed = Number(row.failed);
    }
    await Promise.all(
      [...stats.entries()]
        .filter(([, entry]) => entry.document_count > 0)
        .map(async ([id, entry]) => {
          const recent = await this.db
            .selectFrom('knowledge_documents')
            .select('file_name')
            .where('collection_id', '=', id)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(2)
            .execute();
          entry.recent = recent.map((row) => row.file_name);
        }),
    );
    return stats;
  }

  /** Deletes the collection (documents and chunks cascade); returns the blob keys to remove. */
  async deleteCollection(tx: Tx, userId: string, id: string): Promise<string[] | undefined> {
    const trx = executor(tx);
    const docs = await trx
      .selectFrom('knowledge_documents')
      .select('blob_key')
      .where('user_id', '=', userId)
      .where('collection_id', '=', id)
      .execute();
    const result = await trx
      .deleteFrom('knowledge_collections')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return undefined;
    return docs.flatMap((doc) => (doc.blob_key ? [doc.blob_key] : []));
  }

  async insertDocument(row: DocumentRow, tx?: Tx): Promise<void> {
    await executor(tx, this.db).insertInto('knowledge_documents').values(row).execute();
  }

  async findDocumentBySha(collectionId: string, sha256: string): Promise<DocumentSummaryRow | undefined> {
    return await this.db
      .selectFrom('knowledge_documents')
      .select(SUMMARY_COLUMNS)
      .where('collection_id', '=', collectionId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  }

  /** The documents of a collection the user may read (their own or shared with them). */
  async listDocuments(userId: string, collectionId: string): Promise<DocumentSummaryRow[]> {
    return await this.db
      .selectFrom('knowledge_documents')
      .select(SUMMARY_COLUMNS)
      .where('collection_id', '=', collectionId)
      .where('collection_id', 'in', accessibleCollectionIds(this.db, userId))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async findDocument(userId: string, id: string): Promise<DocumentRow | undefined> {
    return await this.db
      .selectFrom('knowledge_documents')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A document of a collection the user may read (their own or shared with them). */
  async findReadableDocument(userId: string, id: string): Promise<DocumentRow | undefined> {
    return await this.db
      .selectFrom('knowledge_documents')
      .selectAll()
      .where('id', '=', id)
      .where('collection_id', 'in', accessibleCollectionIds(this.db, userId))
      .executeTakeFirst();
  }

  /** For the ingestion job, which runs outside any request: the job payload carries the owner. */
  async findDocumentForJob(id: string): Promise<DocumentRow | undefined> {
    return await this.db.selectFrom('knowledge_documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** False when the document is gone. */
  async updateDocument(
    id: string,
    changes: Partial<
      Pick<DocumentRow, 'status' | 'progress' | 'error' | 'content' | 'preview' | 'metadata' | 'file_type'>
    >,
    tx?: Tx,
  ): Promise<boolean> {
    const result = await executor(tx, this.db)
      .updateTable('knowledge_documents')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** An own failed document back to 'queued' for another try; false when it is not the owner's or not failed. */
  async requeueFailedDocument(userId: string, id: string, now: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .updateTable('knowledge_documents')
      .set({ status: 'queued', progress: 0, error: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteDocument(userId: string, id: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .deleteFrom('knowledge_documents')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
