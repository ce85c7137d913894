import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import {
  createPostgresDatabase,
  login,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { loadConfig } from '../../config';
import { createDb } from '../../db/database';
import { buildMigrationCli } from '../../wiring/backup-cli';
import { search } from '../knowledge/knowledge-test-helpers';
import { cli, seedInstance, tableRows } from './backup-test-helpers';

type Env = Record<string, string | undefined>;

/** Every row as text, value by value: the two databases hand back numbers and keys in their own types. */
async function rowsOf(databaseUrl: string | undefined, dataDir: string) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const db = createDb(config.database, 1);
  try {
    const tables = await tableRows(db.kysely, db.dialect);
    const normal: Record<string, string[]> = {};
    for (const [name, rows] of Object.entries(tables)) {
      normal[name] = rows
        .map((row) =>
          JSON.stringify(
            Object.entries(JSON.parse(row) as Record<string, unknown>)
              .filter(([column]) => column !== 'tsv')
              .map(([column, value]) => [
                column,
                value === null
                  ? null
                  : JSON.stringify(column === 'embedding' ? vector(value) : value).replace(/^"|"$/g, ''),
              ])
              .sort(),
          ),
        )
        .sort();
    }
    return normal;
  } finally {
    await db.close();
  }
}

/** An embedding as numbers: SQLite keeps float32 bytes (a Buffer, here in its JSON form), PostgreSQL real[]. */
function vector(value: unknown): unknown {
  // PostgreSQL prints real[] in the shortest decimal form (0.1); as float32 it is the same number.
  if (Array.isArray(value)) return value.map((number) => Math.fround(Number(number)));
  const buffer = value as { type?: string; data?: number[] };
  if (buffer.type !== 'Buffer' || !buffer.data) return value;
  return Array.from(new Float32Array(Uint8Array.from(buffer.data).buffer));
}

/** Tables both kinds have, less the search index each database keeps by triggers in its own form. */
const comparable = (a: Record<string, string[]>, b: Record<string, string[]>) =>
  Object.keys(a).filter((name) => name in b && name !== 'chat_search_docs');

// Copies between the two kinds, so it needs the PostgreSQL cluster: it runs in the postgres project.
describe.skipIf(testDb !== 'postgres')('migrate SQLite ⇄ PostgreSQL', () => {
  let ollama: FakeOllama;
  let server: TestServer;
  let owner: TestUser;
  let documentId: string;
  let source: Env;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false', DATABASE_URL: '' });
    expect(server.app.db.dialect).toBe('sqlite');
    ({ owner, documentId } = await seedInstance(server));
    // Embeddings, as an embedding model would have stored them (float32 bytes on SQLite).
    const chunks = await server.app.db.kysely.selectFrom('knowledge_chunks').selectAll().execute();
    expect(chunks.length).toBeGreaterThan(1);
    for (const [index, chunk] of chunks.entries()) {
      const embedding = Buffer.from(new Float32Array([index + 0.5, -1.25, 0.1, index / 3]).buffer);
      await server.app.db.kysely
        .insertInto('knowledge_chunk_vectors')
        .values({
          chunk_seq: chunk.seq,
          user_id: owner.id,
          collection_id: chunk.collection_id,
          model: 'test-embed',
          dims: 4,
          embedding,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    source = { DATA_DIR: server.dataDir };
    await server.app.close();
  }, 60_000);
  afterAll(async () => {
    rmSync(server.dataDir, { recursive: true, force: true });
    await ollama.close();
  });

  it('copies every row into PostgreSQL, which then serves the instance, files and search included', async () => {
    const target = await createPostgresDatabase();
    const run = await cli(['migrate', '--to', target], source);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Copied \d+ tables \(\d+ rows\); every table's row count and checksum match/);

    const before = await rowsOf(undefined, server.dataDir);
    const after = await rowsOf(target, server.dataDir);
    const tables = comparable(before, after);
    expect(tables).toEqual(
      expect.arrayContaining(['profiles', 'chat_messages', 'knowledge_chunks', 'knowledge_postings']),
    );
    for (const name of tables) expect({ [name]: after[name] }).toEqual({ [name]: before[name] });
    expect(before.chat_messages?.length).toBeGreaterThanOrEqual(2);

    const moved = await startTestServer({}, { dataDir: server.dataDir, databaseUrl: target });
    try {
      const user = await login(moved, owner.email);
      const file = await fetch(`${moved.url}/api/knowledge/documents/${documentId}/file`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(await file.text()).toContain('Tomatoes need sun');
      expect((await search(moved, user.token, 'tomatoes basil'))[0]?.document_id).toBe(documentId);
      const found = await moved.request<{ results: unknown[] }>('/api/conversations/search?q=Hi', {
        token: user.token,
      });
      expect(found.status).toBe(200);
    } finally {
      await moved.app.close();
    }

    // Back again, into a new SQLite file, from the PostgreSQL copy.
    const back = path.join(server.dataDir, 'back.db');
    const returned = await cli(['migrate', '--to', back], { DATA_DIR: server.dataDir, DATABASE_URL: target });
    expect(returned.code).toBe(0);
    // Compared with PostgreSQL as it is now: signing in there moved the account's last_seen_at.
    const postgresNow = await rowsOf(target, server.dataDir);
    const again = await rowsOf(`sqlite:${back}`, server.dataDir);
    for (const name of comparable(postgresNow, again)) {
      expect({ [name]: again[name] }).toEqual({ [name]: postgresNow[name] });
    }
    expect(again.knowledge_chunk_vectors?.length).toBeGreaterThan(1);
    // SQLite's approximate vector index (sign-bit sketches) is rebuilt from the copied vectors.
    expect(again.knowledge_vec_bits).toHaveLength(again.knowledge_chunk_vectors?.length ?? -1);

    const refused = await cli(['migrate', '--to', target], source);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('already holds accounts');
  }, 120_000);

  it('continues an interrupted copy where it stopped', async () => {
    const target = await createPostgresDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', ...source });
    const targetDb = loadConfig({ LOG_LEVEL: 'silent', ...source, DATABASE_URL: target }).database;
    const first = await buildMigrationCli(config, targetDb);
    let batches = 0;
    try {
      await expect(
        first.migration.run({
          batchRows: 2,
          onBatch: (table) => {
            batches += 1;
            if (table === 'knowledge_postings' && batches > 3) throw new Error('power cut');
          },
        }),
      ).rejects.toThrow('power cut');
    } finally {
      await first.close();
    }
    const second = await buildMigrationCli(config, targetDb);
    const copied: string[] = [];
    try {
      const report = await second.migration.run({ batchRows: 2, onBatch: (table) => copied.push(table) });
      expect(report.find((table) => table.table === 'knowledge_postings')?.rows).toBeGreaterThan(4);
    } finally {
      await second.close();
    }
    // Tables finished before the cut were not copied again.
    expect(copied).not.toContain('profiles');
    expect(copied[0]).toBe('knowledge_postings');
    const before = await rowsOf(undefined, server.dataDir);
    const after = await rowsOf(target, server.dataDir);
    for (const name of comparable(before, after)) expect({ [name]: after[name] }).toEqual({ [name]: before[name] });
  }, 120_000);
});
