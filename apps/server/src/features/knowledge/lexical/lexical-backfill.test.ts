import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDb } from '../../../../test/test-server';
import { createDb, type Db } from '../../../db/database';
import { migrations } from '../../../db/migrations';
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
    for (const [name, status, text] of [
      ['ready.txt', 'ready', 'Tomatoes need watering every morning'],
      ['pending.txt', 'processing', 'Tomatoes tomatoes tomatoes'],
    ] as const) {
      const documentId = randomUUID();
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
          heading_path: null,
        })
        .execute();
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const hits = await new ChunkIndexRepository(db.kysely).search(userId, ['tomato', 'watered'], null, 10);
    expect(hits.map((hit) => hit.file_name)).toEqual(['ready.txt']);
    const stats = await db.kysely
      .selectFrom('knowledge_lexical_scopes')
      .select(['chunk_count', 'total_length'])
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    // "tomatoes need watering every morning": tomato, need, water, everi, morn.
    expect([Number(stats.chunk_count), Number(stats.total_length)]).toEqual([1, 5]);
  });
});
