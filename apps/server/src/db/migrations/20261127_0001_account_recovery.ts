import type { Kysely } from 'kysely';

/**
 * Account recovery (issue 16): one-time links for password resets and e-mail verification, stored as SHA-256
 * hashes only (the link is shown or mailed once), each with an expiry and a single use; and when an account's
 * e-mail address was last proven (`email_verified_at`, cleared when the address changes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    /** password_reset | email_verification */
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    /** The address the link was made for: a verification link proves only this address. */
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    /** The admin who issued it (null: the user asked by e-mail, or the command line). */
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();
}
