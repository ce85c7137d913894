import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { readPostings } from './bm25-search.repository';
import { type SearchCache, type ScopeVersion, emptyList, listBytes } from './search-cache';

/**
 * The long lists, read first: a short list is cheap to read, a long one is what makes a large collection's first
 * searches slow (a 100,000-chunk collection's common terms hold tens of thousands of postings each).
 */
const WARM_MIN_POSTINGS = 1000;
/** Collections searched lately whose lists are read ahead, most recently searched first. */
const SEARCHED_SCOPES = 1000;
/** Postings of one scope read per statement while warming (and at most this many terms). */
const POSTINGS_PER_READ = 50_000;
const TERMS_PER_READ = 1000;

export interface WarmOptions {
  budgetBytes: number;
  /** Stops between reads when aborted (the server closing). */
  signal: AbortSignal;
  /** Lists this long are long (WARM_MIN_POSTINGS): read first; the only ones read while nobody has searched. */
  minPostings?: number;
}

export interface Warmed {
  lists: number;
  bytes: number;
}

interface Planned {
  scope: number;
  term: string;
  df: number;
}

/**
 * Fills the search cache after a start, up to `budgetBytes` (and the cache's own budget), so the first searches
 * find their lists held instead of reading them. Cost follows the users who search, not the instance's size: the
 * long lists (`minPostings` or more) of the collections searched lately (knowledge_lexical_scopes.searched_at, most
 * recent first), then their shorter lists down to one posting (a small collection is then held whole, and its first
 * search reads nothing from a disk the operating system no longer caches). Collections nobody searched are left
 * to their first search, unless nobody has searched at all: then the instance's longest lists, longest first.
 * Scope versions are read before the lists, as searches read them, so a list is never trusted past a change.
 */
export async function warmPostings(
  db: Kysely<Database>,
  dialect: Dialect,
  cache: SearchCache,
  { budgetBytes, signal, minPostings = WARM_MIN_POSTINGS }: WarmOptions,
): Promise<Warmed> {
  const warmed: Warmed = { lists: 0, bytes: 0 };
  let left = Math.min(budgetBytes, cache.budget);
  if (left < listBytes(1)) return warmed;
  const searched = (
    await db
      .selectFrom('knowledge_lexical_scopes')
      .select('id')
      .where('searched_at', 'is not', null)
      .orderBy('searched_at', 'desc')
      .orderBy('id')
      .limit(SEARCHED_SCOPES)
      .execute()
  ).map((row) => Number(row.id));
  const planned: Planned[] = [];
  /** What of `rows` (in the order wanted) fits what is left of the budget; false when one did not. */
  const take = (rows: Planned[]): boolean => {
    for (const row of rows) {
      const bytes = listBytes(row.df);
      if (bytes > left) return false;
      left -= bytes;
      planned.push(row);
    }
    return true;
  };
  // The searched collections' long lists, most recent first, then their short ones.
  for (const [atLeast, below] of [
    [minPostings, undefined],
    [1, minPostings],
  ] as const) {
    for (const scope of searched) {
      const rows = await termsOf(db, { scopes: [scope], atLeast, below, limit: rowsFor(left) });
      if (!take(rows)) break;
    }
  }
  // An instance where nobody has searched yet (new, restored, or just upgraded): its longest lists, whoever's.
  if (searched.length === 0) {
    take(await termsOf(db, { atLeast: minPostings, limit: Math.floor(left / listBytes(minPostings)) }));
  }
  if (planned.length === 0) return warmed;
  // The versions of the planned scopes, before their lists (a scope deleted meanwhile is skipped).
  const scopes = await versionsOf(db, [...new Set(planned.map((row) => row.scope))]);
  for (const batch of batches(planned)) {
    const scope = scopes.get(batch[0]?.scope as number);
    if (!scope) continue;
    if (signal.aborted) break;
    const terms = batch.map((row) => row.term);
    const lists = (await readPostings(db, dialect, [scope.id], terms)).get(scope.id);
    for (const term of terms) {
      const list = lists?.get(term) ?? emptyList();
      if (!cache.add(scope, term, list)) continue;
      warmed.lists += 1;
      warmed.bytes += listBytes(list.seq.length);
    }
  }
  return warmed;
}

/** How many lists of one posting the budget holds: no plan can use more rows than that. */
const rowsFor = (bytes: number) => Math.floor(bytes / listBytes(1));

/**
 * Terms with their document frequencies, longest first: of `scopes` (all when absent), from `atLeast` postings long
 * to under `below`.
 */
async function termsOf(
  db: Kysely<Database>,
  { scopes, atLeast, below, limit }: { scopes?: number[]; atLeast: number; below?: number; limit: number },
): Promise<Planned[]> {
  if (limit <= 0) return [];
  let query = db
    .selectFrom('knowledge_term_stats')
    .select(['scope', 'term', 'df'])
    .where('df', '>=', atLeast)
    .orderBy('df', 'desc')
    .orderBy('scope')
    .orderBy('term')
    .limit(limit);
  if (below !== undefined) query = query.where('df', '<', below);
  if (scopes) query = query.where('scope', 'in', scopes);
  return (await query.execute()).map((row) => ({ scope: Number(row.scope), term: row.term, df: Number(row.df) }));
}

async function versionsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, ScopeVersion>> {
  const rows = await db
    .selectFrom('knowledge_lexical_scopes')
    .select(['id', 'collection_id', 'version'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { id: Number(row.id), collectionId: row.collection_id, version: Number(row.version) },
    ]),
  );
}

/** The plan in reads: runs of one scope's terms, each up to POSTINGS_PER_READ postings and TERMS_PER_READ terms. */
function batches(planned: Planned[]): Planned[][] {
  const reads: Planned[][] = [];
  let current: Planned[] = [];
  let postings = 0;
  for (const row of planned) {
    const full = current.length >= TERMS_PER_READ || (current.length > 0 && postings + row.df > POSTINGS_PER_READ);
    if (current.length > 0 && (full || current[0]?.scope !== row.scope)) {
      reads.push(current);
      current = [];
      postings = 0;
    }
    current.push(row);
    postings += row.df;
  }
  if (current.length > 0) reads.push(current);
  return reads;
}
