import { describe, expect, it } from 'vitest';
import { byRarity, firstSplit, idf, restBound, splitFor } from './max-score';

const weights = (chunks: number, dfs: Record<string, number>) =>
  byRarity(Object.entries(dfs).map(([term, df]) => ({ term, df, idf: idf(chunks, df) })));

describe('max-score planning', () => {
  const ordered = weights(100_000, { the: 60_000, cell: 8_000, protein: 900, kinase: 40, p53: 12 });

  it('orders terms rarest first and bounds each by idf × (k1 + 1)', () => {
    expect(ordered.map((w) => w.term)).toEqual(['p53', 'kinase', 'protein', 'cell', 'the']);
    expect(restBound(ordered, 4, 1.2)).toBeCloseTo(2.2 * Math.log(1 + 40_000.5 / 60_000.5), 9);
    expect(restBound(ordered, 5, 1.2)).toBe(0);
  });

  it('first reads the rarest terms until their postings could fill the top k ten times', () => {
    expect(firstSplit(ordered, 10)).toBe(3); // 12 + 40 < 100 ≤ 12 + 40 + 900
    expect(firstSplit(ordered, 4)).toBe(2); // 12 + 40 ≥ 40
    expect(firstSplit(ordered, 1)).toBe(1); // 12 ≥ 10
    expect(firstSplit(ordered, 1000)).toBe(5);
  });

  it('then keeps just enough terms that the others together stay under the threshold', () => {
    const the = restBound(ordered, 4, 1.2);
    const cellAndThe = restBound(ordered, 3, 1.2);
    expect(splitFor(ordered, the + 0.001, 1.2)).toBe(4);
    expect(splitFor(ordered, cellAndThe + 0.001, 1.2)).toBe(3);
    expect(splitFor(ordered, the, 1.2)).toBe(5); // equal is not enough: a chunk of only "the" could tie
    expect(splitFor(ordered, 0, 1.2)).toBe(5);
  });

  it('reads a term in full when nearly every candidate would otherwise look it up', () => {
    const spread = weights(100_000, { a: 5_000, b: 6_000, c: 7_000, common: 50_000 });
    const justOverCommonAndC = restBound(spread, 2, 1.2) + 0.01;
    // Exact with a and b read, but a candidate holding either once (about its idf) still needs c: 11,000 lookups
    // against 7,000 postings; after c the step rules out single matches, and "common" has more postings.
    expect(splitFor(spread, justOverCommonAndC, 1.2)).toBe(3);
    const wellOver = restBound(spread, 2, 1.2) + (spread[1]?.idf ?? 0) * 1.01; // single matches ruled out
    expect(splitFor(spread, wellOver, 1.2)).toBe(2);
  });
});
