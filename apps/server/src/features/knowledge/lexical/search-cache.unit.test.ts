import { describe, expect, it } from 'vitest';
import { type CachedChunk, SearchCache, packedLists } from './search-cache';

/** Frequencies and chunks in the search cache (its posting lists: max-score.unit.test.ts). */
describe('search cache: document frequencies and chunks', () => {
  const a = { id: 1, collectionId: 'c1', version: 3 };
  const b = { id: 2, collectionId: 'c2', version: 0 };
  /** df = scope id × 10 + the term's length; a term starting with "z" is in no scope. */
  const reader = () => {
    const asked: [number[], string[]][] = [];
    const read = async (scopes: number[], terms: string[]) => {
      asked.push([scopes, terms]);
      return new Map(
        scopes.map((id) => [
          id,
          new Map(terms.filter((term) => !term.startsWith('z')).map((term) => [term, id * 10 + term.length])),
        ]),
      );
    };
    return { asked, read };
  };

  it('sums over the scopes, reads only the pairs it lacks at their versions, and remembers absent terms too', async () => {
    const cache = new SearchCache(1024 * 1024);
    const { asked, read } = reader();
    expect(await cache.frequencies([a, b], ['x', 'yy', 'zz'], read)).toEqual(
      new Map([
        ['x', 11 + 21],
        ['yy', 12 + 22],
      ]),
    );
    expect(await cache.frequencies([a, b], ['x', 'zz'], read)).toEqual(new Map([['x', 32]]));
    expect(asked).toHaveLength(1);
    // Scope b moved on: only its pairs are read again.
    expect(await cache.frequencies([a, { ...b, version: 1 }], ['x', 'yy'], read)).toEqual(
      new Map([
        ['x', 32],
        ['yy', 34],
      ]),
    );
    expect(asked.slice(1)).toEqual([[[2], ['x', 'yy']]]);
  });

  it('counts what it found once, even when keeping what it read pushes that out in the same call', async () => {
    // Room for two entries: keeping "www" pushes out "x", found cached a moment before.
    const cache = new SearchCache(400);
    const { asked, read } = reader();
    await cache.frequencies([a], ['x', 'yy'], read);
    const expected = new Map([
      ['www', 13],
      ['x', 11],
      ['yy', 12],
      ['vvvv', 14],
    ]);
    expect(await cache.frequencies([a], ['www', 'x', 'yy', 'vvvv'], read)).toEqual(expected);
    expect(asked[1]).toEqual([[1], ['www', 'vvvv']]);
    expect(await cache.frequencies([a], ['www', 'x', 'yy', 'vvvv'], read)).toEqual(expected);
  });

  it('keeps chunks by sequence number within the budget, least recently used out first', () => {
    const chunk = (seq: number): CachedChunk => ({
      seq,
      chunk_id: `chunk-${seq}`,
      document_id: 'd1',
      collection_id: 'c1',
      user_id: 'u1',
      text: 'x'.repeat(100),
      page: null,
      heading_path: null,
    });
    // Each costs 400 + 2 × 100 bytes: room for three.
    const cache = new SearchCache(1800);
    for (const seq of [1, 2, 3]) cache.keepChunk(chunk(seq));
    expect([...cache.chunks([1, 2, 3, 4]).keys()]).toEqual([1, 2, 3]);
    cache.chunks([1]);
    cache.keepChunk(chunk(4));
    expect([...cache.chunks([1, 2, 3, 4]).keys()]).toEqual([1, 3, 4]);
    expect(cache.bytes).toBe(1800);
    expect(cache.chunks([4]).get(4)).toEqual(chunk(4));
  });
});

describe('search cache: packed posting lists', () => {
  const read = (packed: string) =>
    packedLists([{ scope: 7, term: 't', packed }])
      .get(7)
      ?.get('t');

  it('reads every posting of a packed list, long numbers too, and puts one that came out of order in chunk order', () => {
    const list = read('9007199254740,12,345,3,1,7,40,2,10');
    expect([...(list?.seq ?? [])]).toEqual([3, 40, 9007199254740]);
    expect([...(list?.tf ?? [])]).toEqual([1, 2, 12]);
    expect([...(list?.len ?? [])]).toEqual([7, 10, 345]);
    const many = Array.from({ length: 5000 }, (_, i) => `${i * 3},${(i % 7) + 1},${i % 400}`).join(',');
    const long = read(many);
    expect(long?.seq.length).toBe(5000);
    expect([long?.seq[4999], long?.tf[4999], long?.len[4999]]).toEqual([14997, 2, 199]);
  });

  it('refuses what is not a packed list', () => {
    expect(() => read('1,2,x')).toThrow('not a packed posting list');
    expect(read('')?.seq.length).toBe(0);
  });
});
