import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';
import type { Chunk } from './chunker';
import { fts5Query, tsQuery } from './query-terms';

export interface ChunkHit {
  chunk_id: string;
  document_id: string;
  collection_id: string;
  file_name: string;
  collection_name: string;
  text: string;
  page: number | null;
  heading_path: string | null;
  /** Higher is better; bm25 on SQLite, ts_rank_cd on PostgreSQL. */
  score: number;
}

/** A document's chunks, as the ingestion job writes them. */
export interface DocumentChunks {
  documentId: string;
  collectionId: string;
  userId: string;
  chunks: Chunk[];
}

const INSERT_BATCH = 400;

/**
 * Chunks and the lexical index. The only place with dialect-specific search SQL: FTS5 (porter unicode61,
 * bm25) on SQLite, a generated tsvector with a GIN index (english) on PostgreSQL.
 */
export class ChunkIndexRepository {
  /** Divides raw scores into 0-1 relevance: score / (score + scale). */
  readonly relevanceScale: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.relevanceScale = dialect === 'sqlite' ? 5 : 0.1;
  }

  /**
   * Replaces the document's chunks (and so its index rows) inside the ingestion job's unit of work, which marks
   * the document ready in the same transaction: a document is either fully searchable or not at all.
   */
  async replaceForDocument(tx: Tx, doc: DocumentChunks): Promise<void> {
    const trx = executor(tx);
    await trx.deleteFrom('knowledge_chunks').where('document_id', '=', doc.documentId).execute();
    const rows = doc.chunks.map((chunk, ordinal) => ({
      id: randomUUID(),
      document_id: doc.documentId,
      collection_id: doc.collectionId,
      user_id: doc.userId,
      ordinal,
      text: chunk.text,
      page: chunk.page,
      heading_path: chunk.headingPath,
    }));
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await trx
        .insertInto('knowledge_chunks')
        .values(rows.slice(start, start + INSERT_BATCH))
        .execute();
    }
  }

  async deleteForDocument(documentId: string): Promise<void> {
    await this.db.deleteFrom('knowledge_chunks').where('document_id', '=', documentId).execute();
  }

  async countForDocument(documentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('knowledge_chunks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The best chunks of the user's collections (all of them when `collectionIds` is null), best first. */
  async search(userId: string, terms: string[], collectionIds: string[] | null, limit: number): Promise<ChunkHit[]> {
    if (terms.length === 0 || collectionIds?.length === 0) return [];
    const inCollections = collectionIds
      ? sql`and c.collection_id in (${sql.join(collectionIds.map((id) => sql`${id}`))})`
      : sql``;
    if (this.dialect === 'postgres') {
      const { rows } = await sql<ChunkHit>`
          select c.id as chunk_id, c.document_id, c.collection_id, d.file_name, k.name as collection_name,
                 c.text, c.page, c.heading_path, ts_rank_cd(c.tsv, q) as score
          from knowledge_chunks c
          cross join to_tsquery('english', ${tsQuery(terms)}) q
          join knowledge_documents d on d.id = c.document_id
          join knowledge_collections k on k.id = c.collection_id
          where c.tsv @@ q and c.user_id = ${userId} ${inCollections}
          order by score desc, c.seq
          limit ${limit}`.execute(this.db);
      return rows.map((row) => ({ ...row, score: Number(row.score) }));
    }
    // FTS5 ranks fastest on its own (ORDER BY rank with a LIMIT); owner and collection filters apply after,
    // so the candidate window grows until enough rows survive them or the index has no more matches.
    const match = fts5Query(terms);
    for (let window = Math.max(limit * 2, 50); ; window *= 4) {
      const { rows: candidates } = await sql<{ seq: number; score: number }>`
          select rowid as seq, -rank as score from knowledge_chunks_fts
          where knowledge_chunks_fts match ${match} order by rank limit ${window}`.execute(this.db);
      if (candidates.length === 0) return [];
      const scores = new Map(candidates.map((candidate) => [Number(candidate.seq), Number(candidate.score)]));
      const { rows } = await sql<Omit<ChunkHit, 'score'> & { seq: number }>`
          select c.seq, c.id as chunk_id, c.document_id, c.collection_id, d.file_name, k.name as collection_name,
                 c.text, c.page, c.heading_path
          from knowledge_chunks c
          join knowledge_documents d on d.id = c.document_id
          join knowledge_collections k on k.id = c.collection_id
          where c.seq in (select value from json_each(${JSON.stringify([...scores.keys()])}))
            and c.user_id = ${userId} ${inCollections}`.execute(this.db);
      if (rows.length >= limit || candidates.length < window) {
        return rows
          .map(({ seq, ...row }) => ({ ...row, score: scores.get(Number(seq)) ?? 0, seq: Number(seq) }))
          .sort((a, b) => b.score - a.score || a.seq - b.seq)
          .slice(0, limit)
          .map(({ seq: _seq, ...hit }) => hit);
      }
    }
  }
}
