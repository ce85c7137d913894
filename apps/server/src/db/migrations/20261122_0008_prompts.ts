import type { Kysely } from 'kysely';

/** The prompt library: own prompts, optionally shared with the owner's organisation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('set null'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('shared', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('prompts_user_idx').on('prompts').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('prompts_org_shared_idx').on('prompts').columns(['organization_id', 'shared']).execute();
}
