import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

/** Which of a user's sessions or API tokens a revocation ends. */
export type CredentialSelection = 'all' | { except: string } | { ids: string[] };

/**
 * Ends sessions and API tokens, always scoped by their owner, and answers which rows went (so their event
 * streams can be told). Also the backstop check an open event stream repeats now and then.
 */
export class CredentialRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async deleteSessions(userId: string, selection: CredentialSelection, tx?: Tx): Promise<string[]> {
    if (typeof selection === 'object' && 'ids' in selection && selection.ids.length === 0) return [];
    let query = executor(tx, this.db).deleteFrom('sessions').where('user_id', '=', userId);
    if (typeof selection === 'object' && 'except' in selection) query = query.where('id', '!=', selection.except);
    if (typeof selection === 'object' && 'ids' in selection) query = query.where('id', 'in', selection.ids);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }

  async deleteTokens(userId: string, selection: CredentialSelection, tx?: Tx): Promise<string[]> {
    if (typeof selection === 'object' && 'ids' in selection && selection.ids.length === 0) return [];
    let query = executor(tx, this.db).deleteFrom('api_tokens').where('user_id', '=', userId);
    if (typeof selection === 'object' && 'except' in selection) query = query.where('id', '!=', selection.except);
    if (typeof selection === 'object' && 'ids' in selection) query = query.where('id', 'in', selection.ids);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }

  /** Whether a session or API token still exists, is unexpired and belongs to an active account. */
  async isActive(kind: 'session' | 'api_token', id: string): Promise<boolean> {
    const now = nowIso();
    const row =
      kind === 'session'
        ? await this.db
            .selectFrom('sessions')
            .innerJoin('profiles', 'profiles.id', 'sessions.user_id')
            .select('sessions.id')
            .where('sessions.id', '=', id)
            .where('sessions.expires_at', '>', now)
            .where('profiles.status', '=', 'active')
            .executeTakeFirst()
        : await this.db
            .selectFrom('api_tokens')
            .innerJoin('profiles', 'profiles.id', 'api_tokens.user_id')
            .select('api_tokens.id')
            .where('api_tokens.id', '=', id)
            .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]))
            .where('profiles.status', '=', 'active')
            .executeTakeFirst();
    return row !== undefined;
  }
}
