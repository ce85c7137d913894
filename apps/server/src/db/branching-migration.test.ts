import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDb } from '../../test/test-server';
import { createDb, type Db } from './database';
import { migrations } from './migrations';

/** 20261128_0002_branching: conversations stored before the message tree become one chain each. */
describe(`branching migration backfill (${testDb})`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-branching-'));
  let db: Db | undefined;
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('links the messages of each conversation in created_at order and ends its shown path at the newest', async () => {
    const database =
      testDb === 'postgres'
        ? ({ dialect: 'postgres', url: await createPostgresDatabase() } as const)
        : ({ dialect: 'sqlite', file: path.join(dir, 'branching.db') } as const);
    db = createDb(database);
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('20261127_0007_token_last_client')).error).toBeUndefined();

    const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;
    await sql`insert into profiles (id, email, created_at, updated_at)
      values ('u1', 'old@example.com', ${at(0)}, ${at(0)})`.execute(db.kysely);
    await sql`insert into chat_conversations (id, user_id, title, created_at, updated_at)
      values ('c1', 'u1', 'Old chat', ${at(0)}, ${at(9)}), ('c2', 'u1', 'Empty chat', ${at(0)}, ${at(0)}),
             ('c3', 'u1', 'Other chat', ${at(0)}, ${at(9)})`.execute(db.kysely);
    // Inserted out of order, with two rows of the same timestamp (ordered by id, as the message list does).
    await sql`insert into chat_messages (id, conversation_id, type, content, created_at)
      values ('m3', 'c1', 'user', 'Third', ${at(3)}), ('m1', 'c1', 'user', 'First', ${at(1)}),
             ('m2b', 'c1', 'assistant', 'Second b', ${at(2)}), ('m2a', 'c1', 'assistant', 'Second a', ${at(2)}),
             ('x1', 'c3', 'user', 'Elsewhere', ${at(1)})`.execute(db.kysely);

    expect((await migrator.migrateTo('20261128_0002_branching')).error).toBeUndefined();
    const messages = await db.kysely.selectFrom('chat_messages').select(['id', 'parent_id']).orderBy('id').execute();
    expect(messages).toEqual([
      { id: 'm1', parent_id: null },
      { id: 'm2a', parent_id: 'm1' },
      { id: 'm2b', parent_id: 'm2a' },
      { id: 'm3', parent_id: 'm2b' },
      { id: 'x1', parent_id: null },
    ]);
    const conversations = await db.kysely
      .selectFrom('chat_conversations')
      .select(['id', 'active_leaf_id', 'summary_through_id'])
      .orderBy('id')
      .execute();
    expect(conversations).toEqual([
      { id: 'c1', active_leaf_id: 'm3', summary_through_id: null },
      { id: 'c2', active_leaf_id: null, summary_through_id: null },
      { id: 'c3', active_leaf_id: 'x1', summary_through_id: null },
    ]);
  });
});
