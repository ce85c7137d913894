import type { Kysely } from 'kysely';

/**
 * MCP OAuth (issue 20): a server may have each user sign in at it with OAuth (the MCP authorization spec) instead
 * of pasting a key. The user's tokens and their registered client are sealed in mcp_user_credentials like a key;
 * a client the admin registered at the server beforehand (for servers without dynamic registration) is sealed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mcp_servers')
    .addColumn('user_oauth', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mcp_servers').addColumn('oauth_client_encrypted', 'text').execute();
}
