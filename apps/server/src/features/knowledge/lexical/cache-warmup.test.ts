import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../../test/test-server';
import { ChunkIndexRepository } from '../chunk-index.repository';
import { warmPostings } from './cache-warmup.repository';
import { lexicalFixture } from './lexical-test-helpers';
import { SearchCache, listBytes } from './search-cache';

/**
 * The search cache's warm-up after a start (LEXICAL_CACHE_WARM_MB), on each database: the collections people
 * searched lately (their long lists, then their short ones), or the instance's longest lists while nobody has
 * searched, within the budget; searches then reading nothing, and nothing warmed trusted after its collection changed.
 */
describe(`search cache warm-up (${testDb})`, () => {
  let fixture: Awaited<ReturnType<typeof lexicalFixture>>;
  let owner: string;
  let shelf: string;
  let other: string;
  let crate: string;
  beforeAll(async () => {
    fixture = await lexicalFixture();
    owner = await fixture.user();
    shelf = await fixture.collection(owner);
    // pear in three chunks, plum in two, the rest in one.
    for (const text of ['pear plum fig', 'pear plum kiwi', 'pear lime', 'date']) await fixture.add(owner, shelf, text);
    other = await fixture.user();
    crate = await fixture.collection(other);
    // apple in four chunks, banana and cherry in one.
    for (const text of ['apple', 'apple banana', 'apple cherry', 'apple']) await fixture.add(other, crate, text);
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
    /** Searches one user's collection, and waits for the note that it was searched to be written. */
    const search = async (words: string[], [userId, collectionId] = [owner, shelf]) => {
      const hits = await index.search(userId, words, [collectionId], 10);
      await index.marksWritten();
      return hits.map((hit) => hit.file_name).sort();
    };
    const warm = (budget: number, signal = new AbortController().signal) =>
      warmPostings(fixture.db.kysely, fixture.db.dialect, cache, { budgetBytes: budget, signal, minPostings: 2 });
    return { cache, counts, search, warm };
  }

  const searchedAt = async () =>
    new Map(
      (
        await fixture.db.kysely
          .selectFrom('knowledge_lexical_scopes')
          .select(['collection_id', 'searched_at'])
          .where('collection_id', 'in', [shelf, crate])
          .execute()
      ).map((row) => [row.collection_id, row.searched_at]),
    );
  const setSearchedAt = async (collectionId: string, at: string | null) => {
    await fixture.db.kysely
      .updateTable('knowledge_lexical_scopes')
      .set({ searched_at: at })
      .where('collection_id', '=', collectionId)
      .execute();
  };

  it('with nobody searched, reads the longest lists first, as many as the budget holds; searches of them then read nothing', async () => {
    expect(await searchedAt()).toEqual(
      new Map([
        [shelf, null],
        [crate, null],
      ]),
    );
    const three = freshProcess();
    const all = listBytes(4) + listBytes(3) + listBytes(2);
    expect(await three.warm(all)).toEqual({ lists: 3, bytes: all });
    expect(three.cache.bytes).toBe(all);
    expect(await three.search(['pears', 'plum'])).toEqual(['pear lime.txt', 'pear plum fig.txt', 'pear plum kiwi.txt']);
    expect(three.counts).toEqual({ found: 2, read: 0 });
    await setSearchedAt(shelf, null);

    const two = freshProcess();
    expect(await two.warm(all - 1)).toEqual({ lists: 2, bytes: listBytes(4) + listBytes(3) });
    await two.search(['pear']);
    expect(two.counts).toEqual({ found: 1, read: 0 });
    await two.search(['plum']);
    expect(two.counts.read).toBe(1);
    await setSearchedAt(shelf, null);

    // The cache's own budget bounds it too; lists shorter than the least worth reading ahead are left out.
    const small = freshProcess(listBytes(4) + listBytes(3) - 1);
    expect((await small.warm(1024 * 1024)).lists).toBe(1);
    expect(await freshProcess().warm(listBytes(1))).toEqual({ lists: 0, bytes: 0 });
  });

  it('marks the collections a search read as searched, once an hour per process, without the search waiting', async () => {
    const first = freshProcess();
    await first.search(['pear']);
    expect((await searchedAt()).get(shelf)).not.toBeNull();
    expect((await searchedAt()).get(crate)).toBeNull();
    const old = '2026-01-01T00:00:00.000Z';
    await setSearchedAt(shelf, old);
    await first.search(['plum']);
    expect((await searchedAt()).get(shelf)).toBe(old);
    // Another process (or this one an hour later) writes it again.
    await freshProcess().search(['plum']);
    expect((await searchedAt()).get(shelf)).not.toBe(old);
  });

  it("reads only the searched collections' lists, most recent first, long before short", async () => {
    await setSearchedAt(crate, '2026-12-01T10:00:00.000Z');
    await setSearchedAt(shelf, '2026-12-01T11:00:00.000Z');
    // shelf (latest): pear 3, plum 2; crate: apple 4; then shelf's four one-chunk terms, then crate's two.
    const process = freshProcess();
    const long = listBytes(3) + listBytes(2) + listBytes(4);
    expect(await process.warm(long + 4 * listBytes(1))).toEqual({ lists: 7, bytes: long + 4 * listBytes(1) });
    await process.search(['pear', 'plum', 'fig', 'kiwi', 'lime', 'date']);
    await process.search(['apple'], [other, crate]);
    expect(process.counts).toEqual({ found: 7, read: 0 });
    await process.search(['banana'], [other, crate]);
    expect(process.counts.read).toBe(1);
    await setSearchedAt(crate, '2026-12-01T10:00:00.000Z');
    await setSearchedAt(shelf, '2026-12-01T11:00:00.000Z');

    // Only the latest collection's long lists fit: the other's longer list waits for a search.
    const tight = freshProcess();
    expect((await tight.warm(listBytes(3) + listBytes(2) + listBytes(1))).lists).toBe(3);
    await tight.search(['apple'], [other, crate]);
    expect(tight.counts.read).toBe(1);
    await setSearchedAt(shelf, '2026-12-01T11:00:00.000Z');

    // Once anyone has searched, a collection nobody searched is left to its first search.
    await setSearchedAt(crate, null);
    const rest = freshProcess();
    const shelfWhole = listBytes(3) + listBytes(2) + 4 * listBytes(1);
    expect(await rest.warm(1024 * 1024)).toEqual({ lists: 6, bytes: shelfWhole });
    await rest.search(['apple'], [other, crate]);
    expect(rest.counts.read).toBe(1);
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
    expect(await warmed.search(['pear'])).toEqual([
      'pear lime.txt',
      'pear plum fig.txt',
      'pear plum kiwi.txt',
      'pear tart.txt',
    ]);
    expect(warmed.counts.read).toBe(1);
  });
});
