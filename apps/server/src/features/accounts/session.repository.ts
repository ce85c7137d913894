import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId, nowIso, sha256 } from '../../lib/crypto';
import { toAuthUser, USER_COLUMNS } from './user.repository';
import type { AuthUser } from './user.types';

export interface SessionLookup {
  sessionId: string;
  user: AuthUser;
}

/** Sessions live in the database (only a hash of the token), so any replica can answer any request. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: {
    userId: string;
    token: string;
    expiresAt: string;
    ip: string | null;
    userAgent: string | null;
  }) {
    const id = newId();
    const now = nowIso();
    await this.db
      .insertInto('sessions')
      .values({
        id,
        user_id: input.userId,
        token_hash: sha256(input.token),
        created_at: now,
        last_seen_at: now,
        expires_at: input.expiresAt,
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 500) ?? null,
      })
      .execute();
    return id;
  }

  /** A session only counts while unexpired and its account is active: a ban ends it on the next request. */
  async findActiveByToken(token: string): Promise<SessionLookup | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('profiles', 'profiles.id', 'sessions.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select(['sessions.id as session_id', ...USER_COLUMNS])
      .where('sessions.token_hash', '=', sha256(token))
      .where('sessions.expires_at', '>', nowIso())
      .where('profiles.status', '=', 'active')
      .executeTakeFirst();
    return row && { sessionId: row.session_id, user: toAuthUser(row) };
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
  }
}
