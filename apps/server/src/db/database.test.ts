import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase, testDb } from '../../test/test-server';
import { createDb, type Db } from './database';

describe.skipIf(testDb !== 'postgres')('PostgreSQL connections', () => {
  let db: Db;

  beforeAll(async () => {
    db = createDb({ dialect: 'postgres', url: await createPostgresDatabase() }, 4);
  });
  afterAll(async () => {
    await db.close();
  });

  it('run without JIT on every pooled connection (it only cost the slowest searches time)', async () => {
    // Concurrent reads, each on its own connection: the setting must hold on all of them, not only the first.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{ jit: string; pid: number }>`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`
          .execute(db.kysely)
          .then(({ rows }) => rows[0]),
      ),
    );
    expect(new Set(settings.map((row) => row?.pid)).size).toBe(4);
    expect(settings.map((row) => row?.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('survive the server closing idle connections (a restart, an idle timeout): the next query opens a new one', async () => {
    // Four idle connections in the pool.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.02)`.execute(db.kysely)));
    const database = (await sql<{ name: string }>`select current_database() as name`.execute(db.kysely)).rows[0]?.name;
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    const ended = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [database],
    );
    await admin.end();
    expect(ended.rowCount).toBe(4);
    // Each idle connection's 'error' event has been dealt with (an unhandled one would end the process).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
    expect(rows[0]?.one).toBe(1);
  });

  it('compare index terms byte by byte (collation "C"), not through the locale', async () => {
    await db.migrate();
    const { rows } = await sql<{ table_name: string; collation_name: string | null }>`
      select table_name, collation_name from information_schema.columns
      where column_name = 'term' and table_name in ('knowledge_postings', 'knowledge_term_stats')
      order by table_name`.execute(db.kysely);
    expect(rows).toEqual([
      { table_name: 'knowledge_postings', collation_name: 'C' },
      { table_name: 'knowledge_term_stats', collation_name: 'C' },
    ]);
  });
});

describe.skipIf(testDb !== 'sqlite')('SQLite connections', () => {
  let db: Db;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hearth-db-'));
    db = createDb({ dialect: 'sqlite', file: path.join(dir, 'hearth.db') });
    await db.migrate();
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answer the health ping while a transaction holds the connection (a large publication took a second)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await sql`create table held (x integer)`.execute(trx);
      await held;
    });
    const pinged = await Promise.race([
      db.ping().then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('queued'), 500)),
    ]);
    release();
    await transaction;
    expect(pinged).toBe('answered');
  });

  it('let the event loop turn while queries run back to back (a large document transaction stalled every request)', async () => {
    // Each query settles at once: without a yield the whole loop is one chain of microtasks and no timer fires.
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    let ticksDuringLoop = 0;
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await sql`create table loop_rows (x integer)`.execute(trx);
        const started = performance.now();
        while (performance.now() - started < 200) {
          await sql`insert into loop_rows (x) values (${ticks})`.execute(trx);
        }
        ticksDuringLoop = ticks;
      });
    } finally {
      clearInterval(timer);
    }
    expect(ticksDuringLoop).toBeGreaterThan(0);
  });
});
