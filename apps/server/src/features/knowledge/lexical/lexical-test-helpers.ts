import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, testDb } from '../../../../test/test-server';
import { createDb, type Db } from '../../../db/database';
import { KyselyUnitOfWork } from '../../../db/unit-of-work';
import { ChunkIndexRepository, type DocumentTotals } from '../chunk-index.repository';
import { KnowledgeRepository } from '../knowledge.repository';
import { SearchCache } from './search-cache';

/**
 * A database of the test's kind (SQLite or PostgreSQL) with the lexical index's repositories and the helpers its
 * tests write data with: users, collections and documents indexed as ingestion indexes them.
 */
export async function lexicalFixture() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-lexical-'));
  const now = new Date().toISOString();
  const database =
    testDb === 'postgres'
      ? ({ dialect: 'postgres', url: await createPostgresDatabase() } as const)
      : ({ dialect: 'sqlite', file: path.join(dir, 'lexical.db') } as const);
  const db: Db = createDb(database);
  await db.migrate();
  const uow = new KyselyUnitOfWork(db.kysely);
  const index = new ChunkIndexRepository(db.kysely, db.dialect, new SearchCache(64 * 1024 * 1024));
  const documents = new KnowledgeRepository(db.kysely);
  /** What each document written by `add` adds to its scope's statistics once published (published or not). */
  const writtenTotals = new Map<string, DocumentTotals>();

  async function user(): Promise<string> {
    const id = randomUUID();
    const email = `${id}@example.test`;
    const row = { id, email, full_name: null, avatar_url: null, status: 'active', banned_at: null, banned_by: null };
    await db.kysely
      .insertInto('profiles')
      .values({ ...row, status: 'active' as const, created_at: now, updated_at: now })
      .execute();
    return id;
  }

  async function collection(userId: string): Promise<string> {
    const id = randomUUID();
    await documents.createCollection({
      id,
      user_id: userId,
      name: id,
      description: null,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  /**
   * A document of `text` (one chunk, and `more`); `ready: false` leaves it as ingestion does between its batches
   * and its last step.
   */
  async function add(
    userId: string,
    collectionId: string,
    text: string,
    ready = true,
    more: string[] = [],
  ): Promise<string> {
    const id = randomUUID();
    await documents.insertDocument({
      id,
      collection_id: collectionId,
      user_id: userId,
      file_name: `${text}.txt`,
      file_type: 'txt',
      file_size: text.length,
      sha256: id,
      blob_key: null,
      content: text,
      preview: null,
      status: 'processing',
      progress: 0,
      error: null,
      metadata: '{}',
      created_at: now,
      updated_at: now,
    });
    const chunks = [text, ...more].map((chunk) => ({ text: chunk, page: null, headingPath: null }));
    const scope = await uow.run((tx) => index.ensureScope(tx, collectionId));
    const totals = await uow.run((tx) =>
      index.insertChunks(tx, { documentId: id, collectionId, userId, scope, firstOrdinal: 0, chunks }),
    );
    writtenTotals.set(id, totals);
    if (ready) {
      await uow.run(async (tx) => {
        await documents.updateDocument(id, { status: 'ready', progress: 1 }, tx);
        await index.publishDocuments(tx, scope, [{ documentId: id, totals }]);
      });
    }
    return id;
  }

  const close = async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, uow, index, documents, writtenTotals, user, collection, add, close };
}
