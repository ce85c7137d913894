/**
 * What searches keep in memory between them (issue 18), least recently used first out, within one budget of
 * bytes (LEXICAL_CACHE_MB):
 * - Posting lists. A large collection's common terms have tens of thousands of postings each; read from the
 *   database on every search they cost more than all the scoring.
 * - Document frequencies of terms per collection (what idf and the feedback terms' choice need).
 * - Chunks: their text, page, heading and keys. A 100-document search shows snippets of up to 420 chunks; read
 *   from the database each time, their rows were the largest part of a small collection's search.
 * A list or frequency is trusted only while its scope (collection) is at the version it was read at: every
 * transaction that adds or removes postings of a scope, or changes its statistics, raises its version, and every
 * search reads the versions with the scopes, so nothing cached is older than what the database holds, on any
 * replica. Chunks never change once written (a sequence number is never used again), so they need no version;
 * whether their document is still there and ready, and its name, are read at every search.
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

/** A chunk as kept: what never changes once it is written. */
export interface CachedChunk {
  seq: number;
  chunk_id: string;
  document_id: string;
  collection_id: string;
  user_id: string;
  text: string;
  page: number | null;
  heading_path: string | null;
}

type Entry = { bytes: number } & (
  | { kind: 'list'; collectionId: string; version: number; list: PostingList }
  | { kind: 'df'; collectionId: string; version: number; df: number }
  | { kind: 'chunk'; chunk: CachedChunk }
);

/**
 * Reads the postings of `terms` in `scopes` from the database in one go, by scope, then term (a pair none holds:
 * absent or empty).
 */
export type ReadPostings = (scopes: number[], terms: string[]) => Promise<Map<number, Map<string, PostingList>>>;

/** Reads document frequencies of `terms` in `scopes`, by scope, then term (a pair none holds: absent). */
export type ReadFrequencies = (scopes: number[], terms: string[]) => Promise<Map<number, Map<string, number>>>;

/** What an entry costs beyond its arrays or strings (key, object headers): so empty lists count too. */
const ENTRY_BYTES = 200;
const BYTES_PER_POSTING = 16;

/** What a list of `postings` costs the cache's budget. */
export const listBytes = (postings: number): number => ENTRY_BYTES + postings * BYTES_PER_POSTING;

/** What a chunk costs (two bytes a character: the worst case of V8's strings, so the budget holds). */
const chunkBytes = (chunk: CachedChunk): number =>
  ENTRY_BYTES * 2 + 2 * (chunk.text.length + (chunk.heading_path?.length ?? 0));

export const emptyList = (): PostingList => ({
  seq: new Float64Array(0),
  tf: new Int32Array(0),
  len: new Int32Array(0),
});

/** After each search's look-up: lists it found cached, lists it read from the database, and the bytes now held. */
export type CacheCounts = (found: number, read: number, bytes: number) => void;

export class SearchCache {
  private readonly entries = new Map<string, Entry>();
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
    const key = listKey(scope.id, term);
    if (this.entries.has(key)) return false;
    this.keep(key, { kind: 'list', collectionId: scope.collectionId, version: scope.version, list, bytes: 0 });
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
        const entry = this.used(listKey(scope.id, term));
        if (entry?.kind === 'list' && current(entry, scope)) {
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
          const entry = { kind: 'list', collectionId: scope.collectionId, version: scope.version, list } as const;
          this.keep(listKey(scope.id, term), { ...entry, bytes: 0 });
        }
      }
    }
    this.counted?.(hits, scopes.length * terms.length - hits, this.held);
    return found.map((own) => terms.map((term) => own.get(term) ?? emptyList()));
  }

  /**
   * How many of the scopes' chunks hold each of `terms`, summed over the scopes (terms none holds are left out).
   * Frequencies cached at their scope's version are used; the others are read in one query, after the versions
   * (so never older than them), and kept.
   */
  async frequencies(scopes: ScopeVersion[], terms: string[], read: ReadFrequencies): Promise<Map<string, number>> {
    const sums = new Map<string, number>();
    const add = (term: string, df: number) => {
      if (df > 0) sums.set(term, (sums.get(term) ?? 0) + df);
    };
    const missing: [ScopeVersion, string][] = [];
    for (const scope of scopes) {
      for (const term of terms) {
        const entry = this.used(dfKey(scope.id, term));
        if (entry?.kind === 'df' && current(entry, scope)) add(term, entry.df);
        else missing.push([scope, term]);
      }
    }
    if (missing.length === 0) return sums;
    const loaded = await read(
      [...new Set(missing.map(([scope]) => scope.id))],
      [...new Set(missing.map(([, term]) => term))],
    );
    for (const [scope, term] of missing) {
      const df = loaded.get(scope.id)?.get(term) ?? 0;
      add(term, df);
      const entry = { kind: 'df', collectionId: scope.collectionId, version: scope.version, df } as const;
      this.keep(dfKey(scope.id, term), { ...entry, bytes: 0 });
    }
    return sums;
  }

  /** The chunks of `seqs` held (by sequence number); the others are the caller's to read and `keepChunk`. */
  chunks(seqs: number[]): Map<number, CachedChunk> {
    const found = new Map<number, CachedChunk>();
    for (const seq of seqs) {
      const entry = this.used(chunkKey(seq));
      if (entry?.kind === 'chunk') found.set(seq, entry.chunk);
    }
    return found;
  }

  keepChunk(chunk: CachedChunk): void {
    this.keep(chunkKey(chunk.seq), { kind: 'chunk', chunk, bytes: 0 });
  }

  /** The entry under `key`, made the most recently used. */
  private used(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  private keep(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.held -= old.bytes;
    }
    const bytes =
      entry.kind === 'list'
        ? listBytes(entry.list.seq.length)
        : entry.kind === 'df'
          ? ENTRY_BYTES
          : chunkBytes(entry.chunk);
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

/** Whether a list or frequency was read at the scope's version (and for the same collection). */
const current = (entry: { collectionId: string; version: number }, scope: ScopeVersion): boolean =>
  entry.collectionId === scope.collectionId && entry.version === scope.version;

const listKey = (scope: number, term: string) => `l${scope}\u0000${term}`;
const dfKey = (scope: number, term: string) => `f${scope}\u0000${term}`;
const chunkKey = (seq: number) => `c${seq}`;

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
    const list = unpacked(packed);
    const byTerm = lists.get(scope) ?? new Map<string, PostingList>();
    byTerm.set(term, inOrder(list) ? list : inChunkOrder(list));
    lists.set(scope, byTerm);
  }
  return lists;
}

const COMMA = 44;
const ZERO = 48;

/**
 * One packed list read digit by digit: a long list is hundreds of thousands of numbers, and splitting it into as
 * many strings first cost seven times as much (37 against 5 ms for 200,000 postings). Anything but digits and
 * commas is refused.
 */
function unpacked(packed: string): PostingList {
  let values = 1;
  for (let at = packed.indexOf(','); at !== -1; at = packed.indexOf(',', at + 1)) values += 1;
  const count = Math.floor(values / 3);
  const list = { seq: new Float64Array(count), tf: new Int32Array(count), len: new Int32Array(count) };
  const fields = [list.seq, list.tf, list.len];
  let value = 0;
  let field = 0;
  let index = 0;
  for (let i = 0; i <= packed.length && index < count; i += 1) {
    const code = i < packed.length ? packed.charCodeAt(i) : COMMA;
    if (code === COMMA) {
      (fields[field] as Float64Array | Int32Array)[index] = value;
      value = 0;
      field += 1;
      if (field === 3) {
        field = 0;
        index += 1;
      }
    } else {
      const digit = code - ZERO;
      if (digit < 0 || digit > 9) throw new Error(`not a packed posting list: ${packed.slice(0, 40)}`);
      value = value * 10 + digit;
    }
  }
  return list;
}

const inOrder = (list: PostingList): boolean => {
  for (let i = 1; i < list.seq.length; i += 1) if ((list.seq[i] as number) < (list.seq[i - 1] as number)) return false;
  return true;
};

function inChunkOrder(list: PostingList): PostingList {
  const order = Array.from(list.seq.keys()).sort((x, y) => (list.seq[x] as number) - (list.seq[y] as number));
  return {
    seq: Float64Array.from(order, (i) => list.seq[i] as number),
    tf: Int32Array.from(order, (i) => list.tf[i] as number),
    len: Int32Array.from(order, (i) => list.len[i] as number),
  };
}
