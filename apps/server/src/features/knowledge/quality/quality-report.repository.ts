import type { Kysely, Selectable } from 'kysely';
import type { Database, KnowledgeQualityReportsTable } from '../../../db/schema';
import { executor } from '../../../db/unit-of-work';
import type { Tx } from '../../../lib/unit-of-work';

export type QualityReportRow = Selectable<KnowledgeQualityReportsTable>;

/** What a report needs of a document: its name, state and how many passages it has. */
export interface QualityDocumentRow {
  id: string;
  file_name: string;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  error: string | null;
  chunks: number;
}

export interface QualityChunkRow {
  id: string;
  document_id: string;
  ordinal: number;
  text: string;
  heading_path: string | null;
}

/** Quality reports and the read-only view of a collection they measure; every query is scoped by owner. */
export class QualityReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: QualityReportRow, tx: Tx): Promise<void> {
    await executor(tx, this.db).insertInto('knowledge_quality_reports').values(row).execute();
  }

  async find(userId: string, id: string): Promise<QualityReportRow | undefined> {
    return await this.db
      .selectFrom('knowledge_quality_reports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Newest first. */
  async list(userId: string, collectionId: string, limit: number): Promise<QualityReportRow[]> {
    return await this.db
      .selectFrom('knowledge_quality_reports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async running(userId: string, collectionId: string): Promise<QualityReportRow | undefined> {
    return await this.db
      .selectFrom('knowledge_quality_reports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  async progress(id: string, done: number, total: number): Promise<void> {
    await this.db
      .updateTable('knowledge_quality_reports')
      .set({ progress_done: done, progress_total: total })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  async finish(
    id: string,
    outcome: { status: 'done'; result: string } | { status: 'failed'; error: string },
    tx?: Tx,
  ): Promise<void> {
    await executor(tx, this.db)
      .updateTable('knowledge_quality_reports')
      .set({
        status: outcome.status,
        result: outcome.status === 'done' ? outcome.result : null,
        error: outcome.status === 'failed' ? outcome.error : null,
        finished_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps the newest `keep` reports of a collection (the trend), deleting older ones. */
  async prune(userId: string, collectionId: string, keep: number, tx?: Tx): Promise<void> {
    const db = executor(tx, this.db);
    const old = await db
      .selectFrom('knowledge_quality_reports')
      .select('id')
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
    if (old.length === 0) return;
    await db
      .deleteFrom('knowledge_quality_reports')
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .execute();
  }

  async documents(userId: string, collectionId: string): Promise<QualityDocumentRow[]> {
    const rows = await this.db
      .selectFrom('knowledge_documents as d')
      .leftJoin('knowledge_chunks as c', 'c.document_id', 'd.id')
      .select(['d.id', 'd.file_name', 'd.status', 'd.error'])
      .select((eb) => eb.fn.count<number | string>('c.id').as('chunks'))
      .where('d.user_id', '=', userId)
      .where('d.collection_id', '=', collectionId)
      .groupBy(['d.id', 'd.file_name', 'd.status', 'd.error'])
      .orderBy('d.file_name')
      .execute();
    return rows.map((row) => ({ ...row, chunks: Number(row.chunks) }));
  }

  /** The passages of a collection in reading order (documents by id), for probes and duplicate detection. */
  async chunks(userId: string, collectionId: string, limit: number): Promise<QualityChunkRow[]> {
    return await this.db
      .selectFrom('knowledge_chunks')
      .select(['id', 'document_id', 'ordinal', 'text', 'heading_path'])
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .orderBy('document_id')
      .orderBy('ordinal')
      .limit(limit)
      .execute();
  }
}
