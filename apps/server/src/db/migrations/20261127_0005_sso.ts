import type { Kysely } from 'kysely';

/**
 * Single sign-on (issue 16): which account an identity at an OIDC issuer or LDAP directory belongs to. Keyed by
 * the provider's stable subject (OIDC `sub`, the LDAP entry's DN), so a later e-mail change at the provider does
 * not make a second account; rows go with their account (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('external_identities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_login_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('external_identities_subject_idx')
    .on('external_identities')
    .columns(['provider', 'subject'])
    .unique()
    .execute();
  await db.schema.createIndex('external_identities_user_idx').on('external_identities').column('user_id').execute();
}
