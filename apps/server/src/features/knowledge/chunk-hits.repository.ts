import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CachedChunk, SearchCache } from './lexical/search-cache';

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

export interface ChunkHitOptions {
  /** Only this owner's chunks. */
  userId?: string;
  /** Only chunks of ready documents. */
  readyOnly?: boolean;
  /** Chunks held here are not read again (they never change); chunks read are kept. */
  cache?: SearchCache;
  /**
   * The caller groups the hits by document and uses only this many documents: chunks of later documents may be
   * left out. When every chunk is held, only that many documents are read (more if some are gone or not ready).
   */
  documents?: number;
}

/**
 * The chunks behind scored sequence numbers, with their document and collection, in the order given (lexical and
 * vector search alike); a chunk no longer there is left out. Chunks the cache holds are not read again: only their
 * documents are, for whether they are still there (and ready) and their names, beside the chunks it lacks.
 */
export async function chunkHits(
  db: Kysely<Database>,
  scored: { seq: number | string; score: number }[],
  { userId, readyOnly = false, cache, documents: wanted }: ChunkHitOptions = {},
): Promise<ChunkHit[]> {
  if (scored.length === 0) return [];
  const seqs = scored.map((hit) => Number(hit.seq));
  const held = cache?.chunks(seqs) ?? new Map<number, CachedChunk>();
  const missing = seqs.filter((seq) => !held.has(seq));
  // Held chunks of another owner are left out as the read of the others leaves them out.
  if (userId) for (const [seq, chunk] of held) if (chunk.user_id !== userId) held.delete(seq);
  // The held chunks' documents, in the order of their best chunk.
  const heldDocuments = [...new Set(seqs.flatMap((seq) => held.get(seq)?.document_id ?? []))];
  const [read, documents] = await Promise.all([
    readChunks(db, missing, { userId, readyOnly }),
    missing.length === 0 && wanted
      ? firstDocuments(db, heldDocuments, wanted, readyOnly)
      : readDocuments(db, heldDocuments, readyOnly),
  ]);
  const found = new Map<number, { chunk: CachedChunk; names: DocumentNames }>();
  for (const { file_name, collection_name, ...chunk } of read) {
    cache?.keepChunk(chunk);
    found.set(chunk.seq, { chunk, names: { file_name, collection_name } });
  }
  for (const [seq, chunk] of held) {
    const names = documents.get(chunk.document_id);
    if (names) found.set(seq, { chunk, names });
  }
  return scored.flatMap((hit) => {
    const row = found.get(Number(hit.seq));
    return row ? [hitOf(row.chunk, row.names, hit.score)] : [];
  });
}

interface DocumentNames {
  file_name: string;
  collection_name: string;
}

const hitOf = (
  { chunk_id, document_id, collection_id, text, page, heading_path }: CachedChunk,
  names: DocumentNames,
  score: number,
): ChunkHit => ({ chunk_id, document_id, collection_id, ...names, text, page, heading_path, score });

/** Chunks by sequence number with their document's and collection's names (see `chunkHits`). */
async function readChunks(
  db: Kysely<Database>,
  seqs: number[],
  { userId, readyOnly }: { userId?: string; readyOnly: boolean },
): Promise<(CachedChunk & DocumentNames)[]> {
  if (seqs.length === 0) return [];
  let query = db
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
    .innerJoin('knowledge_collections as k', 'k.id', 'c.collection_id')
    .select([
      'c.seq',
      'c.id as chunk_id',
      'c.document_id',
      'c.collection_id',
      'c.user_id',
      'd.file_name',
      'k.name as collection_name',
      'c.text',
      'c.page',
      'c.heading_path',
    ])
    .where('c.seq', 'in', seqs);
  if (userId) query = query.where('c.user_id', '=', userId);
  if (readyOnly) query = query.where('d.status', '=', 'ready');
  return (await query.execute()).map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** The first `wanted` of `ids` (in their order) that `readDocuments` finds, reading more while some are not found. */
async function firstDocuments(
  db: Kysely<Database>,
  ids: string[],
  wanted: number,
  readyOnly: boolean,
): Promise<Map<string, DocumentNames>> {
  const found = new Map<string, DocumentNames>();
  for (let next = 0; found.size < wanted && next < ids.length;) {
    const batch = ids.slice(next, next + wanted - found.size);
    next += batch.length;
    for (const [id, names] of await readDocuments(db, batch, readyOnly)) found.set(id, names);
  }
  return found;
}

/** Documents' and their collections' names by document id (only ready ones with `readyOnly`). */
async function readDocuments(
  db: Kysely<Database>,
  ids: string[],
  readyOnly: boolean,
): Promise<Map<string, DocumentNames>> {
  if (ids.length === 0) return new Map();
  let query = db
    .selectFrom('knowledge_documents as d')
    .innerJoin('knowledge_collections as k', 'k.id', 'd.collection_id')
    .select(['d.id', 'd.file_name', 'k.name as collection_name'])
    .where('d.id', 'in', ids);
  if (readyOnly) query = query.where('d.status', '=', 'ready');
  const rows = await query.execute();
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}
