import { type Kysely, sql } from 'kysely';

/**
 * Model visibility (issue 16): a model or a whole runtime can be granted to groups. No row for a subject means
 * "Everyone" (the behaviour before), so existing instances change nothing. group_id has no foreign key on
 * purpose: deleting a group must not turn a restricted model into one for everyone (a cascade removing the last
 * row would), so the row stays and the model stays hidden until a super admin chooses again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_grants')
    .addColumn('subject_kind', 'text', (col) => col.notNull())
    // A model name, or a runtime id (env runtimes have fixed ids such as 'ollama', so no foreign key).
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('group_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('model_grants_pk', ['subject_kind', 'subject', 'group_id'])
    .addCheckConstraint('model_grants_kind_check', sql`subject_kind in ('model', 'provider')`)
    .execute();
  await db.schema.createIndex('model_grants_group_idx').on('model_grants').column('group_id').execute();
}
