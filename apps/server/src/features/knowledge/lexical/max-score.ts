/**
 * Max-score pruning for BM25 (Turtle & Flood), planned from document frequencies alone (issue 18). A term's
 * contribution to a chunk's score is idf × tf × (k1 + 1) / (tf + k1 × norm), always below idf × (k1 + 1); so once
 * `threshold` (a lower bound on the k-th best score) exceeds the summed bounds of the most common terms, a chunk
 * holding none of the other ("essential") terms can't reach the top k. Only the essential terms' postings are
 * read in full; the common terms are looked up for the few chunks that might still make it.
 */
export interface TermWeight {
  term: string;
  df: number;
  /** The term's idf times its weight in the query (1 for a user's own words). */
  idf: number;
}

/** Robertson–Spärck Jones idf as Lucene computes it: never negative. */
export const idf = (chunks: number, df: number): number => Math.log(1 + (chunks - df + 0.5) / (df + 0.5));

/** Rarest first (highest idf), ties by term so every plan is the same for the same query. */
export function byRarity(weights: TermWeight[]): TermWeight[] {
  return [...weights].sort((a, b) => b.idf - a.idf || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** The most a term can add to any chunk's score. */
const upperBound = (weight: TermWeight, k1: number): number => weight.idf * (k1 + 1);

/** How much the terms after the first `essential` (rarest first) can add together. */
export function restBound(ordered: TermWeight[], essential: number, k1: number): number {
  return ordered.slice(essential).reduce((sum, weight) => sum + upperBound(weight, k1), 0);
}

/**
 * The first guess: the rarest terms until their postings could fill the top `limit` several times over, so the
 * best of their chunks, completed, give a useful threshold. Returns how many of `ordered` are essential (all of them when the
 * query's terms are all rare).
 */
export function firstSplit(ordered: TermWeight[], limit: number): number {
  const enough = limit * CANDIDATES_PER_RESULT;
  let postings = 0;
  for (let i = 0; i < ordered.length; i += 1) {
    postings += (ordered[i] as TermWeight).df;
    if (postings >= enough) return i + 1;
  }
  return ordered.length;
}

/**
 * What looking a term up for one chunk costs, in postings read in a term's range (the primary key, scope, term,
 * chunk). Measured at 100,000 chunks: about 0.9 against 0.75 µs on SQLite; on PostgreSQL 4-5 µs (under EXPLAIN
 * ANALYZE) against about 1 µs aggregated, and of 1.2, 2 and 4.5, 4.5 gave the fastest searches there.
 */
export const LOOKUP_COST = { sqlite: 1.2, postgres: 4.5 } as const;

export interface SplitCost {
  /** The searched scopes' chunks. */
  chunks: number;
  /** LOOKUP_COST of the database. */
  lookup: number;
}

/**
 * The essential terms for this threshold: the fewest that make the search exact (the rest's bounds must sum to
 * less than it, strictly, so a chunk outside the candidates can't even tie the k-th); then more, rarest first,
 * while reading the next term's postings costs less than looking it up for the candidates that would still need
 * it (exact either way: only the cost changes).
 */
export function splitFor(ordered: TermWeight[], threshold: number, k1: number, cost: SplitCost): number {
  let essential = 1;
  while (essential < ordered.length && restBound(ordered, essential, k1) >= threshold) essential += 1;
  while (essential < ordered.length) {
    const floor = threshold - restBound(ordered, essential, k1);
    const lookups = survivors(ordered.slice(0, essential), floor, cost.chunks);
    if ((ordered[essential] as TermWeight).df >= cost.lookup * lookups) break;
    essential += 1;
  }
  return essential;
}

/**
 * About how many chunks score at least `floor` over the `read` terms: a chunk holding a term once, at the average
 * length, scores its idf; those of a term whose idf reaches the floor, and those of pairs of terms that reach it
 * together (as if terms were independent: df × df / chunks).
 */
export function survivors(read: TermWeight[], floor: number, chunks: number): number {
  let count = 0;
  read.forEach((a, i) => {
    if (a.idf >= floor) {
      count += a.df;
      return;
    }
    for (const b of read.slice(i + 1)) if (b.idf < floor && a.idf + b.idf >= floor) count += (a.df * b.df) / chunks;
  });
  return count;
}

/** Postings of the essential terms per wanted result before the first threshold is trusted. */
const CANDIDATES_PER_RESULT = 10;
