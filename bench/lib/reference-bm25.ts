import { queryIndexTerms, termCounts } from '../../apps/server/src/features/knowledge/lexical/analyzer';

/** The textbook reference's parameters (BEIR's Anserini/Lucene BM25 baseline uses the same). */
const K1 = 0.9;
const B = 0.4;

/**
 * A reference BM25 computed in the bench itself, over whole documents (title + text), with the same analysis
 * (Unicode words, lowercase, English stopwords, Porter): what Hearth's chunked, in-database ranking is held to.
 */
export class ReferenceBm25 {
  private readonly postings = new Map<string, [number, number][]>();
  private readonly lengths: number[] = [];
  private readonly avgdl: number;

  constructor(
    private readonly ids: string[],
    texts: string[],
  ) {
    texts.forEach((text, doc) => {
      const { tf, length } = termCounts(text);
      this.lengths.push(length);
      for (const [term, count] of tf) {
        const list = this.postings.get(term);
        if (list) list.push([doc, count]);
        else this.postings.set(term, [[doc, count]]);
      }
    });
    this.avgdl = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  /** Document ids, best first. */
  search(query: string, limit: number): string[] {
    const n = this.lengths.length;
    const scores = new Map<number, number>();
    for (const term of queryIndexTerms(query)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [doc, tf] of list) {
        const norm = tf + K1 * (1 - B + (B * (this.lengths[doc] as number)) / this.avgdl);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / norm);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([doc]) => this.ids[doc] as string);
  }
}
