import { type Kysely, sql } from 'kysely';

/**
 * When each lexical scope (collection) was last searched, at most once an hour per server process (issue 18: a
 * server's start-up warm-up reads the lists of the collections people search first, not the instance's longest
 * lists whoever owns them; features/knowledge/lexical/cache-warmup.repository.ts). Null: not searched since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table knowledge_lexical_scopes add column searched_at text`.execute(db);
}
