import { chunkTermCounts } from './analyzer';

/**
 * Pseudo-relevance feedback for the results past the first page (issue 18: Recall@100 under the whole-document
 * reference). The best chunks of the first page are taken as relevant; the terms that carry most of their weight
 * (relevance model RM3, Lavrenko & Croft; each term's share of a chunk, weighted by the chunk's share of the
 * scores, times its idf as in Rocchio) are added to the query at a fraction of the weight of the user's own words.
 * The expanded query finds documents that say the same thing in other words. The first page itself stays the
 * original query's: feedback drifts toward whatever the first page is about, which costs precision at the top
 * (measured on SciFact and the DBPedia-Entity subset: nDCG@10 -0.004 to -0.034 when the whole list is expanded).
 */
export const FEEDBACK = {
  /** Documents of the original query's results kept as they are, and taken as relevant: the first page. */
  head: 10,
  /** Expansion terms added. */
  terms: 10,
  /**
   * Terms of the relevance model kept as candidates (the best by model weight), before idf picks the expansion
   * among them: fewer document frequencies to read, and a word that one feedback chunk holds once is not a topic
   * (50, 100 or all candidates chose the same on SciFact and the DBPedia-Entity subset).
   */
  candidates: 50,
  /** The user's own terms' share of the expanded query (RM3's λ). */
  original: 0.7,
} as const;

export interface FeedbackChunk {
  text: string;
  heading_path: string | null;
  /** Its BM25 score for the original query. */
  score: number;
}

/**
 * Candidate expansion terms of the feedback chunks (each document's best chunk), each with its relevance-model
 * weight: Σ over chunks of (tf / length) × (score / Σ scores); the FEEDBACK.candidates best. Chunks are analysed as
 * they were indexed.
 */
export function relevanceModel(chunks: FeedbackChunk[]): Map<string, number> {
  const total = chunks.reduce((sum, chunk) => sum + Math.max(0, chunk.score), 0);
  const model = new Map<string, number>();
  if (total <= 0) return model;
  for (const chunk of chunks) {
    const { tf, length } = chunkTermCounts(chunk.text, chunk.heading_path);
    if (length === 0) continue;
    const share = Math.max(0, chunk.score) / total;
    for (const [term, count] of tf) model.set(term, (model.get(term) ?? 0) + (count / length) * share);
  }
  return new Map([...model].sort(byWeight).slice(0, FEEDBACK.candidates));
}

/** Heaviest first, ties by term, so the same query always expands the same way. */
const byWeight = (a: readonly [string, number], b: readonly [string, number]): number =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The expanded query: each original term at weight FEEDBACK.original, the best FEEDBACK.terms candidates by model
 * weight × idf sharing the rest in proportion (so the expansion weighs as much in total as (1 - original) of the
 * original terms together). `idf` of a term the searched collections don't hold is 0: it is never chosen.
 */
export function expandedQuery(
  terms: string[],
  model: Map<string, number>,
  idf: (term: string) => number,
): Map<string, number> {
  const weights = new Map<string, number>(terms.map((term) => [term, FEEDBACK.original]));
  const chosen = [...model]
    .map(([term, weight]) => [term, weight * idf(term)] as const)
    .filter(([, weight]) => weight > 0)
    .sort(byWeight)
    .slice(0, FEEDBACK.terms);
  const sum = chosen.reduce((total, [, weight]) => total + weight, 0);
  for (const [term, weight] of chosen) {
    const share = ((1 - FEEDBACK.original) * terms.length * weight) / sum;
    weights.set(term, (weights.get(term) ?? 0) + share);
  }
  return weights;
}
