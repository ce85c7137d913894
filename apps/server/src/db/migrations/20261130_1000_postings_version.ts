import { type Kysely, sql } from 'kysely';

/**
 * A version per lexical scope, raised in the transaction that adds or removes any of its postings (issue 18:
 * search keeps hot posting lists in memory, features/knowledge/lexical/search-cache.ts, and trusts a cached list
 * only while its scope's version is the one it was read at; every replica reads the version with the scope).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table knowledge_lexical_scopes add column version integer not null default 0`.execute(db);
}
