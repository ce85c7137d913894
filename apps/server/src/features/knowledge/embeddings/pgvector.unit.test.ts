/**
 * The pgvector path of VectorRepository, on real PostgreSQL (PGlite, in WASM) with the real pgvector extension:
 * it also runs in the PostgreSQL suite (CI builds pgvector); this file keeps its SQL checked without a cluster.
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../db/migrations';
import type { Database } from '../../../db/schema';
import { KyselyUnitOfWork } from '../../../db/unit-of-work';
import { VectorSearchRepository } from './vector-search.repository';
import { VectorRepository } from './vector.repository';
import { normalize } from './vector-math';

/** Kysely's PostgreSQL driver over one PGlite instance (PGlite's results have pg's shape). */
function pgliteDialect(pglite: PGlite): PostgresDialect {
  const client = {
    query: (text: string, values: unknown[]) => pglite.query(text, values),
    release: () => undefined,
  };
  return new PostgresDialect({
    pool: { connect: async () => client, end: async () => undefined } as never,
  });
}

const now = new Date().toISOString();
const MODEL = 'ollama:test-embed';

describe('vector repository on PostgreSQL with pgvector (PGlite)', () => {
  let pglite: PGlite;
  let db: Kysely<Database>;
  let repository: VectorRepository;
  let search: VectorSearchRepository;
  const warnings: string[] = [];
  const seqs: Record<string, string> = {};

  async function seed(userId: string, collectionId: string, documentId: string, texts: Record<string, number[]>) {
    await db
      .insertInto('profiles')
      .values({
        id: userId,
        email: `${userId}@example.test`,
        full_name: null,
        avatar_url: null,
        status: 'active',
        banned_at: null,
        banned_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('knowledge_collections')
      .values({
        id: collectionId,
        user_id: userId,
        name: collectionId,
        description: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('knowledge_documents')
      .values({
        id: documentId,
        collection_id: collectionId,
        user_id: userId,
        file_name: `${documentId}.txt`,
        file_type: 'txt',
        file_size: 1,
        sha256: documentId,
        blob_key: null,
        content: null,
        preview: null,
        status: 'ready',
        progress: 1,
        error: null,
        metadata: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const chunks = [];
    for (const [ordinal, [text, values]] of Object.entries(texts).entries()) {
      const row = await db
        .insertInto('knowledge_chunks')
        .values({
          id: `${documentId}-${ordinal}`,
          document_id: documentId,
          collection_id: collectionId,
          user_id: userId,
          ordinal,
          text,
          page: null,
          heading_path: null,
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      seqs[text] = String(row.seq);
      chunks.push({ chunk: { seq: row.seq, text, userId, collectionId }, vector: normalize(values) });
    }
    const written = chunks.map((entry) => entry.chunk);
    const vectors = chunks.map((entry) => entry.vector);
    await new KyselyUnitOfWork(db).run((tx) => repository.upsert(tx, written, MODEL, vectors));
  }

  beforeAll(async () => {
    pglite = await PGlite.create({ extensions: { vector } });
    db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    if (error) throw error;
    repository = new VectorRepository(db, 'postgres');
    search = new VectorSearchRepository(db, 'postgres', (message) => warnings.push(message));
    await seed('alice', 'alice-notes', 'alice-doc', { north: [1, 0, 0], east: [0, 1, 0], northeast: [1, 1, 0] });
    await seed('bob', 'bob-notes', 'bob-doc', { 'bob north': [1, 0, 0] });
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
    await pglite.close();
  });

  it('installs pgvector and ranks by cosine distance in SQL, scoped by owner, model, dims and collection', async () => {
    expect(await search.vectorStore()).toBe('pgvector');
    expect(warnings).toEqual([]);
    const scope = { userId: 'alice', model: MODEL, dims: 3, collectionIds: null };
    const hits = await search.nearest(scope, normalize([1, 0.2, 0]), 10);
    expect(hits.map((hit) => hit.text)).toEqual(['north', 'northeast', 'east']);
    expect(hits[0]?.score).toBeCloseTo(1 / Math.sqrt(1.04), 5);
    expect(hits[0]).toMatchObject({
      document_id: 'alice-doc',
      collection_name: 'alice-notes',
      file_name: 'alice-doc.txt',
    });
    expect(await search.nearest({ ...scope, collectionIds: ['bob-notes'] }, normalize([1, 0, 0]), 10)).toEqual([]);
    expect(await search.nearest({ ...scope, model: 'ollama:other' }, normalize([1, 0, 0]), 10)).toEqual([]);
    expect(await search.nearest({ ...scope, dims: 4 }, normalize([1, 0, 0, 0]), 10)).toEqual([]);
    const bob = await search.nearest({ ...scope, userId: 'bob' }, normalize([1, 0, 0]), 10);
    expect(bob.map((hit) => hit.text)).toEqual(['bob north']);
    expect(await search.hasAny(scope)).toBe(true);
  });

  it('replaces vectors on re-embedding and loses them with their chunks', async () => {
    const counts = await repository.counts('alice', MODEL);
    expect(counts.get('alice-notes')).toEqual({ total: 3, embedded: 3 });
    await new KyselyUnitOfWork(db).run((tx) =>
      repository.upsert(
        tx,
        [{ seq: seqs.east as string, text: 'east', userId: 'alice', collectionId: 'alice-notes' }],
        'ollama:other',
        [normalize([0, 0, 1])],
      ),
    );
    expect((await repository.counts('alice', MODEL)).get('alice-notes')).toEqual({ total: 3, embedded: 2 });
    expect((await repository.missing('alice-notes', MODEL, 10)).map((chunk) => chunk.text)).toEqual(['east']);
    await repository.deleteOtherModels('alice-notes', MODEL);
    await db.deleteFrom('knowledge_documents').where('id', '=', 'alice-doc').execute();
    const left = await db.selectFrom('knowledge_chunk_vectors').select('user_id').execute();
    expect(left).toEqual([{ user_id: 'bob' }]);
  });
});
