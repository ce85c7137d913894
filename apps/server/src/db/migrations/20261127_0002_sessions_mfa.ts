import type { Kysely } from 'kysely';

/**
 * Sessions page and TOTP two-factor (issue 16).
 *
 * `sessions.mfa_enrol_required` marks a session signed in under a "require 2FA" policy by someone who has no
 * second factor yet: until they enrol, that session may only reach the enrolment routes (http/auth.ts).
 *
 * `user_mfa` holds the TOTP secret sealed with SecretBox (never in clear); `enabled_at` stays null while an
 * enrolment waits for its first code. `last_time_step` is the last accepted code's time step, so a code seen
 * over someone's shoulder cannot be replayed within its 30 seconds. Recovery codes and sign-in challenges store
 * only SHA-256 hashes, like sessions and API tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('mfa_enrol_required', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('user_mfa')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_time_step', 'integer')
    .execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('mfa_recovery_codes_user_idx').on('mfa_recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mfa_challenges_user_idx').on('mfa_challenges').column('user_id').execute();
}
