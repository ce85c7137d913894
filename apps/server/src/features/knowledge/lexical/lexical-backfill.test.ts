import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDb } from '../../../../test/test-server';
import { createDb, type Db } from '../../../db/database';
import { migrations } from '../../../db/migrations';
import { KyselyUnitOfWork } from '../../../db/unit-of-work';
import { ChunkIndexRepository } from '../chunk-index.repository';

const LEXICAL_MIGRATION = '20261126_0020_lexical_index';

describe(`lexical index migration (${testDb})`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-lexical-backfill-'));
  let db: Db | undefined;
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds postings and statistics for the chunks of ready documents an existing instance already has', async () => {
    const database =
      testDb === 'postgres'
        ? ({ dialect: 'postgres', url: await createPostgresDatabase() } as const)
        : ({ dialect: 'sqlite', file: path.join(dir, 'old.db') } as const);
    db = createDb(database);
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations).sort();
    const before = names[names.indexOf(LEXICAL_MIGRATION) - 1] as string;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    // An instance as it was: a ready document and a half-indexed one, chunks in the old index only.
    const now = new Date().toISOString();
    const userId = randomUUID();
    const collectionId = randomUUID();
    await db.kysely
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
    await db.kysely
      .insertInto('knowledge_collections')
      .values({ id: collectionId, user_id: userId, name: 'Old', description: null, created_at: now, updated_at: now })
      .execute();
    const ids = new Map<string, string>();
    for (const [name, status, text, heading] of [
      ['ready.txt', 'ready', 'Tomatoes need watering every morning', null],
      ['pending.txt', 'processing', 'Tomatoes tomatoes tomatoes', null],
      ['guide.md', 'ready', 'Tomatoes need sun', 'Greenhouse guide > Mornings'],
    ] as const) {
      const documentId = randomUUID();
      ids.set(name, documentId);
      await db.kysely
        .insertInto('knowledge_documents')
        .values({
          id: documentId,
          collection_id: collectionId,
          user_id: userId,
          file_name: name,
          file_type: 'txt',
          file_size: text.length,
          sha256: documentId,
          blob_key: null,
          content: text,
          preview: null,
          status,
          progress: 0,
          error: null,
          metadata: '{}',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db.kysely
        .insertInto('knowledge_chunks')
        .values({
          id: randomUUID(),
          document_id: documentId,
          collection_id: collectionId,
          user_id: userId,
          ordinal: 0,
          text,
          page: null,
          heading_path: heading,
        })
        .execute();
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const migrated = db;
    const index = new ChunkIndexRepository(migrated.kysely, migrated.dialect);
    const found = async (terms: string[]) =>
      (await index.search(userId, terms, null, 10)).map((hit) => hit.file_name).sort();
    expect(await found(['tomato', 'watered'])).toEqual(['guide.md', 'ready.txt']);
    // Found by its heading path once the chunk-headers migration has indexed it.
    expect(await found(['greenhouse'])).toEqual(['guide.md']);
    const totals = async () => {
      const scope = await migrated.kysely
        .selectFrom('knowledge_lexical_scopes')
        .select(['id', 'chunk_count', 'total_length'])
        .where('collection_id', '=', collectionId)
        .executeTakeFirstOrThrow();
      const df = await migrated.kysely
        .selectFrom('knowledge_term_stats')
        .select(['term', 'df'])
        .where('scope', '=', scope.id)
        .orderBy('term')
        .execute();
      return {
        chunks: Number(scope.chunk_count),
        length: Number(scope.total_length),
        df: Object.fromEntries(df.map((row) => [row.term, Number(row.df)])),
      };
    };
    // ready.txt: tomato, need, water, everi, morn (5); guide.md: greenhous, guid, morn, tomato, need, sun (6).
    expect(await totals()).toEqual({
      chunks: 2,
      length: 11,
      df: { everi: 1, greenhous: 1, guid: 1, morn: 2, need: 2, sun: 1, tomato: 2, water: 1 },
    });
    // Removal analyses the chunk as it was indexed: nothing of guide.md is left in the statistics.
    await new KyselyUnitOfWork(migrated.kysely).run((tx) => index.removeDocument(tx, ids.get('guide.md') as string));
    expect(await totals()).toEqual({
      chunks: 1,
      length: 5,
      df: { everi: 1, morn: 1, need: 1, tomato: 1, water: 1 },
    });
  });
});
