import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { readPostings } from './bm25-search.repository';
import { type SearchCache, type ScopeVersion, emptyList, listBytes } from './search-cache';

/**
 * Lists shorter than this are left to the search that needs them: a short list is cheap to read, a long one is
 * what makes a large collection's first searches slow (a 100,000-chunk collection's common terms hold tens of
 * thousands of postings each).
 */
const WARM_MIN_POSTINGS = 1000;
/** Terms of one scope read per statement while warming. */
const TERMS_PER_READ = 32;

export interface WarmOptions {
  budgetBytes: number;
  /** Stops between reads when aborted (the server closing). */
  signal: AbortSignal;
  /** Shorter lists are left out (WARM_MIN_POSTINGS). */
  minPostings?: number;
}

export interface Warmed {
  lists: number;
  bytes: number;
}

/**
 * Fills the search cache with the instance's longest posting lists (by document frequency, longest first), up to
 * `budgetBytes` (and the cache's own budget), so searches after a restart find them held instead of reading them on
 * first use. Scope versions are read before the lists, as searches read them, so a list is never trusted past a
 * change; an instance without lists that long costs one query.
 */
export async function warmPostings(
  db: Kysely<Database>,
  dialect: Dialect,
  cache: SearchCache,
  { budgetBytes, signal, minPostings = WARM_MIN_POSTINGS }: WarmOptions,
): Promise<Warmed> {
  const warmed: Warmed = { lists: 0, bytes: 0 };
  const budget = Math.min(budgetBytes, cache.budget);
  if (budget < listBytes(minPostings)) return warmed;
  const longest = await db
    .selectFrom('knowledge_term_stats')
    .select(['scope', 'term', 'df'])
    .where('df', '>=', minPostings)
    .orderBy('df', 'desc')
    .orderBy('scope')
    .orderBy('term')
    .limit(Math.floor(budget / listBytes(minPostings)))
    .execute();
  const planned = new Map<number, string[]>();
  let bytes = 0;
  for (const row of longest) {
    bytes += listBytes(Number(row.df));
    if (bytes > budget) break;
    const terms = planned.get(Number(row.scope));
    if (terms) terms.push(row.term);
    else planned.set(Number(row.scope), [row.term]);
  }
  if (planned.size === 0) return warmed;
  // The versions of the planned scopes, before their lists (a scope deleted meanwhile is skipped).
  const scopes = new Map<number, ScopeVersion>(
    (
      await db
        .selectFrom('knowledge_lexical_scopes')
        .select(['id', 'collection_id', 'version'])
        .where('id', 'in', [...planned.keys()])
        .execute()
    ).map((row) => [
      Number(row.id),
      { id: Number(row.id), collectionId: row.collection_id, version: Number(row.version) },
    ]),
  );
  for (const [id, terms] of planned) {
    const scope = scopes.get(id);
    if (!scope) continue;
    for (let start = 0; start < terms.length && !signal.aborted; start += TERMS_PER_READ) {
      const batch = terms.slice(start, start + TERMS_PER_READ);
      const lists = (await readPostings(db, dialect, [id], batch)).get(id);
      for (const term of batch) {
        const list = lists?.get(term) ?? emptyList();
        if (!cache.add(scope, term, list)) continue;
        warmed.lists += 1;
        warmed.bytes += listBytes(list.seq.length);
      }
    }
  }
  return warmed;
}
