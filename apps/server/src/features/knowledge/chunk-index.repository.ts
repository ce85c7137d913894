import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';
import type { Chunk } from './chunker';
import { accessibleCollectionIds } from './collection-access.repository';
import { analyze, termCounts } from './lexical/analyzer';

export interface ChunkHit {
  chunk_id: string;
  document_id: string;
  collection_id: string;
  file_name: string;
  collection_name: string;
  text: string;
  page: number | null;
  heading_path: string | null;
  /** Higher is better: BM25 over the searched collections, the same on SQLite and PostgreSQL. */
  score: number;
}

/** Some of a document's chunks, written in one short transaction of its ingestion. */
export interface ChunkBatch {
  documentId: string;
  collectionId: string;
  userId: string;
  /** From ensureScope. */
  scope: number;
  /** Ordinal of the batch's first chunk within the document. */
  firstOrdinal: number;
  chunks: Chunk[];
}

/** What a document adds to its scope's statistics once it is ready. */
export interface DocumentTotals {
  chunks: number;
  length: number;
}

/**
 * BM25 parameters: the textbook-safe values (Robertson & Zaragoza's usual range; Lucene's defaults), kept rather
 * than fitted to one data set (issue 18 measured k1 0.9-1.5 and b 0.4-0.75 on SciFact and DBPedia; see README).
 */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

/** Chunk rows per INSERT (8 columns). */
const CHUNKS_PER_INSERT = 400;
/** Posting rows per INSERT (5 parameters each: under SQLite's 32,766 and PostgreSQL's 65,535). */
const POSTINGS_PER_INSERT = 4000;

/**
 * Chunks and the lexical index (issue 18): postings (scope, term, chunk, tf, length) written with the chunks, and
 * per-collection statistics that count a document only from the transaction that makes it ready. BM25 itself is
 * computed in SQL over the searched collections only (lexical/bm25-query.ts); the same SQL runs on both databases.
 */
export class ChunkIndexRepository {
  /** Divides BM25 scores into 0-1 relevance: score / (score + scale); a score of 5 is a fair match of two terms. */
  readonly relevanceScale = 5;

  constructor(private readonly db: Kysely<Database>) {}

  /** The collection's small integer key in the postings, created on first use. */
  async ensureScope(tx: Tx, collectionId: string): Promise<number> {
    const trx = executor(tx);
    await trx
      .insertInto('knowledge_lexical_scopes')
      .values({ collection_id: collectionId, chunk_count: 0, total_length: 0 })
      .onConflict((oc) => oc.column('collection_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('knowledge_lexical_scopes')
      .select('id')
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Writes chunks and their postings; they stay invisible to search until `publishDocument` commits. */
  async insertChunks(tx: Tx, batch: ChunkBatch): Promise<DocumentTotals> {
    const trx = executor(tx);
    const rows = batch.chunks.map((chunk, index) => ({
      id: randomUUID(),
      document_id: batch.documentId,
      collection_id: batch.collectionId,
      user_id: batch.userId,
      ordinal: batch.firstOrdinal + index,
      text: chunk.text,
      page: chunk.page,
      heading_path: chunk.headingPath,
    }));
    const postings: [number, string, number, number, number][] = [];
    let length = 0;
    for (let start = 0; start < rows.length; start += CHUNKS_PER_INSERT) {
      const slice = rows.slice(start, start + CHUNKS_PER_INSERT);
      const inserted = await trx.insertInto('knowledge_chunks').values(slice).returning(['seq', 'ordinal']).execute();
      const seqByOrdinal = new Map(inserted.map((row) => [row.ordinal, Number(row.seq)]));
      for (const row of slice) {
        const counts = termCounts(row.text);
        const seq = seqByOrdinal.get(row.ordinal) as number;
        for (const [term, tf] of counts.tf) postings.push([batch.scope, term, seq, tf, counts.length]);
        length += counts.length;
      }
    }
    for (let start = 0; start < postings.length; start += POSTINGS_PER_INSERT) {
      const values = postings
        .slice(start, start + POSTINGS_PER_INSERT)
        .map(([scope, term, seq, tf, len]) => ({ scope, term, chunk_seq: seq, tf, len }));
      await trx.insertInto('knowledge_postings').values(values).execute();
    }
    return { chunks: rows.length, length };
  }

  /** The switch that makes a document count: part of the unit of work that marks it ready. */
  async publishDocument(tx: Tx, documentId: string, scope: number, totals: DocumentTotals): Promise<void> {
    const trx = executor(tx);
    await trx
      .insertInto('knowledge_lexical_documents')
      .values({ document_id: documentId, scope, chunk_count: totals.chunks, total_length: totals.length })
      .execute();
    await trx
      .updateTable('knowledge_lexical_scopes')
      .set((eb) => ({
        chunk_count: eb('chunk_count', '+', totals.chunks),
        total_length: eb('total_length', '+', totals.length),
      }))
      .where('id', '=', scope)
      .execute();
  }

  /**
   * Removes the document's chunks and postings and, if it counted, its share of the statistics. The postings are
   * found again by analysing each chunk's text (their key is scope, term, chunk), so no second index is kept.
   */
  async removeDocument(tx: Tx, documentId: string): Promise<void> {
    const trx = executor(tx);
    const counted = await trx
      .selectFrom('knowledge_lexical_documents')
      .selectAll()
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    if (counted) {
      await trx.deleteFrom('knowledge_lexical_documents').where('document_id', '=', documentId).execute();
      await trx
        .updateTable('knowledge_lexical_scopes')
        .set((eb) => ({
          chunk_count: eb('chunk_count', '-', counted.chunk_count),
          total_length: eb('total_length', '-', counted.total_length),
        }))
        .where('id', '=', counted.scope)
        .execute();
    }
    const chunks = await trx
      .selectFrom('knowledge_chunks as c')
      .innerJoin('knowledge_lexical_scopes as s', 's.collection_id', 'c.collection_id')
      .select(['c.seq', 'c.text', 's.id as scope'])
      .where('c.document_id', '=', documentId)
      .execute();
    for (const chunk of chunks) {
      const terms = [...termCounts(chunk.text).tf.keys()];
      if (terms.length === 0) continue;
      await trx
        .deleteFrom('knowledge_postings')
        .where('scope', '=', Number(chunk.scope))
        .where('chunk_seq', '=', Number(chunk.seq))
        .where('term', 'in', terms)
        .execute();
    }
    await trx.deleteFrom('knowledge_chunks').where('document_id', '=', documentId).execute();
  }

  async countForDocument(documentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('knowledge_chunks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The best chunks of the collections the user may read — their own and those shared with their groups or
   * organisation, checked here at search time (all of them when `collectionIds` is null) — best first. `words`
   * are query words; they are analysed like the indexed text. Only ready documents are ever returned.
   */
  async search(userId: string, words: string[], collectionIds: string[] | null, limit: number): Promise<ChunkHit[]> {
    if (words.length === 0 || collectionIds?.length === 0) return [];
    const terms = [...new Set(words.flatMap(analyze))];
    if (terms.length === 0) return [];
    let owned = accessibleCollectionIds(this.db, userId);
    if (collectionIds) owned = owned.where('owned.id', 'in', collectionIds);
    // Statistics are summed over the searched collections only, and only postings of those collections are read
    // (one range scan per collection and term). Chunks of documents that are not ready yet are left out.
    const { rows } = await sql<ChunkHit & { seq: number | string }>`
      with scope as (
        select id, collection_id, chunk_count, total_length from knowledge_lexical_scopes
        where collection_id in (${owned})),
      totals as (
        select sum(cast(chunk_count as double precision)) as n,
               sum(cast(total_length as double precision)) / nullif(sum(cast(chunk_count as double precision)), 0) as avgdl
        from scope),
      hidden as (
        select c.seq from knowledge_documents d join knowledge_chunks c on c.document_id = d.id
        where d.collection_id in (select collection_id from scope) and d.status in ('queued', 'processing', 'failed')),
      hits as (
        select p.term, p.chunk_seq, cast(p.tf as double precision) as tf, cast(p.len as double precision) as len
        from scope s join knowledge_postings p on p.scope = s.id
        where p.term in (${sql.join(terms)}) and p.chunk_seq not in (select seq from hidden)),
      df as (select term, cast(count(*) as double precision) as df from hits group by term),
      weights as (
        select df.term, ln(1 + (t.n - df.df + 0.5) / (df.df + 0.5)) as idf, t.avgdl from df cross join totals t),
      top as (
        select h.chunk_seq, sum(w.idf * h.tf * ${sql.raw(String(BM25.k1 + 1))}
               / (h.tf + ${sql.raw(String(BM25.k1))} * (${sql.raw(String(1 - BM25.b))} + ${sql.raw(String(BM25.b))} * h.len / w.avgdl))) as score
        from hits h join weights w on w.term = h.term
        group by h.chunk_seq order by score desc, h.chunk_seq limit ${limit})
      select c.seq, c.id as chunk_id, c.document_id, c.collection_id, d.file_name, k.name as collection_name,
             c.text, c.page, c.heading_path, top.score
      from top
      join knowledge_chunks c on c.seq = top.chunk_seq
      join knowledge_documents d on d.id = c.document_id
      join knowledge_collections k on k.id = c.collection_id
      order by top.score desc, top.chunk_seq`.execute(this.db);
    return rows.map(({ seq: _seq, ...row }) => ({ ...row, score: Number(row.score) }));
  }
}
