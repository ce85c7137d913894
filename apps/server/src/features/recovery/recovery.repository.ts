import type { Role } from '@hearth/contract';
import type { Kysely } from 'kysely';
import { DEFAULT_ORGANIZATION_ID } from '../../db/migrations/20261122_0001_foundation';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

export type AccountTokenPurpose = 'password_reset' | 'email_verification';

export interface NewAccountToken {
  userId: string;
  purpose: AccountTokenPurpose;
  tokenHash: string;
  email: string;
  expiresAt: string;
  createdBy: string | null;
}

/** One-time links (password resets, e-mail verification) and the account facts they change. */
export class RecoveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new link; earlier unused links of the same purpose stop working (only the newest is live). */
  async createToken(tx: Tx, token: NewAccountToken): Promise<string> {
    const trx = executor(tx);
    const now = nowIso();
    await trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('user_id', '=', token.userId)
      .where('purpose', '=', token.purpose)
      .where('used_at', 'is', null)
      .execute();
    const id = newId();
    await trx
      .insertInto('account_tokens')
      .values({
        id,
        user_id: token.userId,
        purpose: token.purpose,
        token_hash: token.tokenHash,
        email: token.email,
        created_at: now,
        expires_at: token.expiresAt,
        used_at: null,
        created_by: token.createdBy,
      })
      .execute();
    return id;
  }

  /**
   * Uses a live link: marks it used (a conditional update, so two requests racing with one link cannot both
   * win) and returns whose it is; undefined when unknown, used, expired or made for another address.
   */
  async consumeToken(tx: Tx, purpose: AccountTokenPurpose, tokenHash: string) {
    const trx = executor(tx);
    const now = nowIso();
    const row = await trx
      .selectFrom('account_tokens')
      .innerJoin('profiles', 'profiles.id', 'account_tokens.user_id')
      .select(['account_tokens.id', 'account_tokens.user_id', 'account_tokens.email', 'profiles.email as current'])
      .where('account_tokens.token_hash', '=', tokenHash)
      .where('account_tokens.purpose', '=', purpose)
      .where('account_tokens.used_at', 'is', null)
      .where('account_tokens.expires_at', '>', now)
      .executeTakeFirst();
    if (!row || row.email !== row.current) return undefined;
    const used = await trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return undefined;
    return { tokenId: row.id, userId: row.user_id, email: row.email };
  }

  /** Ends every session and API token of the account (after a reset, whoever held them must sign in again). */
  async revokeCredentials(tx: Tx, userId: string): Promise<void> {
    const trx = executor(tx);
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
  }

  /** Sets the password, also for an account that had none (one made by single sign-on). */
  async setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
    const now = nowIso();
    await executor(tx)
      .insertInto('user_credentials')
      .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
      .execute();
  }

  async emailVerifiedAt(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('profiles')
      .select('email_verified_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.email_verified_at ?? null;
  }

  async markEmailVerified(tx: Tx, userId: string): Promise<void> {
    await executor(tx).updateTable('profiles').set({ email_verified_at: nowIso() }).where('id', '=', userId).execute();
  }

  /** Sets the account's role (adding the role row if it has none); returns the role it had. */
  async setRole(tx: Tx, userId: string, role: Role): Promise<Role | null> {
    const trx = executor(tx);
    const row = await trx.selectFrom('user_roles').select('role').where('user_id', '=', userId).executeTakeFirst();
    if (row) {
      await trx.updateTable('user_roles').set({ role }).where('user_id', '=', userId).execute();
      return row.role;
    }
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role, organization_id: DEFAULT_ORGANIZATION_ID, parent_user_id: null })
      .execute();
    return null;
  }

  async anyAccount(): Promise<boolean> {
    return (await this.db.selectFrom('profiles').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** The account an address belongs to, with what a mail needs; undefined when none. */
  async findByEmail(email: string) {
    return this.db
      .selectFrom('profiles')
      .select(['id', 'email', 'full_name', 'status'])
      .where('email', '=', email)
      .executeTakeFirst();
  }
}
