import { describe, expect, it } from 'vitest';
import { LOOKUP_COST, byRarity, firstSplit, idf, restBound, splitFor, survivors } from './max-score';

const weights = (chunks: number, dfs: Record<string, number>) =>
  byRarity(Object.entries(dfs).map(([term, df]) => ({ term, df, idf: idf(chunks, df) })));

describe('max-score planning', () => {
  const sqlite = { chunks: 100_000, lookup: LOOKUP_COST.sqlite };
  const postgres = { chunks: 100_000, lookup: LOOKUP_COST.postgres };
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
    expect(splitFor(ordered, the + 0.001, 1.2, sqlite)).toBe(4);
    expect(splitFor(ordered, cellAndThe + 0.001, 1.2, sqlite)).toBe(3);
    expect(splitFor(ordered, the, 1.2, sqlite)).toBe(5); // equal is not enough: a chunk of only "the" could tie
    expect(splitFor(ordered, 0, 1.2, sqlite)).toBe(5);
  });

  it('reads a term in full when looking it up would cost more', () => {
    const spread = weights(100_000, { a: 5_000, b: 6_000, c: 7_000, common: 50_000 });
    const justOverCommonAndC = restBound(spread, 2, 1.2) + 0.01;
    // Exact with a and b read, but every candidate holding either (11,000) would still look c up: its 7,000
    // postings cost less. After c, only chunks holding two of a, b, c could reach the threshold: a few hundred.
    expect(splitFor(spread, justOverCommonAndC, 1.2, sqlite)).toBe(3);
    expect(splitFor(spread, justOverCommonAndC, 1.2, postgres)).toBe(3);
    // Higher, only a's 5,000 chunks need c looked up: cheaper on SQLite, not where lookups cost 4.5 times more.
    const overB = restBound(spread, 2, 1.2) + (spread[1]?.idf ?? 0) * 1.01;
    expect(splitFor(spread, overB, 1.2, sqlite)).toBe(2);
    expect(splitFor(spread, overB, 1.2, postgres)).toBe(3);
  });

  it('estimates the candidates over a floor from single terms and pairs', () => {
    const [a, b, c] = weights(100_000, { a: 5_000, b: 6_000, c: 7_000 });
    if (!a || !b || !c) throw new Error('weights');
    expect(survivors([a, b], 0, 100_000)).toBe(11_000);
    expect(survivors([a, b], a.idf, 100_000)).toBe(5_000);
    expect(survivors([a, b, c], b.idf + 0.01, 100_000)).toBeCloseTo(5_000 + (6_000 * 7_000) / 100_000, 6);
    expect(survivors([a, b, c], a.idf + b.idf + 0.01, 100_000)).toBe(0);
  });
});
