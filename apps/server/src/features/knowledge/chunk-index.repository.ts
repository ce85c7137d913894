import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';
import type { Chunk } from './chunker';
import { accessibleCollectionIds } from './collection-access.repository';
import { type Warmed, warmPostings } from './lexical/cache-warmup.repository';
import { analyzeWords, chunkTermCounts } from './lexical/analyzer';
import {
  type SearchScopes,
  bm25Search,
  frequenciesByScope,
  notReadyChunks,
  scopeVersions,
} from './lexical/bm25-search.repository';
import { SearchCache } from './lexical/search-cache';
import { type ChunkHit, chunkHits } from './chunk-hits.repository';
import { countTerms, uncountTerms } from './lexical/term-stats.repository';

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
  /** Chunks per index term (the document's share of knowledge_term_stats). */
  terms: Map<string, number>;
}

/** Adds one batch's totals to a document's. */
export function addTotals(into: DocumentTotals, added: DocumentTotals): DocumentTotals {
  into.chunks += added.chunks;
  into.length += added.length;
  for (const [term, df] of added.terms) into.terms.set(term, (into.terms.get(term) ?? 0) + df);
  return into;
}

export const emptyTotals = (): DocumentTotals => ({ chunks: 0, length: 0, terms: new Map() });

/**
 * BM25 parameters: the textbook-safe values (Robertson & Zaragoza's usual range; Lucene's defaults), kept rather
 * than fitted to one data set (issue 18 measured k1 0.9-1.5 and b 0.4-0.75 on SciFact and DBPedia; see README).
 */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

/** Chunk rows per INSERT (8 columns). */
const CHUNKS_PER_INSERT = 400;
/** A scope is marked searched at most this often per process (the warm-up orders by it: an hour is precise enough). */
const SEARCH_MARK_MS = 60 * 60 * 1000;
/** Marks remembered per process before they are forgotten (and written again at the next search). */
const MARKS_KEPT = 100_000;
/** Published documents per INSERT (4 parameters each). */
const DOCUMENTS_PER_INSERT = 1000;
/** Posting rows per INSERT (5 parameters each: under SQLite's 32,766 and PostgreSQL's 65,535). */
const POSTINGS_PER_INSERT = 4000;

/**
 * Chunks and the lexical index (issue 18): postings (scope, term, chunk, tf, length) written with the chunks, and
 * per-collection statistics (chunks, length, document frequency per term) that count a document only from the
 * transaction that makes it ready. BM25 itself is computed over the searched collections' postings only, pruned with
 * max-score, from posting lists kept in memory while their collection's version holds
 * (lexical/bm25-search.repository.ts); the same on both databases.
 */
export class ChunkIndexRepository {
  /** Divides BM25 scores into 0-1 relevance: score / (score + scale); a score of 5 is a fair match of two terms. */
  readonly relevanceScale = 5;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Lists, frequencies and chunks kept between searches (none by default: a repository that writes needs none). */
    private readonly cache = new SearchCache(0),
  ) {}

  /** Scopes this process last marked searched, and when (ms): see `markSearched`. */
  private readonly marked = new Map<number, number>();
  private readonly marking = new Set<Promise<void>>();

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

  /** Writes chunks and their postings; they stay invisible to search until `publishDocuments` commits. */
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
    const terms = new Map<string, number>();
    let length = 0;
    for (let start = 0; start < rows.length; start += CHUNKS_PER_INSERT) {
      const slice = rows.slice(start, start + CHUNKS_PER_INSERT);
      const inserted = await trx.insertInto('knowledge_chunks').values(slice).returning(['seq', 'ordinal']).execute();
      const seqByOrdinal = new Map(inserted.map((row) => [row.ordinal, Number(row.seq)]));
      for (const row of slice) {
        const counts = chunkTermCounts(row.text, row.heading_path);
        const seq = seqByOrdinal.get(row.ordinal) as number;
        for (const [term, tf] of counts.tf) {
          postings.push([batch.scope, term, seq, tf, counts.length]);
          terms.set(term, (terms.get(term) ?? 0) + 1);
        }
        length += counts.length;
      }
    }
    for (let start = 0; start < postings.length; start += POSTINGS_PER_INSERT) {
      const values = postings
        .slice(start, start + POSTINGS_PER_INSERT)
        .map(([scope, term, seq, tf, len]) => ({ scope, term, chunk_seq: seq, tf, len }));
      await trx.insertInto('knowledge_postings').values(values).execute();
    }
    await bumpVersion(tx, batch.scope);
    return { chunks: rows.length, length, terms };
  }

  /**
   * The switch that makes documents count: part of the unit of work that marks them ready. Several documents of
   * one scope publish together (their rows 1,000 per insert, their term frequencies summed first), so a bulk load
   * updates each shared statistics row once per batch rather than once per document.
   */
  async publishDocuments(
    tx: Tx,
    scope: number,
    published: { documentId: string; totals: DocumentTotals }[],
  ): Promise<void> {
    if (published.length === 0) return;
    const trx = executor(tx);
    for (let start = 0; start < published.length; start += DOCUMENTS_PER_INSERT) {
      const values = published.slice(start, start + DOCUMENTS_PER_INSERT).map(({ documentId, totals }) => ({
        document_id: documentId,
        scope,
        chunk_count: totals.chunks,
        total_length: totals.length,
      }));
      await trx.insertInto('knowledge_lexical_documents').values(values).execute();
    }
    const sum = published.reduce((into, { totals }) => addTotals(into, totals), emptyTotals());
    await trx
      .updateTable('knowledge_lexical_scopes')
      .set((eb) => ({
        chunk_count: eb('chunk_count', '+', sum.chunks),
        total_length: eb('total_length', '+', sum.length),
        // The statistics change: frequencies cached at the old version are not trusted (lexical/search-cache.ts).
        version: eb('version', '+', 1),
      }))
      .where('id', '=', scope)
      .execute();
    await countTerms(tx, scope, sum.terms);
  }

  /**
   * Removes the document's chunks and postings and, if it counted, its share of the statistics. The postings are
   * found again by analysing each chunk's text (their key is scope, term, chunk), so no second index is kept.
   */
  async removeDocument(tx: Tx, documentId: string): Promise<void> {
    const trx = executor(tx);
    const chunks = await trx
      .selectFrom('knowledge_chunks as c')
      .innerJoin('knowledge_lexical_scopes as s', 's.collection_id', 'c.collection_id')
      .select(['c.seq', 'c.text', 'c.heading_path', 's.id as scope'])
      .where('c.document_id', '=', documentId)
      .execute();
    const terms = new Map<string, number>();
    for (const chunk of chunks) {
      const chunkTerms = [...chunkTermCounts(chunk.text, chunk.heading_path).tf.keys()];
      if (chunkTerms.length === 0) continue;
      for (const term of chunkTerms) terms.set(term, (terms.get(term) ?? 0) + 1);
      await trx
        .deleteFrom('knowledge_postings')
        .where('scope', '=', Number(chunk.scope))
        .where('chunk_seq', '=', Number(chunk.seq))
        .where('term', 'in', chunkTerms)
        .execute();
    }
    const counted = await trx
      .selectFrom('knowledge_lexical_documents')
      .selectAll()
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    if (counted) await this.uncount(tx, counted, terms);
    await trx.deleteFrom('knowledge_chunks').where('document_id', '=', documentId).execute();
    for (const scope of new Set(chunks.map((chunk) => Number(chunk.scope)))) await bumpVersion(tx, scope);
  }

  /** Takes a published document's chunks, length and term frequencies back out of its scope's statistics. */
  private async uncount(
    tx: Tx,
    counted: { document_id: string; scope: number; chunk_count: number; total_length: number | string },
    terms: Map<string, number>,
  ): Promise<void> {
    const trx = executor(tx);
    await trx.deleteFrom('knowledge_lexical_documents').where('document_id', '=', counted.document_id).execute();
    await trx
      .updateTable('knowledge_lexical_scopes')
      .set((eb) => ({
        chunk_count: eb('chunk_count', '-', counted.chunk_count),
        total_length: eb('total_length', '-', counted.total_length),
      }))
      .where('id', '=', counted.scope)
      .execute();
    await uncountTerms(tx, counted.scope, terms);
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
   * are query words; they are analysed like the indexed text. Only ready documents are ever returned. BM25 is
   * computed over those collections' postings and statistics only (lexical/bm25-search.repository.ts).
   */
  async search(userId: string, words: string[], collectionIds: string[] | null, limit: number): Promise<ChunkHit[]> {
    const terms = analyzeWords(words);
    if (terms.length === 0) return [];
    const opened = await this.scopesWithFrequencies(userId, collectionIds, terms);
    if (!opened) return [];
    return await this.searchIn(opened.scopes, new Map(terms.map((term) => [term, 1])), limit, {
      frequencies: opened.frequencies,
    });
  }

  /** What a search of these collections reads (see `search`); null when they hold no indexed chunk. */
  async scopesFor(userId: string, collectionIds: string[] | null): Promise<SearchScopes | null> {
    return (await this.scopesWithFrequencies(userId, collectionIds, []))?.scopes ?? null;
  }

  /**
   * `scopesFor` and the document frequencies of analysed `terms` in those scopes, in one statement (so the
   * frequencies are those of the versions read with them).
   */
  async scopesWithFrequencies(
    userId: string,
    collectionIds: string[] | null,
    terms: string[],
  ): Promise<{ scopes: SearchScopes; frequencies: Map<string, number> } | null> {
    if (collectionIds?.length === 0) return null;
    const rows = await this.readableScopes(userId, collectionIds)
      .leftJoin('knowledge_term_stats as t', (join) =>
        join
          .onRef('t.scope', '=', 'knowledge_lexical_scopes.id')
          .on((eb) => (terms.length > 0 ? eb('t.term', 'in', terms) : sql<boolean>`false`)),
      )
      .select(['id', 'collection_id', 'chunk_count', 'total_length', 'version', 't.term', 't.df'])
      .execute();
    const scopes = [...new Map(rows.map((row) => [Number(row.id), row])).values()];
    const chunks = scopes.reduce((sum, row) => sum + Number(row.chunk_count), 0);
    if (chunks === 0) return null;
    const length = scopes.reduce((sum, row) => sum + Number(row.total_length), 0);
    const frequencies = new Map<string, number>();
    for (const { term, df } of rows)
      if (term !== null) frequencies.set(term, (frequencies.get(term) ?? 0) + Number(df));
    if (terms.length > 0) this.markSearched(scopes.map((row) => Number(row.id)));
    return {
      scopes: {
        ids: scopes.map((row) => Number(row.id)),
        collectionIds: scopes.map((row) => row.collection_id),
        versions: scopes.map((row) => Number(row.version)),
        chunks,
        avgdl: length / chunks,
      },
      frequencies,
    };
  }

  /**
   * Notes that `scopes` were searched (knowledge_lexical_scopes.searched_at, what the start-up warm-up reads
   * first), at most once per SEARCH_MARK_MS and scope in this process, without the search waiting for it: a write
   * that fails or waits on a lock (a publication of the collection) costs the search nothing.
   */
  private markSearched(scopes: number[]): void {
    const now = Date.now();
    const due = scopes.filter((id) => now - (this.marked.get(id) ?? Number.NEGATIVE_INFINITY) >= SEARCH_MARK_MS);
    if (due.length === 0) return;
    for (const id of due) this.marked.set(id, now);
    if (this.marked.size > MARKS_KEPT) this.marked.clear();
    const written = this.db
      .updateTable('knowledge_lexical_scopes')
      .set({ searched_at: new Date(now).toISOString() })
      .where('id', 'in', due)
      .execute()
      .then(
        () => undefined,
        () => {
          for (const id of due) this.marked.delete(id);
        },
      )
      .finally(() => this.marking.delete(written));
    this.marking.add(written);
  }

  /** Resolves once the marks of searches so far are written (or failed): a closing server and tests wait for it. */
  async marksWritten(): Promise<void> {
    await Promise.all([...this.marking]);
  }

  /** The lexical scopes of the collections the user may read, limited to `collectionIds` when given. */
  private readableScopes(userId: string, collectionIds: string[] | null) {
    let readable = accessibleCollectionIds(this.db, userId);
    if (collectionIds) readable = readable.where('owned.id', 'in', collectionIds);
    return this.db.selectFrom('knowledge_lexical_scopes').where('collection_id', 'in', readable);
  }

  /**
   * The best chunks of `scopes` for analysed terms with their weights in the query, best first. `frequencies`
   * (from `frequencies`, covering every term of the query), when the caller has them, are not read again;
   * `documents`: see ChunkHitOptions (chunk-hits.repository.ts). Chunks of documents not ready are left out by
   * the read of the chunks, after the lists (so a chunk a list holds is caught if its document is not ready now);
   * only when that drops one (a document being indexed or failed holds a top chunk) and leaves fewer documents
   * than wanted are the not-ready chunks read and the scoring run again without them, to fill `limit`.
   */
  async searchIn(
    scopes: SearchScopes,
    query: Map<string, number>,
    limit: number,
    { frequencies, documents }: { frequencies?: Map<string, number>; documents?: number } = {},
  ): Promise<ChunkHit[]> {
    if (query.size === 0) return [];
    const scoreWithout = (hidden: ReadonlySet<number>) =>
      bm25Search(this.db, this.dialect, this.cache, scopes, query, limit, BM25, hidden, frequencies);
    const options = { readyOnly: true, cache: this.cache, documents };
    const scored = await scoreWithout(NONE_HIDDEN);
    const hits = await chunkHits(this.db, scored, options);
    if (hits.length === scored.length) return hits;
    if (documents && new Set(hits.map((hit) => hit.document_id)).size >= documents) return hits;
    const rescored = await scoreWithout(await notReadyChunks(this.db, scopes.collectionIds));
    return await chunkHits(this.db, rescored, options);
  }

  /** Reads the lists of collections searched lately (while nobody has searched: the longest) into the cache. */
  async warmCache(budgetBytes: number, signal: AbortSignal): Promise<Warmed> {
    return await warmPostings(this.db, this.dialect, this.cache, { budgetBytes, signal });
  }

  /**
   * How many of the scopes' chunks hold each of `terms` (terms none holds are left out): from the search cache
   * while the scopes are at the versions read, otherwise from the database.
   */
  async frequencies(scopes: SearchScopes, terms: string[]): Promise<Map<string, number>> {
    return await this.cache.frequencies(scopeVersions(scopes), terms, (ids, missing) =>
      frequenciesByScope(this.db, ids, missing),
    );
  }
}

const NONE_HIDDEN: ReadonlySet<number> = new Set();

/**
 * Marks a scope's postings changed (lexical/search-cache.ts): part of every transaction that adds or removes
 * postings, written last in it so the row is locked briefly.
 */
async function bumpVersion(tx: Tx, scope: number): Promise<void> {
  await executor(tx)
    .updateTable('knowledge_lexical_scopes')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', scope)
    .execute();
}
