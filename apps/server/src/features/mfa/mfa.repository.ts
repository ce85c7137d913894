import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

export interface MfaFactor {
  secretSealed: string;
  enabledAt: string | null;
  lastTimeStep: number | null;
}

/** TOTP factors, recovery codes and sign-in challenges; always by their owner (or the challenge's own hash). */
export class MfaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async factor(userId: string): Promise<MfaFactor | undefined> {
    const row = await this.db
      .selectFrom('user_mfa')
      .select(['secret_sealed', 'enabled_at', 'last_time_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        secretSealed: row.secret_sealed,
        enabledAt: row.enabled_at,
        lastTimeStep: row.last_time_step === null ? null : Number(row.last_time_step),
      }
    );
  }

  /** A new, not yet confirmed secret (replacing an earlier unconfirmed one). */
  async savePending(userId: string, secretSealed: string): Promise<void> {
    await this.db.deleteFrom('user_mfa').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
    await this.db
      .insertInto('user_mfa')
      .values({ user_id: userId, secret_sealed: secretSealed, created_at: nowIso(), enabled_at: null })
      .execute();
  }

  async enable(userId: string, timeStep: number, tx: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .updateTable('user_mfa')
      .set({ enabled_at: nowIso(), last_time_step: timeStep })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records an accepted code's time step; false when that step (or a later one) was already used: a replay. */
  async useTimeStep(userId: string, timeStep: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_mfa')
      .set({ last_time_step: timeStep })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(userId: string, tx: Tx): Promise<void> {
    const db = executor(tx, this.db);
    await db.deleteFrom('user_mfa').where('user_id', '=', userId).execute();
    await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
  }

  async replaceRecoveryCodes(userId: string, hashes: string[], tx: Tx): Promise<void> {
    const db = executor(tx, this.db);
    await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    const rows = hashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, used_at: null }));
    if (rows.length > 0) await db.insertInto('mfa_recovery_codes').values(rows).execute();
  }

  /** Spends one unused recovery code; false when there is none with that hash. */
  async useRecoveryCode(userId: string, hash: string, tx: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .updateTable('mfa_recovery_codes')
      .set({ used_at: nowIso() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('mfa_recovery_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async createChallenge(input: { userId: string; tokenHash: string; method: string; expiresAt: string }) {
    await this.db
      .insertInto('mfa_challenges')
      .values({
        id: newId(),
        token_hash: input.tokenHash,
        user_id: input.userId,
        method: input.method,
        expires_at: input.expiresAt,
      })
      .execute();
  }

  /** An unexpired challenge, counting this attempt: attempts include the current one. */
  async attemptChallenge(tokenHash: string) {
    await this.db.deleteFrom('mfa_challenges').where('expires_at', '<=', nowIso()).execute();
    await this.db
      .updateTable('mfa_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .execute();
    const row = await this.db
      .selectFrom('mfa_challenges')
      .select(['id', 'user_id', 'method', 'attempts'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { id: row.id, userId: row.user_id, method: row.method, attempts: Number(row.attempts) };
  }

  async deleteChallenge(id: string): Promise<void> {
    await this.db.deleteFrom('mfa_challenges').where('id', '=', id).execute();
  }

  async setSessionEnrolment(sessionId: string, required: boolean, tx?: Tx): Promise<void> {
    await executor(tx, this.db)
      .updateTable('sessions')
      .set({ mfa_enrol_required: required ? 1 : 0 })
      .where('id', '=', sessionId)
      .execute();
  }
}
