import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso, sha256 } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { toAuthUser, USER_COLUMNS, type AuthUser } from '../accounts';

const columns = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'expires_at'] as const;

/** Personal API tokens. Every method that reads or changes one is scoped by its owner. */
export class ApiTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: { userId: string; name: string; secret: string; expiresAt: string | null }, tx?: Tx) {
    const row = {
      id: newId(),
      user_id: input.userId,
      name: input.name,
      prefix: input.secret.slice(0, 12),
      token_hash: sha256(input.secret),
      created_at: nowIso(),
      last_used_at: null,
      expires_at: input.expiresAt,
    };
    await executor(tx, this.db).insertInto('api_tokens').values(row).execute();
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      created_at: row.created_at,
      last_used_at: null,
      expires_at: row.expires_at,
    };
  }

  listForUser(userId: string) {
    return this.db
      .selectFrom('api_tokens')
      .select(columns)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async deleteForUser(userId: string, id: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .deleteFrom('api_tokens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Unexpired token of an active account, or nothing. Marks it used. */
  async findUserBySecret(
    secret: string,
    client?: { ip: string | null; userAgent: string | null },
  ): Promise<{ tokenId: string; user: AuthUser } | undefined> {
    const now = nowIso();
    const row = await this.db
      .selectFrom('api_tokens')
      .innerJoin('profiles', 'profiles.id', 'api_tokens.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select(['api_tokens.id as token_id', 'api_tokens.last_used_at', 'api_tokens.last_used_ip', ...USER_COLUMNS])
      .where('api_tokens.token_hash', '=', sha256(secret))
      .where('profiles.status', '=', 'active')
      .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]))
      .executeTakeFirst();
    if (!row) return undefined;
    // Writing on every call would turn reads into writes; once a minute is precise enough, unless the token is
    // used from a new address (the sessions page shows where each token was last used).
    const moved = client !== undefined && client.ip !== row.last_used_ip;
    if (moved || !row.last_used_at || Date.parse(row.last_used_at) < Date.now() - 60_000) {
      const where = client
        ? { last_used_ip: client.ip, last_used_user_agent: client.userAgent?.slice(0, 500) ?? null }
        : {};
      await this.db
        .updateTable('api_tokens')
        .set({ last_used_at: now, ...where })
        .where('id', '=', row.token_id)
        .execute();
    }
    return { tokenId: row.token_id, user: toAuthUser(row) };
  }
}
