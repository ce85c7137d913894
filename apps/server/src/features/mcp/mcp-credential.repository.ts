import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/**
 * Each user's own key for MCP servers, sealed. Every query names the user: there is no way to read another
 * user's row through this repository, and no method returns rows of more than one user.
 */
export class McpCredentialRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async sealedFor(userId: string, serverId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('mcp_user_credentials')
      .select('secret_encrypted')
      .where('user_id', '=', userId)
      .where('server_id', '=', serverId)
      .executeTakeFirst();
    return row?.secret_encrypted ?? null;
  }

  /** The servers this user has set a key for. */
  async serversWithCredential(userId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('mcp_user_credentials')
      .select('server_id')
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((row) => row.server_id));
  }

  async set(tx: Tx, userId: string, serverId: string, sealed: string, now: string): Promise<void> {
    await executor(tx)
      .insertInto('mcp_user_credentials')
      .values({ user_id: userId, server_id: serverId, secret_encrypted: sealed, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(['server_id', 'user_id']).doUpdateSet({ secret_encrypted: sealed, updated_at: now }),
      )
      .execute();
  }

  async delete(tx: Tx, userId: string, serverId: string): Promise<boolean> {
    const result = await executor(tx)
      .deleteFrom('mcp_user_credentials')
      .where('user_id', '=', userId)
      .where('server_id', '=', serverId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
