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
 * The essential terms for this threshold: the fewest that make the search exact (the rest's bounds must sum to
 * less than it, strictly, so a chunk outside the candidates can't even tie the k-th); then more, rarest first,
 * while reading a term's postings costs less than looking it up for the candidates, which is when nearly all of
 * them would still need it: a chunk matching one essential term once scores about that term's idf, so while the
 * threshold minus the bound of the terms from here on is under the smallest essential idf, hardly a candidate is
 * ruled out, and there are about as many lookups as the essential terms have postings.
 */
export function splitFor(ordered: TermWeight[], threshold: number, k1: number): number {
  let essential = 1;
  while (essential < ordered.length && restBound(ordered, essential, k1) >= threshold) essential += 1;
  while (essential < ordered.length && cheaperToRead(ordered, essential, threshold, k1)) essential += 1;
  return essential;
}

function cheaperToRead(ordered: TermWeight[], essential: number, threshold: number, k1: number): boolean {
  const read = ordered.slice(0, essential);
  const weakest = Math.min(...read.map((weight) => weight.idf));
  const lookups = read.reduce((sum, weight) => sum + weight.df, 0);
  const next = ordered[essential] as TermWeight;
  return threshold - restBound(ordered, essential, k1) < weakest && next.df < lookups;
}

/** Postings of the essential terms per wanted result before the first threshold is trusted. */
const CANDIDATES_PER_RESULT = 10;
