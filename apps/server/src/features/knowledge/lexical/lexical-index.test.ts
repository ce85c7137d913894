import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../../test/test-server';
import type { Db } from '../../../db/database';
import type { KyselyUnitOfWork } from '../../../db/unit-of-work';
import { BM25, ChunkIndexRepository, type DocumentTotals } from '../chunk-index.repository';
import type { KnowledgeRepository } from '../knowledge.repository';
import { analyzeWords, termCounts } from './analyzer';
import { lexicalFixture } from './lexical-test-helpers';
import { readPostings } from './bm25-search.repository';
import { SearchCache } from './search-cache';

/**
 * The lexical index on the real database (run on SQLite and on PostgreSQL with the same expectations, so both
 * rank identically): BM25 scores checked against hand-computed values, statistics per searched scope, only ready
 * documents visible, and deletion removing postings and statistics.
 */
describe(`lexical index: BM25 in the database (${testDb})`, () => {
  let fixture: Awaited<ReturnType<typeof lexicalFixture>>;
  let db: Db;
  let uow: KyselyUnitOfWork;
  let index: ChunkIndexRepository;
  let documents: KnowledgeRepository;
  let writtenTotals: Map<string, DocumentTotals>;
  const user = () => fixture.user();
  const collection = (userId: string) => fixture.collection(userId);
  const add = (...args: Parameters<typeof fixture.add>) => fixture.add(...args);

  beforeAll(async () => {
    fixture = await lexicalFixture();
    ({ db, uow, index, documents, writtenTotals } = fixture);
  });
  afterAll(async () => {
    await fixture.close();
  });

  /** Zipf-like words: "common" terms in most chunks, rare ones in a few, seeded so every run is the same. */
  function zipf(start: number) {
    let seed = start;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const vocabulary = Array.from(
      { length: 60 },
      (_, i) => `word${String.fromCharCode(97 + (i % 26))}${'x'.repeat(Math.floor(i / 26))}`,
    );
    const pick = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)] as string;
    return { random, pick };
  }

  const scores = async (userId: string, query: string, collections: string[] | null = null, limit = 10) =>
    (await index.search(userId, query.split(' '), collections, limit)).map((hit) => [
      hit.file_name.replace(/\.txt$/, ''),
      Number(hit.score.toFixed(6)),
    ]);

  it('computes BM25 (k1 1.2, b 0.75, idf ln(1 + (N - df + 0.5) / (df + 0.5))) as worked out by hand', async () => {
    const owner = await user();
    const shelf = await collection(owner);
    await add(owner, shelf, 'apple banana apples'); // apple ×2, banana; length 3
    await add(owner, shelf, 'apple cherry'); // length 2
    await add(owner, shelf, 'banana cherry cherries date'); // length 4; N = 3, avgdl = 3
    // apple: df 2, idf = ln(1 + 1.5 / 2.5) = ln 1.6 = 0.470004.
    // "apple banana apples": 0.470004 × 2 × 2.2 / (2 + 1.2 × (0.25 + 0.75 × 3/3)) = 0.646255
    // "apple cherry":        0.470004 × 1 × 2.2 / (1 + 1.2 × (0.25 + 0.75 × 2/3)) = 0.544215
    expect(await scores(owner, 'apples')).toEqual([
      ['apple banana apples', 0.646255],
      ['apple cherry', 0.544215],
    ]);
    // cherry: df 2 (same idf); date: df 1, idf = ln(1 + 2.5 / 1.5) = 0.980829.
    // "banana cherry cherries date": 0.470004 × 2 × 2.2 / (2 + 1.2 × (0.25 + 0.75 × 4/3)) + 0.980829 × 2.2 /
    //   (1 + 1.2 × 1.25) = 0.590862 + 0.863130 = 1.453991
    expect(await scores(owner, 'cherry date')).toEqual([
      ['banana cherry cherries date', 1.453991],
      ['apple cherry', 0.544215],
    ]);
  });

  it('finds terms outside ASCII, whose keys compare byte by byte', async () => {
    const owner = await user();
    const texts = ['café in Zürich', 'Zürich zebra', '東京 café naïve', 'zebra Ωmega'];
    const inside = await collection(owner);
    for (const text of texts) await add(owner, inside, text);
    for (const [query, found] of [
      ['zürich', ['café in Zürich', 'Zürich zebra']],
      ['東京', ['東京 café naïve']],
      ['ωmega naïve', ['東京 café naïve', 'zebra Ωmega']],
    ] as const) {
      const hits = (await scores(owner, query, [inside])).map(([name]) => name);
      expect([...hits].sort()).toEqual([...found].sort());
    }
  });

  it('searches with as many terms as a query keeps (64), each read in its own branch', async () => {
    const owner = await user();
    const shelf = await collection(owner);
    const words = Array.from({ length: 64 }, (_, i) => `term${i}x`);
    await add(owner, shelf, words.join(' '));
    for (const [i, word] of words.entries()) await add(owner, shelf, `${word} filler${i}`);
    const hits = await index.search(owner, words, [shelf], 10);
    expect(hits).toHaveLength(10);
    expect(hits[0]?.file_name).toBe(`${words.join(' ')}.txt`);
    expect(new Set(hits.map((hit) => hit.document_id)).size).toBe(10);
  });

  it('publishes several documents at once with the same statistics and scores as one at a time', async () => {
    const owner = await user();
    const [oneByOne, together] = [await collection(owner), await collection(owner)];
    const texts = ['apple banana apple', 'banana cherry', 'cherry cherry date apple'];
    for (const text of texts) await add(owner, oneByOne, text);
    const scope = await uow.run((tx) => index.ensureScope(tx, together));
    const totals: { documentId: string; totals: DocumentTotals }[] = [];
    for (const text of texts) {
      const documentId = await add(owner, together, text, false);
      totals.push({ documentId, totals: writtenTotals.get(documentId) as DocumentTotals });
    }
    await uow.run(async (tx) => {
      for (const { documentId } of totals) await documents.updateDocument(documentId, { status: 'ready' }, tx);
      await index.publishDocuments(tx, scope, totals);
    });
    const stats = async (collectionId: string) => {
      const found = await db.kysely
        .selectFrom('knowledge_lexical_scopes as s')
        .leftJoin('knowledge_term_stats as t', 't.scope', 's.id')
        .select(['s.chunk_count', 's.total_length', 't.term', 't.df'])
        .where('s.collection_id', '=', collectionId)
        .orderBy('t.term')
        .execute();
      return found.map((row) => [Number(row.chunk_count), Number(row.total_length), row.term, Number(row.df)]);
    };
    expect(await stats(together)).toEqual(await stats(oneByOne));
    expect((await stats(together)).length).toBe(4);
    for (const query of ['apple', 'cherry date', 'banana apple']) {
      const first = await scores(owner, query, [oneByOne]);
      expect(first.length).toBeGreaterThan(0);
      expect((await scores(owner, query, [together])).map(([, score]) => score)).toEqual(
        first.map(([, score]) => score),
      );
    }
  });

  it("counts statistics over the searched collections only: other users' documents never change a score", async () => {
    const owner = await user();
    const mine = await collection(owner);
    await add(owner, mine, 'solar panels on the roof');
    await add(owner, mine, 'solar energy storage in batteries');
    await add(owner, mine, 'wind turbines');
    const before = await scores(owner, 'solar batteries');
    expect(before.map(([name]) => name)).toEqual(['solar energy storage in batteries', 'solar panels on the roof']);

    const stranger = await user();
    const theirs = await collection(stranger);
    for (let i = 0; i < 30; i += 1) await add(stranger, theirs, `solar batteries solar ${i}`);
    expect(await scores(owner, 'solar batteries')).toEqual(before);
    expect((await scores(stranger, 'solar batteries')).length).toBe(10);
    // The owner's own second collection is another scope: searching the first alone ignores it.
    const other = await collection(owner);
    await add(owner, other, 'solar solar solar');
    expect(await scores(owner, 'solar batteries', [mine])).toEqual(before);
    expect((await scores(owner, 'solar', [other])).map(([name]) => name)).toEqual(['solar solar solar']);
  });

  it('shows a document only once it is ready, and deleting one removes its postings and statistics', async () => {
    const owner = await user();
    const shelf = await collection(owner);
    await add(owner, shelf, 'apple banana apples');
    await add(owner, shelf, 'apple cherry');
    await add(owner, shelf, 'banana cherry cherries date');
    const expected = await scores(owner, 'apples');

    // Half-written: chunks and postings exist, but neither the results nor the statistics include them.
    const pending = await add(owner, shelf, 'apple apple apple pie', false);
    expect(await scores(owner, 'apples')).toEqual(expected);
    // Its chunk scores best for "apples", yet a search for two still fills both places with ready documents.
    expect(await scores(owner, 'apples', null, 2)).toEqual(expected.slice(0, 2));

    const extra = await add(owner, shelf, 'apple tart');
    expect(await scores(owner, 'apples')).not.toEqual(expected);
    await uow.run(async (tx) => {
      await index.removeDocument(tx, extra);
      await documents.deleteDocument(owner, extra, tx);
    });
    await uow.run((tx) => index.removeDocument(tx, pending));
    expect(await scores(owner, 'apples')).toEqual(expected);
    const left = await db.kysely
      .selectFrom('knowledge_postings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('term', 'in', ['tart', 'pie'])
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    const stats = await db.kysely
      .selectFrom('knowledge_lexical_scopes')
      .select(['chunk_count', 'total_length'])
      .where('collection_id', '=', shelf)
      .executeTakeFirstOrThrow();
    expect([Number(stats.chunk_count), Number(stats.total_length)]).toEqual([3, 9]);
  });

  it('prunes common terms (max-score) yet returns exactly the exhaustive BM25 top k, after deletions and with weighted terms', async () => {
    const owner = await user();
    const shelf = await collection(owner);
    const { random, pick } = zipf(7);
    const texts = Array.from(
      { length: 120 },
      (_, i) => `${Array.from({ length: 4 + Math.floor(random() * 12) }, pick).join(' ')} n${i}`,
    );
    const ids: string[] = [];
    for (const text of texts) ids.push(await add(owner, shelf, text));
    const removed = new Set([3, 17, 40, 41, 99]);
    await uow.run(async (tx) => {
      for (const i of removed) {
        await index.removeDocument(tx, ids[i] as string);
        await documents.deleteDocument(owner, ids[i] as string, tx);
      }
    });

    const kept = texts.filter((_, i) => !removed.has(i)).map((text) => ({ text, ...termCounts(text) }));
    const avgdl = kept.reduce((sum, doc) => sum + doc.length, 0) / kept.length;
    const exhaustive = (query: string, k: number, weight: (term: string) => number = () => 1) => {
      const terms = [...new Set(query.split(' ').flatMap((word) => [...termCounts(word).tf.keys()]))];
      const idf = new Map(
        terms.map((term) => {
          const df = kept.filter((doc) => doc.tf.has(term)).length;
          return [term, Math.log(1 + (kept.length - df + 0.5) / (df + 0.5))];
        }),
      );
      return kept
        .map((doc) => ({
          name: doc.text,
          score: terms.reduce((sum, term) => {
            const tf = doc.tf.get(term) ?? 0;
            const norm = 1 - BM25.b + (BM25.b * doc.length) / avgdl;
            return sum + (weight(term) * (idf.get(term) ?? 0) * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * norm);
          }, 0),
        }))
        .filter((doc) => doc.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, k)
        .map((doc) => [doc.name, Number(doc.score.toFixed(6))]);
    };
    const byScore = (rows: (string | number)[][]) =>
      [...rows].sort((a, b) => Number(b[1]) - Number(a[1]) || String(a[0]).localeCompare(String(b[0])));
    for (let q = 0; q < 25; q += 1) {
      const query = Array.from({ length: 2 + (q % 5) }, pick).join(' ');
      for (const k of [1, 3, 10]) {
        const found = (await index.search(owner, query.split(' '), null, k)).map((hit) => [
          hit.file_name.replace(/\.txt$/, ''),
          Number(hit.score.toFixed(6)),
        ]);
        expect(byScore(found), `${query} top ${k}`).toEqual(byScore(exhaustive(query, k)));
      }
    }
    // Terms weighted in the query (feedback terms weigh less than the user's own): each contribution scaled.
    const scopes = await index.scopesFor(owner, null);
    if (!scopes) throw new Error('the collection holds chunks');
    for (let q = 0; q < 15; q += 1) {
      const query = Array.from({ length: 2 + (q % 6) }, pick).join(' ');
      const terms = [...new Set(query.split(' ').flatMap((word) => [...termCounts(word).tf.keys()]))];
      const weight = (term: string) => 0.1 + ((terms.indexOf(term) * 7 + q) % 10) / 5;
      for (const k of [1, 3, 10]) {
        const hits = await index.searchIn(scopes, new Map(terms.map((term) => [term, weight(term)])), k);
        const found = hits.map((hit) => [hit.file_name.replace(/\.txt$/, ''), Number(hit.score.toFixed(6))]);
        expect(byScore(found), `${query} weighted, top ${k}`).toEqual(byScore(exhaustive(query, k, weight)));
      }
    }
    // The document frequencies kept for pruning match the postings left.
    const stats = await db.kysely
      .selectFrom('knowledge_term_stats as t')
      .innerJoin('knowledge_lexical_scopes as s', 's.id', 't.scope')
      .select(['t.term', 't.df'])
      .where('s.collection_id', '=', shelf)
      .execute();
    const counted = new Map<string, number>();
    for (const doc of kept) for (const term of doc.tf.keys()) counted.set(term, (counted.get(term) ?? 0) + 1);
    expect(new Map(stats.map((row) => [row.term, Number(row.df)]))).toEqual(counted);
  });

  it("re-reads cached posting lists once another replica's transaction changes the collection", async () => {
    const owner = await user();
    const shelf = await collection(owner);
    await add(owner, shelf, 'apple banana');
    await add(owner, shelf, 'apple cherry');
    const cache = new SearchCache(1024 * 1024);
    const replica = new ChunkIndexRepository(db.kysely, db.dialect, cache);
    const names = async () => (await replica.search(owner, ['apples'], [shelf], 10)).map((hit) => hit.file_name);
    expect((await names()).sort()).toEqual(['apple banana.txt', 'apple cherry.txt']);
    expect(cache.bytes).toBeGreaterThan(0);
    // Written through the other repository (another process): its postings and the version move together.
    const tart = await add(owner, shelf, 'apple apple tart');
    expect(await names()).toEqual(['apple apple tart.txt', 'apple banana.txt', 'apple cherry.txt']);
    const pending = await add(owner, shelf, 'apple apple apple pie', false);
    expect(await names()).toHaveLength(3);
    await uow.run(async (tx) => {
      await index.removeDocument(tx, tart);
      await documents.deleteDocument(owner, tart, tx);
      await index.removeDocument(tx, pending);
    });
    expect((await names()).sort()).toEqual(['apple banana.txt', 'apple cherry.txt']);
    // Without a cache the same scores.
    const uncached = new ChunkIndexRepository(db.kysely, db.dialect);
    const scored = async (repository: ChunkIndexRepository) =>
      (await repository.search(owner, ['apple', 'cherry'], [shelf], 10)).map((hit) => [hit.chunk_id, hit.score]);
    expect(await scored(uncached)).toEqual(await scored(replica));
  });

  it("keeps chunks and frequencies between searches, yet shows documents' names and readiness as they are now", async () => {
    const owner = await user();
    const shelf = await collection(owner);
    const first = await add(owner, shelf, 'pear plum');
    await add(owner, shelf, 'pear fig');
    await add(owner, shelf, 'pear kiwi');
    const cache = new SearchCache(1024 * 1024);
    const replica = new ChunkIndexRepository(db.kysely, db.dialect, cache);
    const scopes = async () => {
      const found = await replica.scopesFor(owner, [shelf]);
      if (!found) throw new Error('no scope');
      return found;
    };
    const hits = async (documentsWanted?: number) =>
      await replica.searchIn(await scopes(), new Map([['pear', 1]]), 10, { documents: documentsWanted });
    const seqs = async () =>
      (await db.kysely.selectFrom('knowledge_chunks').select('seq').where('collection_id', '=', shelf).execute()).map(
        (row) => Number(row.seq),
      );
    expect(await hits()).toHaveLength(3);
    expect(cache.chunks(await seqs()).size).toBe(3);

    // Held chunks, but their documents' and collection's names are read as they are now.
    await db.kysely
      .updateTable('knowledge_documents')
      .set({ file_name: 'renamed.txt' })
      .where('id', '=', first)
      .execute();
    await db.kysely.updateTable('knowledge_collections').set({ name: 'Fruit' }).where('id', '=', shelf).execute();
    const renamed = await hits();
    expect(renamed.map((hit) => hit.file_name)).toContain('renamed.txt');
    expect(new Set(renamed.map((hit) => hit.collection_name))).toEqual(new Set(['Fruit']));

    // A document no longer ready (its chunks still held and scored) is left out; asked for two documents, the
    // search reads further than the first two to find two ready ones.
    await documents.updateDocument(first, { status: 'processing' });
    const withoutFirst = await hits(2);
    expect(withoutFirst.map((hit) => hit.document_id)).not.toContain(first);
    expect(new Set(withoutFirst.map((hit) => hit.document_id)).size).toBe(2);
    await documents.updateDocument(first, { status: 'ready' });

    // Frequencies are kept at the collection's version. A document's chunks are written (the version rises) before
    // it counts; publishing it raises the version again, so they are read again.
    const jam = await add(owner, shelf, 'fig jam', false);
    const frequencies = async () => await replica.frequencies(await scopes(), ['pear', 'fig']);
    expect(await frequencies()).toEqual(
      new Map([
        ['pear', 3],
        ['fig', 1],
      ]),
    );
    const scope = (await scopes()).ids[0] as number;
    await uow.run(async (tx) => {
      await documents.updateDocument(jam, { status: 'ready', progress: 1 }, tx);
      await index.publishDocuments(tx, scope, [{ documentId: jam, totals: writtenTotals.get(jam) as DocumentTotals }]);
    });
    expect(await frequencies()).toEqual(
      new Map([
        ['pear', 3],
        ['fig', 2],
      ]),
    );
  });

  it('keeps documents that tie exactly (copies) when the threshold is one of their own scores', async () => {
    const owner = await user();
    const shelf = await collection(owner);
    const { random, pick } = zipf(23);
    const sentence = (words: number) => Array.from({ length: words }, pick).join(' ');
    for (let i = 0; i < 150; i += 1) await add(owner, shelf, `${sentence(4 + Math.floor(random() * 12))} z${i}`);
    const copied = Array.from({ length: 12 }, () => sentence(10));
    for (const text of copied) for (let copy = 0; copy < 12; copy += 1) await add(owner, shelf, text);
    for (const text of copied) {
      const words = [...new Set(text.split(' '))];
      const everything = await index.search(owner, words, null, 1000);
      for (const k of [5, 10]) {
        const some = await index.search(owner, words, null, 4 * k + 20);
        const best = (hits: { score: number }[]) => hits.slice(0, k).map((hit) => hit.score.toFixed(6));
        expect(best(some), `${text} top ${k}`).toEqual(best(everything));
      }
    }
  });

  it('reads the same lists when a long read is shared out over connections as in one statement', async () => {
    const owner = await user();
    const shelf = await collection(owner);
    const { random, pick } = zipf(31);
    for (let i = 0; i < 40; i += 1) {
      await add(owner, shelf, Array.from({ length: 5 + Math.floor(random() * 20) }, pick).join(' '));
    }
    const { id } = await db.kysely
      .selectFrom('knowledge_lexical_scopes')
      .select('id')
      .where('collection_id', '=', shelf)
      .executeTakeFirstOrThrow();
    const terms = analyzeWords(Array.from({ length: 40 }, pick));
    const whole = await readPostings(db.kysely, db.dialect, [Number(id)], terms);
    // Frequencies as large as a big collection's: PostgreSQL reads them on two connections.
    const large = new Map(terms.map((term, i) => [term, 10_000 * (i + 1)]));
    const split = await readPostings(db.kysely, db.dialect, [Number(id)], terms, large);
    const plain = (lists: typeof whole) =>
      [...(lists.get(Number(id)) ?? [])]
        .map(([term, list]) => [term, [...list.seq], [...list.tf], [...list.len]] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1));
    expect(plain(whole).length).toBeGreaterThan(5);
    expect(plain(split)).toEqual(plain(whole));
  });
});
