import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { type ScoredChunk, byRarity, idf, topChunks } from './max-score';
import { type PostingList, type ScopeVersion, type SearchCache, packedLists } from './search-cache';

export interface Bm25Params {
  k1: number;
  b: number;
}

/** The searched scopes (collections) with what BM25 needs of them. */
export interface SearchScopes {
  ids: number[];
  collectionIds: string[];
  /** Each scope's postings version (knowledge_lexical_scopes.version), in the order of `ids`. */
  versions: number[];
  chunks: number;
  avgdl: number;
}

/**
 * The best `limit` chunks of the scopes for the analysed query terms, by BM25 with statistics summed over the
 * scopes only, best first (ties by chunk order). `query` maps each term to its weight in the query (1 for a
 * user's own words; feedback terms weigh less: lexical/feedback.ts); a term's contribution is its weight × idf ×
 * the usual tf part. The idfs come from knowledge_term_stats (or `known`), the postings from the cache or, for
 * terms it doesn't hold at the scope's version, the database (lexical/search-cache.ts); scoring is exact,
 * pruned with max-score (lexical/max-score.ts). `hidden` chunks are left out (see `notReadyChunks`).
 */
export async function bm25Search(
  db: Kysely<Database>,
  dialect: Dialect,
  cache: SearchCache,
  scopes: SearchScopes,
  query: Map<string, number>,
  limit: number,
  bm25: Bm25Params,
  hidden: ReadonlySet<number>,
  /** The terms' document frequencies in `scopes`, when the caller has them (a term left out: none holds it). */
  known?: Map<string, number>,
): Promise<ScoredChunk[]> {
  const versions = scopeVersions(scopes);
  const frequencies = known
    ? new Map([...query.keys()].flatMap((term) => (known.has(term) ? [[term, known.get(term) as number]] : [])))
    : await cache.frequencies(versions, [...query.keys()], (ids, terms) => frequenciesByScope(db, ids, terms));
  const ordered = byRarity(
    [...frequencies].map(([term, df]) => ({ term, df, idf: (query.get(term) ?? 1) * idf(scopes.chunks, df) })),
  );
  if (ordered.length === 0) return [];
  const terms = ordered.map((weight) => weight.term);
  const lists = await cache.lists(versions, terms, (missingScopes, missingTerms) =>
    readPostings(db, dialect, missingScopes, missingTerms, frequencies),
  );
  const { k1, b } = bm25;
  return topChunks(
    lists,
    ordered.map((weight) => weight.idf * (k1 + 1)),
    limit,
    { a: k1 * (1 - b), b: (k1 * b) / scopes.avgdl },
    hidden,
  );
}

/**
 * PostgreSQL runs each statement on one core: a read of that many postings or more is split over this many
 * connections, its terms shared out by document frequency (100,000 chunks, ten common terms: 75 → 45 ms on two
 * cores). Fewer postings cost less than a second round trip saves.
 */
const PARALLEL_READS = 2;
const PARALLEL_FROM_POSTINGS = 20_000;

/**
 * Some terms' postings in some scopes, in chunk order: one row per scope and term, its postings packed in one text
 * ("chunk,tf,len,chunk,tf,len,..."): parsed in JavaScript at a third of the cost of a row object per posting.
 * `frequencies` (the terms' document frequencies, when known) let PostgreSQL read a long read in parallel.
 */
export async function readPostings(
  db: Kysely<Database>,
  dialect: Dialect,
  scopes: number[],
  terms: string[],
  frequencies?: Map<string, number>,
): Promise<Map<number, Map<string, PostingList>>> {
  const groups = dialect === 'postgres' && frequencies ? sharedOut(terms, frequencies) : [terms];
  if (groups.length === 1) return packedLists(await packedRows(db, dialect, scopes, terms));
  const read = await Promise.all(groups.map((group) => packedRows(db, dialect, scopes, group)));
  return packedLists(read.flat());
}

async function packedRows(db: Kysely<Database>, dialect: Dialect, scopes: number[], terms: string[]) {
  const posting = sql`p.chunk_seq || ',' || p.tf || ',' || p.len`;
  const packed =
    dialect === 'postgres' ? sql<string>`string_agg(${posting}, ',')` : sql<string>`group_concat(${posting}, ',')`;
  return await db
    .selectFrom('knowledge_postings as p')
    .select(['p.scope', 'p.term', packed.as('packed')])
    .where('p.scope', 'in', scopes)
    .where('p.term', 'in', terms)
    .groupBy(['p.scope', 'p.term'])
    .execute();
}

/** `terms` in up to PARALLEL_READS groups of about the same number of postings (longest first, to the lightest). */
function sharedOut(terms: string[], frequencies: Map<string, number>): string[][] {
  const postings = (term: string) => frequencies.get(term) ?? 0;
  const total = terms.reduce((sum, term) => sum + postings(term), 0);
  if (total < PARALLEL_FROM_POSTINGS || terms.length < 2) return [terms];
  const groups = Array.from({ length: Math.min(PARALLEL_READS, terms.length) }, () => ({
    terms: [] as string[],
    n: 0,
  }));
  for (const term of [...terms].sort((a, b) => postings(b) - postings(a))) {
    const lightest = groups.reduce((best, group) => (group.n < best.n ? group : best));
    lightest.terms.push(term);
    lightest.n += postings(term);
  }
  return groups.map((group) => group.terms);
}

/**
 * Chunks of the collections' documents that are not ready (queued, being indexed or failed): never returned. Read
 * after the lists they filter: a chunk a list holds was written before, so its document is found here if not ready.
 */
export async function notReadyChunks(db: Kysely<Database>, collectionIds: string[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('knowledge_documents as d')
    .innerJoin('knowledge_chunks as c', 'c.document_id', 'd.id')
    .select('c.seq')
    .where('d.collection_id', 'in', collectionIds)
    .where('d.status', 'in', ['queued', 'processing', 'failed'])
    .execute();
  return new Set(rows.map((row) => Number(row.seq)));
}

/** The scopes as the search cache keys them. */
export const scopeVersions = (scopes: SearchScopes): ScopeVersion[] =>
  scopes.ids.map((id, i) => ({
    id,
    collectionId: scopes.collectionIds[i] as string,
    version: scopes.versions[i] as number,
  }));

/** How many chunks of each scope hold each of `terms`, by scope, then term (a pair none holds: absent). */
export async function frequenciesByScope(
  db: Kysely<Database>,
  scopes: number[],
  terms: string[],
): Promise<Map<number, Map<string, number>>> {
  const found = new Map<number, Map<string, number>>();
  if (terms.length === 0) return found;
  const rows = await db
    .selectFrom('knowledge_term_stats')
    .select(['scope', 'term', 'df'])
    .where('scope', 'in', scopes)
    .where('term', 'in', terms)
    .execute();
  for (const row of rows) {
    const byTerm = found.get(Number(row.scope)) ?? new Map<string, number>();
    byTerm.set(row.term, Number(row.df));
    found.set(Number(row.scope), byTerm);
  }
  return found;
}
