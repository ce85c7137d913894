import { describe, expect, it } from 'vitest';
import { bestShare, byRarity, idf, seek, topChunks } from './max-score';
import { type PostingList, SearchCache, emptyList, packedLists } from './search-cache';

/** A list from its postings (chunk, tf, length), in chunk order, through the database's packed form. */
const listOf = (postings: [number, number, number][]): PostingList =>
  packedLists([{ scope: 1, term: 't', packed: postings.flat().join(',') }])
    .get(1)
    ?.get('t') as PostingList;

/** Seeded, so every run is the same. */
function generator(start: number) {
  let seed = start;
  return () => (seed = (seed * 48271) % 2147483647) / 2147483647;
}

const norm = { a: 1.2 * 0.25, b: (1.2 * 0.75) / 8 };

/** Every chunk scored term by term: what pruning must reproduce exactly. */
function exhaustive(scopes: PostingList[][], weights: number[], limit: number, hidden: Set<number>) {
  const scores = new Map<number, number[]>();
  for (const lists of scopes) {
    lists.forEach((list, term) => {
      for (let i = 0; i < list.seq.length; i += 1) {
        const seq = list.seq[i] as number;
        const tf = list.tf[i] as number;
        const parts = scores.get(seq) ?? new Array<number>(weights.length).fill(0);
        parts[term] = ((weights[term] as number) * tf) / (tf + norm.a + norm.b * (list.len[i] as number));
        scores.set(seq, parts);
      }
    });
  }
  return [...scores]
    .filter(([seq]) => !hidden.has(seq))
    .map(([seq, parts]) => ({ seq, score: parts.reduce((sum, part) => sum + part, 0) }))
    .filter((chunk) => chunk.score > 0)
    .sort((x, y) => y.score - x.score || x.seq - y.seq)
    .slice(0, limit);
}

/** Random postings: `terms` lists over `chunks` chunks starting at `first`, common terms in most of them. */
function randomScope(random: () => number, first: number, chunks: number, terms: number): PostingList[] {
  const lengths = Array.from({ length: chunks }, () => 1 + Math.floor(random() * 16));
  return Array.from({ length: terms }, (_, term) => {
    const share = 0.9 / (term + 1) ** 1.5;
    return listOf(
      lengths.flatMap((len, i): [number, number, number][] =>
        random() < share ? [[first + i, 1 + Math.floor(random() * 3), len]] : [],
      ),
    );
  });
}

describe('max-score over posting lists', () => {
  it('orders terms rarest first, ties by term', () => {
    const ordered = byRarity(
      Object.entries({ the: 60_000, cell: 8_000, protein: 900, kinase: 40, p53: 12, p54: 12 }).map(([term, df]) => ({
        term,
        df,
        idf: idf(100_000, df),
      })),
    );
    expect(ordered.map((w) => w.term)).toEqual(['p53', 'p54', 'kinase', 'protein', 'cell', 'the']);
  });

  it('seeks the first chunk at or after a target, galloping from where it is', () => {
    const seq = Float64Array.from([2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(seek(seq, 0, 1)).toBe(0);
    expect(seek(seq, 0, 2)).toBe(0);
    expect(seek(seq, 0, 3)).toBe(1);
    expect(seek(seq, 0, 16)).toBe(7);
    expect(seek(seq, 2, 17)).toBe(8);
    expect(seek(seq, 3, 19)).toBe(9);
    expect(seek(seq, 9, 1)).toBe(9);
  });

  it('bounds a list by its largest contribution, remembered for the same constants', () => {
    const list = listOf([
      [1, 1, 2],
      [2, 3, 30],
      [3, 2, 4],
    ]);
    const share = (tf: number, len: number) => tf / (tf + norm.a + norm.b * len);
    expect(bestShare(list, norm)).toBe(Math.max(share(1, 2), share(3, 30), share(2, 4)));
    expect(list.best?.value).toBe(bestShare(list, norm));
    expect(bestShare(list, { a: 0, b: 0 })).toBe(1);
  });

  it('returns exactly the exhaustive top k, over several scopes, with weights, hidden chunks and exact ties', () => {
    const random = generator(17);
    for (let round = 0; round < 40; round += 1) {
      const terms = 1 + (round % 7);
      const scopes = [randomScope(random, 1, 300, terms), randomScope(random, 5000, 40 + round * 10, terms)];
      // A copy of the first scope's lists under other chunks: every one of its chunks ties with a copy exactly.
      if (round % 3 === 0) {
        scopes.push(
          (scopes[0] as PostingList[]).map((list) => ({ ...list, seq: list.seq.map((seq) => seq + 100_000) })),
        );
      }
      const weights = Array.from({ length: terms }, (_, t) => (0.2 + random() * 2) * (1 + t / 3));
      const hidden = new Set(Array.from({ length: 20 }, () => 1 + Math.floor(random() * 300)));
      for (const limit of [1, 3, 10, 60]) {
        const found = topChunks(scopes, weights, limit, norm, hidden);
        expect(found, `round ${round}, top ${limit}`).toEqual(exhaustive(scopes, weights, limit, hidden));
      }
    }
  });

  it('puts postings the database handed over out of order back in chunk order', () => {
    const list = listOf([
      [5, 1, 9],
      [2, 2, 8],
      [9, 3, 7],
    ]);
    expect([...list.seq]).toEqual([2, 5, 9]);
    expect([...list.tf]).toEqual([2, 1, 3]);
    expect([...list.len]).toEqual([8, 9, 7]);
  });

  it('skips terms of weight 0 and scopes without the terms', () => {
    const lists = randomScope(generator(3), 1, 50, 2);
    expect(topChunks([lists], [0, 0], 5, norm, new Set())).toEqual([]);
    expect(topChunks([[emptyList(), emptyList()]], [1, 1], 5, norm, new Set())).toEqual([]);
    expect(topChunks([lists], [1, 1], 0, norm, new Set())).toEqual([]);
  });
});

describe('postings cache', () => {
  const scope = { id: 1, collectionId: 'c1', version: 3 };
  /** Every scope holds every term it is asked for, once, in chunk scope × 100 + the letter's place (a 1, b 2). */
  const reader = () => {
    const asked: string[][] = [];
    const read = async (scopes: number[], terms: string[]) => {
      asked.push(terms);
      return packedLists(
        scopes.flatMap((id) =>
          terms.map((term) => ({ scope: id, term, packed: `${id * 100 + term.charCodeAt(0) - 96},1,5` })),
        ),
      );
    };
    return { asked, read };
  };
  const one = async (cache: SearchCache, terms: string[], read: ReturnType<typeof reader>['read'], at = scope) =>
    (await cache.lists([at], terms, read))[0] ?? [];

  it('reads only the terms it does not hold at the scope version, and again once the version moves', async () => {
    const cache = new SearchCache(1024 * 1024);
    const { asked, read } = reader();
    const first = await one(cache, ['a', 'b'], read);
    expect(first.map((list) => [...list.seq])).toEqual([[101], [102]]);
    expect(await one(cache, ['b', 'c'], read)).toHaveLength(2);
    expect(asked).toEqual([['a', 'b'], ['c']]);
    await one(cache, ['a', 'c'], read, { ...scope, version: 4 });
    // Another collection that got the same scope key (SQLite may reuse a deleted row's id) is read too.
    await one(cache, ['a'], read, { ...scope, version: 4, collectionId: 'c2' });
    expect(asked.slice(2)).toEqual([['a', 'c'], ['a']]);
  });

  it('reads what several scopes lack in one query, and hands each scope its own lists', async () => {
    const counts: number[][] = [];
    const cache = new SearchCache(1024 * 1024, (found, read, bytes) => counts.push([found, read, bytes]));
    const { asked, read } = reader();
    const other = { id: 2, collectionId: 'c2', version: 0 };
    await one(cache, ['a'], read);
    const both = await cache.lists([scope, other], ['a', 'b'], read);
    // The union of what any scope lacks: b (scope 1), then a and b (scope 2).
    expect(asked).toEqual([['a'], ['b', 'a']]);
    expect(both.map((lists) => lists.map((list) => [...list.seq]))).toEqual([
      [[101], [102]],
      [[201], [202]],
    ]);
    await cache.lists([scope, other], ['b', 'a'], read);
    expect(asked).toHaveLength(2);
    // Found cached and read per search, and the bytes held after it (4 lists of one posting each).
    expect(counts).toEqual([
      [0, 1, 216],
      [1, 3, 4 * 216],
      [4, 0, 4 * 216],
    ]);
    expect(cache.bytes).toBe(4 * 216);
  });

  it('keeps within its budget, the least recently used out first; with none it keeps nothing', async () => {
    const cache = new SearchCache(700);
    const { asked, read } = reader();
    await one(cache, ['a'], read);
    await one(cache, ['b'], read);
    await one(cache, ['c'], read);
    await one(cache, ['a'], read);
    await one(cache, ['d'], read);
    expect(cache.bytes).toBeLessThanOrEqual(700);
    await one(cache, ['a', 'b'], read);
    expect(asked).toEqual([['a'], ['b'], ['c'], ['d'], ['b']]);
    const none = new SearchCache(0);
    await one(none, ['a'], read);
    await one(none, ['a'], read);
    expect(none.bytes).toBe(0);
    expect(asked.slice(5)).toEqual([['a'], ['a']]);
  });
});
