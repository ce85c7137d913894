import type { Kysely } from 'kysely';

/**
 * Issue 19: each user's own answer to the update notices, kept on the server so it holds on every device:
 * Later (snoozed until), X (the version dismissed) and the one-time "Hearth was updated" notice (the version seen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('update_notice_states')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('snoozed_until', 'text')
    .addColumn('dismissed_version', 'text')
    .addColumn('seen_version', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
