import type { Kysely } from 'kysely';

/**
 * Sign-up policy (issue 16): accounts waiting for an administrator's approval, and invitation links.
 *
 * Pending accounts live in their own table rather than as a new `profiles.status` value: SQLite cannot alter a
 * CHECK constraint, so a new status would mean rebuilding `profiles` (and every table that references it). A
 * row here also keeps "waiting" apart from "banned"/"suspended", which admins set on purpose; approval deletes
 * the row, and the row goes with the account when it is deleted (rejection).
 *
 * Invitations store only the SHA-256 of their token (shown once, like API tokens). They go with the admin who
 * created them or the organisation they lead into, so an invitation never outlives the authority behind it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signup_approvals')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('max_uses', 'integer', (col) => col.notNull())
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('invitations_org_idx')
    .on('invitations')
    .columns(['organization_id', 'created_at'])
    .execute();
}
