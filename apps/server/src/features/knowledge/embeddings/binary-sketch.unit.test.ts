import { describe, expect, it } from 'vitest';
import { SketchSet, bitsToBlob, signBits } from './binary-sketch';

const row = (seq: number, collectionId: string, values: number[]) => ({
  seq,
  collectionId,
  bits: bitsToBlob(signBits(values)),
});

describe('binary sketches', () => {
  it('packs one sign bit per dimension, across 32-bit words', () => {
    const values = Array.from({ length: 40 }, (_, i) => (i === 0 || i === 33 ? 0.5 : -0.1));
    expect(Array.from(signBits(values))).toEqual([1, 2]);
    expect(signBits([0, -0, 1])[0]).toBe(4); // zero is not positive
  });

  it('ranks by Hamming distance within the allowed collections, ties filled up to the count', () => {
    const dims = 40;
    const base = Array.from({ length: dims }, () => 1);
    const flip = (count: number) => base.map((value, i) => (i < count ? -value : value));
    const set = SketchSet.fromRows(
      [row(1, 'a', flip(5)), row(2, 'a', flip(0)), row(3, 'b', flip(1)), row(4, 'a', flip(2)), row(5, 'a', flip(2))],
      dims,
    );
    const query = signBits(base);
    expect(set.nearest(query, null, 3)).toEqual([2, 3, 4]); // 5 ties with 4 at distance 2: the first is taken
    expect(set.nearest(query, null, 5).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(set.nearest(query, ['a'], 2)).toEqual([2, 4]);
    expect(set.nearest(query, ['a'], 10).sort()).toEqual([1, 2, 4, 5]); // all allowed, none of b's
    expect(set.nearest(query, ['c'], 10)).toEqual([]);
  });

  it('shortlists long vectors by their first words, then picks by all of them', () => {
    const dims = 768;
    const base = Array.from({ length: dims }, (_, i) => (i % 3 === 0 ? -1 : 1));
    // Entry e differs from the query in `flips(e)` dimensions spread over the whole vector: 0-4 for the five
    // nearest, 40 or more for the rest.
    const flips = (entry: number) => (entry % 60 === 7 ? (entry - 7) / 60 : 40 + (entry % 50));
    const rows = Array.from({ length: 300 }, (_, entry) => {
      const values = base.map((value, i) => ((i * 7 + entry * 13) % dims < flips(entry) ? -value : value));
      return row(entry, 'a', values);
    });
    const set = SketchSet.fromRows(rows, dims);
    expect(set.nearest(signBits(base), null, 5).sort((a, b) => Number(a) - Number(b))).toEqual([7, 67, 127, 187, 247]);
  });
});
