/**
 * Posting lists kept in memory between searches (issue 18). A large collection's common terms have tens of
 * thousands of postings each; read from the database on every search they cost more than all the scoring, so the
 * lists a search reads are kept, least recently used first out, within a budget of bytes. A list is trusted only
 * while its scope (collection) is at the version it was read at: every transaction that adds or removes postings
 * of a scope raises its version, and every search reads the versions with the scopes, so a cached list is never
 * older than what the database holds, on any replica.
 */

/** One term's postings in one scope, in chunk order. */
export interface PostingList {
  /** knowledge_chunks.seq, ascending. */
  seq: Float64Array;
  tf: Int32Array;
  /** The chunk's length in index terms. */
  len: Int32Array;
  /** Memo of `bestShare` for the BM25 constants it was computed with. */
  best?: { a: number; b: number; value: number };
}

/** A scope as a search reads it: the key of its postings and the version they are at. */
export interface ScopeVersion {
  id: number;
  collectionId: string;
  version: number;
}

interface Cached {
  collectionId: string;
  version: number;
  list: PostingList;
  bytes: number;
}

/**
 * Reads the postings of `terms` in `scopes` from the database in one go, by scope, then term (a pair none holds:
 * absent or empty).
 */
export type ReadPostings = (scopes: number[], terms: string[]) => Promise<Map<number, Map<string, PostingList>>>;

/** What an entry costs beyond its arrays (key, object headers): so empty lists count too. */
const ENTRY_BYTES = 200;
const BYTES_PER_POSTING = 16;

/** What a list of `postings` costs the cache's budget. */
export const listBytes = (postings: number): number => ENTRY_BYTES + postings * BYTES_PER_POSTING;

export const emptyList = (): PostingList => ({
  seq: new Float64Array(0),
  tf: new Int32Array(0),
  len: new Int32Array(0),
});

/** After each search's look-up: lists it found cached, lists it read from the database, and the bytes now held. */
export type CacheCounts = (found: number, read: number, bytes: number) => void;

export class PostingsCache {
  private readonly entries = new Map<string, Cached>();
  private held = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly counted?: CacheCounts,
  ) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.held;
  }

  /** The most it may hold, in bytes. */
  get budget(): number {
    return this.budgetBytes;
  }

  /**
   * Keeps a list read ahead of any search (warm-up), under the same rule as the lists searches read: trusted only
   * while its scope is at `scope.version`, which must have been read before the list. A list already held (a
   * search may have read a newer one meanwhile) is left as it is; false then.
   */
  add(scope: ScopeVersion, term: string, list: PostingList): boolean {
    const key = keyOf(scope.id, term);
    if (this.entries.has(key)) return false;
    this.keep(key, { collectionId: scope.collectionId, version: scope.version, list });
    this.counted?.(0, 0, this.held);
    return true;
  }

  /**
   * The postings of `terms` in each of `scopes`: per scope, one list per term in the order of `terms` (empty for
   * a term the scope lacks). Lists cached at their scope's version are used as they are; the others are read in
   * one query for all scopes and terms missing anywhere, and kept while the budget allows.
   */
  async lists(scopes: ScopeVersion[], terms: string[], read: ReadPostings): Promise<PostingList[][]> {
    const found = scopes.map(() => new Map<string, PostingList>());
    const missingScopes = new Set<number>();
    const missingTerms = new Set<string>();
    let hits = 0;
    for (const [i, scope] of scopes.entries()) {
      for (const term of terms) {
        const key = keyOf(scope.id, term);
        const entry = this.entries.get(key);
        if (entry && entry.collectionId === scope.collectionId && entry.version === scope.version) {
          // Most recently used last.
          this.entries.delete(key);
          this.entries.set(key, entry);
          found[i]?.set(term, entry.list);
          hits += 1;
        } else {
          missingScopes.add(scope.id);
          missingTerms.add(term);
        }
      }
    }
    if (missingScopes.size > 0) {
      const loaded = await read([...missingScopes], [...missingTerms]);
      for (const [i, scope] of scopes.entries()) {
        const own = found[i] as Map<string, PostingList>;
        for (const term of terms) {
          if (own.has(term)) continue;
          const list = loaded.get(scope.id)?.get(term) ?? emptyList();
          own.set(term, list);
          this.keep(keyOf(scope.id, term), { collectionId: scope.collectionId, version: scope.version, list });
        }
      }
    }
    this.counted?.(hits, scopes.length * terms.length - hits, this.held);
    return found.map((own) => terms.map((term) => own.get(term) ?? emptyList()));
  }

  private keep(key: string, entry: Omit<Cached, 'bytes'>): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.held -= old.bytes;
    }
    const bytes = listBytes(entry.list.seq.length);
    if (bytes > this.budgetBytes) return;
    this.entries.set(key, { ...entry, bytes });
    this.held += bytes;
    for (const [oldest, cached] of this.entries) {
      if (this.held <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.held -= cached.bytes;
    }
  }
}

const keyOf = (scope: number, term: string) => `${scope}\u0000${term}`;

/**
 * Posting lists from one row per term, its postings packed as "chunk,tf,len,chunk,tf,len,...". The database
 * hands them over in its key's order (scope, term, chunk) without being asked to sort (asking costs SQLite a
 * sort per term, 40 % of the read); a list that comes otherwise is sorted here.
 */
export function packedLists(
  rows: { scope: number; term: string; packed: string }[],
): Map<number, Map<string, PostingList>> {
  const lists = new Map<number, Map<string, PostingList>>();
  for (const { scope, term, packed } of rows) {
    const values = packed.split(',');
    const count = Math.floor(values.length / 3);
    const list = { seq: new Float64Array(count), tf: new Int32Array(count), len: new Int32Array(count) };
    let ordered = true;
    for (let i = 0; i < count; i += 1) {
      list.seq[i] = Number(values[3 * i]);
      list.tf[i] = Number(values[3 * i + 1]);
      list.len[i] = Number(values[3 * i + 2]);
      if (i > 0 && (list.seq[i] as number) < (list.seq[i - 1] as number)) ordered = false;
    }
    const byTerm = lists.get(scope) ?? new Map<string, PostingList>();
    byTerm.set(term, ordered ? list : inChunkOrder(list));
    lists.set(scope, byTerm);
  }
  return lists;
}

function inChunkOrder(list: PostingList): PostingList {
  const order = Array.from(list.seq.keys()).sort((x, y) => (list.seq[x] as number) - (list.seq[y] as number));
  return {
    seq: Float64Array.from(order, (i) => list.seq[i] as number),
    tf: Int32Array.from(order, (i) => list.tf[i] as number),
    len: Int32Array.from(order, (i) => list.len[i] as number),
  };
}
