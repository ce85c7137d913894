import type { Kysely } from 'kysely';

/**
 * The sessions page shows every API token with the address and device that last used it, as it does for
 * sessions (issue 16). Recorded when a token is used; tokens used before this migration show none until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('last_used_ip', 'text').execute();
  await db.schema.alterTable('api_tokens').addColumn('last_used_user_agent', 'text').execute();
}
