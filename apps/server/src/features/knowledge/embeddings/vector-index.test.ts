/**
 * The approximate vector indexes on the real databases: HNSW (pgvector, built by CI) on PostgreSQL, sign-bit
 * sketches re-scored exactly on SQLite; checked against exact search and the exact-in-JavaScript fallback.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, testDb } from '../../../../test/test-server';
import { KyselyUnitOfWork } from '../../../db/unit-of-work';
import { createCollection } from '../knowledge-test-helpers';
import { normalize } from './vector-math';
import { type VectorScope, VectorSearchRepository } from './vector-search.repository';
import { VectorRepository } from './vector.repository';

/** As small embedding models have (sign-bit sketches of fewer dimensions are too coarse to be useful). */
const DIMS = 128;
const MODEL = 'ollama:index-test';
/**
 * Far more vectors per user than the SQLite coarse pass keeps (256), so it really prunes; and enough that
 * PostgreSQL's planner prefers the HNSW index to a sequential scan (it does from about 4,000 rows).
 */
const PER_COLLECTION = 2500;

/** Deterministic Gaussian clusters: neighbours are well defined, as with real embeddings of similar texts. */
function clusteredVectors(
  count: number,
  clusters: number,
  seed: number,
): { vectors: Float32Array[]; centers: number[][] } {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
  const centers = Array.from({ length: clusters }, () => Array.from({ length: DIMS }, gaussian));
  const vectors = Array.from({ length: count }, (_, i) =>
    normalize((centers[i % clusters] as number[]).map((value) => value + gaussian() * 0.8)),
  );
  return { vectors, centers };
}

describe(`approximate vector index (${testDb})`, () => {
  let server: TestServer;
  let search: VectorSearchRepository;
  let vectors: VectorRepository;
  const docs: { id: string; collectionId: string; userId: string }[] = [];
  let aliceId = '';
  let bobId = '';
  const collections: string[] = [];
  const data = clusteredVectors(PER_COLLECTION * 2, 200, 11);
  // Query points near the data's clusters (as a question near the chunks about it), off their centres.
  const queries = clusteredVectors(8, 12, 7).vectors.map((noise, i) =>
    normalize((data.centers[i] as number[]).map((value, d) => value + (noise[d] as number) * 4)),
  );

  /** One document per collection; one chunk per vector, written as ingestion does (one unit of work). */
  async function addDocument(userId: string, collectionId: string, embedded: Float32Array[], model = MODEL) {
    const db = server.app.db.kysely;
    const id = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('knowledge_documents')
      .values({
        ...{ id, collection_id: collectionId, user_id: userId, file_name: `${id}.txt`, file_type: 'txt' },
        ...{ file_size: 1, sha256: id, blob_key: null, content: null, preview: null, status: 'ready', progress: 1 },
        ...{ error: null, metadata: '{}', created_at: now, updated_at: now },
      })
      .execute();
    await db
      .insertInto('knowledge_chunks')
      .values(
        embedded.map((_, ordinal) => ({
          ...{ id: `${id}-${ordinal}`, document_id: id, collection_id: collectionId, user_id: userId, ordinal },
          ...{ text: `chunk ${ordinal}`, page: null, heading_path: null },
        })),
      )
      .execute();
    await new KyselyUnitOfWork(db).run((tx) => vectors.writeForDocument(tx, id, model, embedded));
    docs.push({ id, collectionId, userId });
    return id;
  }

  const scope = (collectionIds: string[] | null = null): VectorScope => ({
    userId: aliceId,
    model: MODEL,
    dims: DIMS,
    collectionIds,
  });

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    const { kysely, dialect } = server.app.db;
    search = new VectorSearchRepository(kysely, dialect, () => undefined);
    vectors = new VectorRepository(kysely, dialect);
    expect(await search.vectorStore()).toBe(testDb === 'sqlite' ? 'sqlite-vec' : 'pgvector');
    const alice = await createUser(server, 'vec-alice');
    const bob = await createUser(server, 'vec-bob');
    aliceId = alice.id;
    bobId = bob.id;
    for (const name of ['Left', 'Right']) collections.push((await createCollection(server, alice, name)).id);
    const bobs = (await createCollection(server, bob, 'Bob')).id;
    const set = data.vectors;
    await addDocument(aliceId, collections[0] as string, set.slice(0, PER_COLLECTION));
    await addDocument(aliceId, collections[1] as string, set.slice(PER_COLLECTION));
    // Bob's vectors are the query points themselves: the nearest of all, were scoping to fail.
    await addDocument(bobId, bobs, queries);
    // As at the startup of a server that had vectors before the index existed (built in one go: faster than
    // inserting into it here; later tests write into the built index).
    await search.prepareIndex(DIMS);
    if (testDb === 'postgres') await sql`analyze knowledge_chunk_vectors`.execute(kysely);
  }, 60_000);
  afterAll(() => server.close());

  it('returns the same top results as exact search and the exact fallback, only the caller’s', async () => {
    const { kysely, dialect } = server.app.db;
    const exact = new VectorSearchRepository(kysely, dialect, () => undefined, { approximate: false });
    const fallback = new VectorSearchRepository(kysely, dialect, () => undefined, { extensions: false });
    expect(await fallback.vectorStore()).toBe('exact-js');
    let overlap = 0;
    for (const query of queries) {
      const approximate = await search.nearest(scope(), query, 10);
      const truth = await exact.nearest(scope(), query, 10);
      if (queries.indexOf(query) < 2) {
        // The fallback reads every vector of the user into the server: two queries show it agrees.
        const js = await fallback.nearest(scope(), query, 10);
        expect(js.map((hit) => hit.chunk_id)).toEqual(truth.map((hit) => hit.chunk_id));
      }
      expect(approximate).toHaveLength(10);
      // Near-ties inside a cluster may swap places; the best score found is the best there is.
      expect(approximate[0]?.score).toBeCloseTo(truth[0]?.score ?? 0, 3);
      const ids = new Set(truth.map((hit) => hit.chunk_id));
      overlap += approximate.filter((hit) => ids.has(hit.chunk_id)).length / truth.length;
    }
    expect(overlap / queries.length).toBeGreaterThanOrEqual(0.95);
    const owners = await kysely.selectFrom('knowledge_chunks').select('id').where('user_id', '=', bobId).execute();
    const bobsChunks = new Set(owners.map((row) => row.id));
    for (const query of queries) {
      const hits = await search.nearest(scope(), query, 50);
      expect(hits.filter((hit) => bobsChunks.has(hit.chunk_id))).toEqual([]);
      const right = await search.nearest(scope([collections[1] as string]), query, 50);
      expect(right.length).toBeGreaterThan(0);
      expect(new Set(right.map((hit) => hit.collection_id))).toEqual(new Set([collections[1]]));
    }
  });

  it('follows a model switch and forgets deleted documents', async () => {
    const { kysely, dialect } = server.app.db;
    const query = queries[3] as Float32Array;
    const target = await addDocument(aliceId, collections[0] as string, [query]);
    const [top] = await search.nearest(scope(), query, 5);
    expect(top?.document_id).toBe(target);
    expect(top?.score).toBeCloseTo(1, 5);

    // Re-embedded with another model: found under that model, no longer under the old one.
    const chunk = { seq: '', text: 'chunk 0', userId: aliceId, collectionId: collections[0] as string };
    const row = await kysely
      .selectFrom('knowledge_chunks')
      .select('seq')
      .where('document_id', '=', target)
      .executeTakeFirstOrThrow();
    await new KyselyUnitOfWork(kysely).run((tx) =>
      vectors.upsert(tx, [{ ...chunk, seq: row.seq }], 'ollama:other', [query]),
    );
    expect((await search.nearest(scope(), query, 5)).map((hit) => hit.document_id)).not.toContain(target);
    const other = await search.nearest({ ...scope(), model: 'ollama:other' }, query, 5);
    expect(other.map((hit) => hit.document_id)).toEqual([target]);

    // Deleted: gone from the index; a fresh repository (as after a restart) agrees.
    await kysely.deleteFrom('knowledge_documents').where('id', '=', target).execute();
    expect(await search.nearest({ ...scope(), model: 'ollama:other' }, query, 5)).toEqual([]);
    if (testDb === 'sqlite') {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from knowledge_vec_bits where model = 'ollama:other'`.execute(kysely);
      expect(Number(rows[0]?.n)).toBe(0);
    }
    const restarted = new VectorSearchRepository(kysely, dialect, () => undefined);
    const again = await restarted.nearest(scope(), query, 10);
    expect(again.map((hit) => hit.chunk_id)).toEqual((await search.nearest(scope(), query, 10)).map((h) => h.chunk_id));
  });

  it.runIf(testDb === 'postgres')('searches through the HNSW index, one per active dimension count', async () => {
    const { kysely } = server.app.db;
    const scans = async () => {
      await sql`select pg_stat_force_next_flush()`.execute(kysely);
      const { rows } = await sql<{ scans: string }>`
        select coalesce(sum(idx_scan), 0) as scans from pg_stat_user_indexes
        where indexrelname = ${`knowledge_chunk_vectors_hnsw_${DIMS}`}`.execute(kysely);
      return Number(rows[0]?.scans ?? 0);
    };
    expect(await search.hnsw.indexes()).toEqual([`knowledge_chunk_vectors_hnsw_${DIMS}`]);
    const before = await scans();
    await search.nearest(scope(), queries[0] as Float32Array, 10);
    const deadline = Date.now() + 5_000;
    while ((await scans()) === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await scans()).toBeGreaterThan(before);
    // A model of another size (last: the index is not rebuilt): its index replaces the old one.
    await search.prepareIndex(DIMS / 2);
    expect(await search.hnsw.indexes()).toEqual([`knowledge_chunk_vectors_hnsw_${DIMS / 2}`]);
  });
});
