import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/crypto';

/** The sessions page's reads: one account's live sessions and API tokens, never anyone else's. */
export class SessionListRepository {
  constructor(private readonly db: Kysely<Database>) {}

  sessionsOf(userId: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso())
      .orderBy('last_seen_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  tokensOf(userId: string) {
    const now = nowIso();
    return this.db
      .selectFrom('api_tokens')
      .select([
        'id',
        'name',
        'prefix',
        'created_at',
        'last_used_at',
        'last_used_ip',
        'last_used_user_agent',
        'expires_at',
      ])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .execute();
  }
}
