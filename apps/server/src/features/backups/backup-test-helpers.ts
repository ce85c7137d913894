import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { streamChat } from '../../../test/chat-helpers';
import { createUser, type TestServer, type TestUser } from '../../../test/test-server';
import { type CliIo, runCli } from '../../cli/cli';
import type { Database } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import { createCollection, uploadDocument, waitForDocument } from '../knowledge/knowledge-test-helpers';

/** Users, a conversation with messages, a collection with two indexed documents (chunks, postings, files). */
export async function seedInstance(server: TestServer): Promise<{ owner: TestUser; documentId: string }> {
  const owner = await createUser(server, 'backup-owner');
  await createUser(server, 'backup-other');
  const chat = await streamChat(server, owner.token, '/api/chat/stream', { model: 'llama3:latest', content: 'Hi' });
  expect(chat.status).toBe(200);
  const collection = await createCollection(server, owner, 'Kept safe');
  let documentId = '';
  for (const [name, text] of [
    ['harbour.txt', 'Lighthouses guide ships past the rocky coast at night.'],
    ['garden.md', '# Garden\n\nTomatoes need sun, water and patience; basil grows beside them.'],
  ] as const) {
    const upload = await uploadDocument(server, owner.token, collection.id, name, text);
    expect(upload.status).toBe(202);
    expect((await waitForDocument(server, owner.token, upload.body.id)).status).toBe('ready');
    documentId = upload.body.id;
  }
  return { owner, documentId };
}

/** Every table's rows as sorted JSON lines (bookkeeping of the migrator left out). */
export async function tableRows(kysely: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  const names =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(kysely)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(kysely);
  const tables: Record<string, string[]> = {};
  for (const { name } of names.rows) {
    if (name.startsWith('kysely_migration')) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(kysely);
    tables[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

/** Every stored file's sha256 by key. */
export async function blobDigests(store: BlobStore): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for await (const key of store.list()) {
    digests[key] = createHash('sha256')
      .update(await store.get(key))
      .digest('hex');
  }
  return digests;
}

/** Runs `npm run hearth -- <argv>` in-process with this environment; what it printed, by stream. */
export async function cli(argv: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    isTty: false,
    readAll: () => Promise.resolve(''),
    promptHidden: () => Promise.resolve(''),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  };
  return { code: await runCli(argv, env, io), out: out.join('\n'), err: err.join('\n') };
}
