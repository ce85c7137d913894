import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso, sha256 } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { toAuthUser, USER_COLUMNS } from './user.repository';
import type { AuthUser } from './user.types';

const SEEN_PRECISION_MS = 3_600_000;

export interface SessionLookup {
  sessionId: string;
  user: AuthUser;
  /** Signed in under a "require 2FA" policy without a second factor: only enrolment routes answer. */
  mfaEnrolRequired: boolean;
}

/** Sessions live in the database (only a hash of the token), so any replica can answer any request. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(
    input: { userId: string; token: string; expiresAt: string; ip: string | null; userAgent: string | null },
    tx?: Tx,
  ) {
    const db = executor(tx, this.db);
    const id = newId();
    const now = nowIso();
    await db
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
    await db.updateTable('profiles').set({ last_seen_at: now }).where('id', '=', input.userId).execute();
    return id;
  }

  /** A session only counts while unexpired and its account is active: a ban ends it on the next request. */
  async findActiveByToken(token: string): Promise<SessionLookup | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('profiles', 'profiles.id', 'sessions.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select([
        'sessions.id as session_id',
        'sessions.last_seen_at as session_seen_at',
        'sessions.mfa_enrol_required',
        ...USER_COLUMNS,
      ])
      .where('sessions.token_hash', '=', sha256(token))
      .where('sessions.expires_at', '>', nowIso())
      .where('profiles.status', '=', 'active')
      .executeTakeFirst();
    if (!row) return undefined;
    // Writing on every request would turn reads into writes; hourly is precise enough for "active this week".
    if (Date.parse(row.session_seen_at) < Date.now() - SEEN_PRECISION_MS) await this.touch(row.session_id, row.id);
    return { sessionId: row.session_id, user: toAuthUser(row), mfaEnrolRequired: Number(row.mfa_enrol_required) === 1 };
  }

  private async touch(sessionId: string, userId: string): Promise<void> {
    const now = nowIso();
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
    await this.db.updateTable('profiles').set({ last_seen_at: now }).where('id', '=', userId).execute();
  }

  async delete(sessionId: string, tx?: Tx): Promise<void> {
    await executor(tx, this.db).deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteAllForUser(userId: string, exceptSessionId?: string, tx?: Tx): Promise<void> {
    let query = executor(tx, this.db).deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
  }
}
