import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../../test/test-server';
import { ChunkIndexRepository } from '../chunk-index.repository';
import { warmPostings } from './cache-warmup.repository';
import { lexicalFixture } from './lexical-test-helpers';
import { SearchCache, listBytes } from './search-cache';

/**
 * The search cache's warm-up after a start (LEXICAL_CACHE_WARM_MB), on each database: the longest lists first
 * within the budget, searches then reading nothing, and nothing warmed trusted after its collection changed.
 */
describe(`search cache warm-up (${testDb})`, () => {
  let fixture: Awaited<ReturnType<typeof lexicalFixture>>;
  let owner: string;
  let shelf: string;
  beforeAll(async () => {
    fixture = await lexicalFixture();
    owner = await fixture.user();
    shelf = await fixture.collection(owner);
    // pear in three chunks, plum in two, the rest in one.
    for (const text of ['pear plum fig', 'pear plum kiwi', 'pear lime', 'date']) await fixture.add(owner, shelf, text);
  });
  afterAll(async () => {
    await fixture.close();
  });

  /** A cache as a fresh server process has it, the repository searching through it, and the lists it read. */
  function freshProcess(budgetBytes = 1024 * 1024) {
    const counts = { found: 0, read: 0 };
    const cache = new SearchCache(budgetBytes, (found, read) => {
      counts.found += found;
      counts.read += read;
    });
    const index = new ChunkIndexRepository(fixture.db.kysely, fixture.db.dialect, cache);
    const names = async (words: string[]) =>
      (await index.search(owner, words, [shelf], 10)).map((hit) => hit.file_name).sort();
    const warm = (budget: number, signal = new AbortController().signal) =>
      warmPostings(fixture.db.kysely, fixture.db.dialect, cache, { budgetBytes: budget, signal, minPostings: 2 });
    return { cache, counts, names, warm };
  }

  it('reads the longest lists first, as many as the budget holds, and searches of them then read nothing', async () => {
    const both = freshProcess();
    expect(await both.warm(listBytes(3) + listBytes(2))).toEqual({ lists: 2, bytes: listBytes(3) + listBytes(2) });
    expect(both.cache.bytes).toBe(listBytes(3) + listBytes(2));
    expect(await both.names(['pears', 'plum'])).toEqual(['pear lime.txt', 'pear plum fig.txt', 'pear plum kiwi.txt']);
    expect(both.counts).toEqual({ found: 2, read: 0 });

    const one = freshProcess();
    expect(await one.warm(listBytes(3) + listBytes(2) - 1)).toEqual({ lists: 1, bytes: listBytes(3) });
    await one.names(['pear']);
    expect(one.counts).toEqual({ found: 1, read: 0 });
    await one.names(['plum']);
    expect(one.counts.read).toBe(1);

    // The cache's own budget bounds it too; lists shorter than the least worth reading ahead are left out.
    const small = freshProcess(listBytes(3) + listBytes(2) - 1);
    expect((await small.warm(1024 * 1024)).lists).toBe(1);
    expect(await freshProcess().warm(listBytes(1))).toEqual({ lists: 0, bytes: 0 });
  });

  it('stops when the server closes, and a warmed list is read again once its collection changed', async () => {
    const closing = new AbortController();
    closing.abort();
    const stopped = freshProcess();
    expect(await stopped.warm(1024 * 1024, closing.signal)).toEqual({ lists: 0, bytes: 0 });
    expect(stopped.cache.bytes).toBe(0);

    const warmed = freshProcess();
    await warmed.warm(1024 * 1024);
    await fixture.add(owner, shelf, 'pear tart');
    expect(await warmed.names(['pear'])).toEqual([
      'pear lime.txt',
      'pear plum fig.txt',
      'pear plum kiwi.txt',
      'pear tart.txt',
    ]);
    expect(warmed.counts.read).toBe(1);
  });
});
