import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../config';
import { BackupError } from './backup-error';

const run = promisify(execFile);

type DatabaseConfig = Config['database'];

/**
 * The database as whole files: snapshots for backups and their restore, below the level of tables. It opens
 * connections of its own, so it works on a database the server has not migrated (restore needs an empty one).
 */
export class SnapshotRepository {
  constructor(private readonly database: DatabaseConfig) {}

  get dialect(): DatabaseConfig['dialect'] {
    return this.database.dialect;
  }

  snapshot(file: string): Promise<void> {
    return snapshotDatabase(this.database, file);
  }

  restore(file: string): Promise<void> {
    return restoreDatabase(this.database, file);
  }

  isEmpty(): Promise<boolean> {
    return isDatabaseEmpty(this.database);
  }

  latestMigration(): Promise<string | null> {
    return latestMigration(this.database);
  }
}

/** A database snapshot's file name inside a backup, by database kind. */
export const snapshotFileName = (dialect: DatabaseConfig['dialect']) =>
  dialect === 'sqlite' ? 'database.sqlite' : 'database.sql';

/**
 * A consistent copy of the whole database in one file, taken while the server keeps running: SQLite's online
 * backup (page by page, a snapshot even while writers continue), or pg_dump (one repeatable-read transaction).
 */
async function snapshotDatabase(database: DatabaseConfig, file: string): Promise<void> {
  if (database.dialect === 'sqlite') {
    const sqlite = new SQLite(database.file, { readonly: true, fileMustExist: true });
    try {
      await sqlite.backup(file);
    } finally {
      sqlite.close();
    }
    return;
  }
  await postgresTool('pg_dump', ['--no-owner', '--no-privileges', '--format=plain', '--file', file], database.url);
}

/** Loads a snapshot into an empty database (isDatabaseEmpty was checked first). */
async function restoreDatabase(database: DatabaseConfig, file: string): Promise<void> {
  if (database.dialect === 'sqlite') {
    await mkdir(path.dirname(database.file), { recursive: true });
    // A leftover journal of an earlier, deleted file would be replayed over the restored one.
    await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${database.file}${suffix}`, { force: true })));
    await copyFile(file, database.file);
    return;
  }
  // One transaction: a dump that fails half-way leaves the database as empty as it was.
  await postgresTool(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--file', file],
    database.url,
  );
}

/** True when the database holds no tables at all (a SQLite file that does not exist yet counts as empty). */
async function isDatabaseEmpty(database: DatabaseConfig): Promise<boolean> {
  if (database.dialect === 'sqlite') {
    const size = await stat(database.file).then(
      (found) => found.size,
      () => 0,
    );
    if (size === 0) return true;
    const sqlite = new SQLite(database.file, { readonly: true });
    try {
      const row = sqlite.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number };
      return row.n === 0;
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = current_schema()`,
    );
    return Number(rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or psql against the database. The password travels in PGPASSWORD rather than on the command
 * line, where any local user could read it in the process list.
 */
async function postgresTool(tool: 'pg_dump' | 'psql', args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  try {
    await run(tool, [...args, '--dbname', parsed.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${tool} was not found on PATH. Install the PostgreSQL client tools (the same major version as the server or newer), e.g. "apt install postgresql-client".`,
        { cause: error },
      );
    }
    throw new BackupError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`, { cause: error });
  }
}

/** The newest migration applied to the database (recorded in a backup's manifest); null before the first. */
async function latestMigration(database: DatabaseConfig): Promise<string | null> {
  const query = `select name from kysely_migration order by name desc limit 1`;
  if (database.dialect === 'sqlite') {
    const sqlite = new SQLite(database.file, { readonly: true, fileMustExist: true });
    try {
      return (sqlite.prepare(query).get() as { name: string } | undefined)?.name ?? null;
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>(query)).rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}
