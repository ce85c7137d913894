import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { load as loadSqliteVec } from 'sqlite-vec';
import type { Config } from '../config';
import { migrations } from './migrations';
import { EventLoopYield } from './event-loop-yield';
import { withStatementCache } from './statement-cache';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL only: the pool behind kysely (LISTEN/NOTIFY needs plain pg). */
  pgPool?: pg.Pool;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's JIT compiles a query whose estimated cost is high, and the planner overestimates the pruned
 * searches' (bm25-search.repository.ts), so the slowest searches spent up to 40 ms compiling what runs in less;
 * nothing Hearth runs is long enough to win it back. Set per connection, not as a startup option, which
 * connection poolers such as PgBouncer refuse.
 */
const WITHOUT_JIT = 'set jit = off';

/** Arbitrary but fixed key: every replica agrees on it, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_246_001;

export function createDb(database: Config['database'], poolSize = 10): Db {
  if (database.dialect === 'sqlite') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    loadVectorExtension(sqlite);
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new EventLoopYield()],
    });
    return withProbeConnection(
      wrap(kysely, 'sqlite', () => runMigrations(kysely)),
      database.file,
    );
  }
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize });
  pool.on('connect', (client) => {
    client.query(WITHOUT_JIT).catch(() => undefined); // the server's default applies if it refuses
  });
  // An idle connection the server ends (a restart, an idle timeout, a pooler's) leaves the pool, and the next query
  // opens another; without a listener its 'error' event would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    ...wrap(kysely, 'postgres', () => withAdvisoryLock(database.url, () => runMigrations(kysely))),
    pgPool: pool,
  };
}

/**
 * sqlite-vec's distance functions for knowledge vectors. Without them (a platform it has no binary for) vector
 * search runs exactly in the server instead (VectorRepository checks vec_version()).
 */
function loadVectorExtension(sqlite: SQLite.Database): void {
  try {
    loadSqliteVec(sqlite);
  } catch (error) {
    console.warn(`sqlite-vec not loaded, vector search runs in JavaScript: ${String(error)}`);
  }
}

function wrap(kysely: Kysely<Database>, dialect: Dialect, migrate: () => Promise<void>): Db {
  return {
    kysely,
    dialect,
    migrate,
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}

/**
 * SQLite's one connection is held by a transaction for as long as it runs (publishing a large document counts
 * its terms in about a second), and /health's ping queued behind it. A second connection reads beside the writer
 * (WAL), so the probe answers whether the file can be read, not whether a write is in progress.
 */
function withProbeConnection(db: Db, file: string): Db {
  let probe: SQLite.Database | undefined;
  let closed = false;
  return {
    ...db,
    ping: async () => {
      // As the main connection does once closed: refuse, rather than open the probe again and leave it open.
      if (closed) throw new Error('The database is closed');
      probe ??= new SQLite(file, { fileMustExist: true });
      probe.prepare('select count(*) from sqlite_master').get();
    },
    close: async () => {
      closed = true;
      probe?.close();
      await db.close();
    },
  };
}

async function runMigrations(kysely: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`, { cause: error });
  }
}

/**
 * Replicas starting together must not race on CREATE TABLE: a session-level advisory lock, held
 * on its own connection, lets exactly one migrate while the others wait and then find nothing to do.
 */
async function withAdvisoryLock(url: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Vacuums and refreshes PostgreSQL's planner statistics, as a live server's autovacuum does within about a minute
 * of a bulk load; the retrieval bench searches at once, and stale statistics plan sequential scans of the postings
 * (and without the visibility map, index-only scans still read the table). SQLite keeps none: nothing to do.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
}
