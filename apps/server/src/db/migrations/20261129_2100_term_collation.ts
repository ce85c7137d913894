import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Index terms compare byte by byte on PostgreSQL (collation "C"), as SQLite's BINARY already does. Terms are
 * analyser output, never shown sorted to anyone, so the database's collation bought nothing but cost: a search
 * looks terms up in the postings' and statistics' primary keys thousands of times (issue 18: max-score lookups),
 * and under a real locale every key comparison goes through it. Measured at 30,000 chunks: with an English ICU
 * collation on the column, searches took p50 16.6-17.6 / p95 30-33 ms, with "C" 14.1-14.6 / 25-28 ms; a "C.UTF-8"
 * database (the bench's) compares about as fast as "C" and gains nothing. Rewrites both tables and keys once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`alter table knowledge_postings alter column term type text collate "C"`.execute(db);
  await sql`alter table knowledge_term_stats alter column term type text collate "C"`.execute(db);
}
