import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
