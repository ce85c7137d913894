import type { Kysely } from 'kysely';

/**
 * Per-chat settings and presets (issue 17). A conversation keeps its own settings (system prompt, parameters,
 * model, collections) as JSON text checked by the contract's ChatSettings schema, and the preset it started
 * from. Presets ("assistants") are owned like prompts: private, shared with the owner's organisation, or with
 * groups of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_conversations').addColumn('settings', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('preset_id', 'text').execute();

  await db.schema
    .createTable('chat_presets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('starters', 'text', (col) => col.notNull())
    .addColumn('shared', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_presets_user_idx').on('chat_presets').columns(['user_id', 'name']).execute();
  await db.schema
    .createIndex('chat_presets_org_shared_idx')
    .on('chat_presets')
    .columns(['organization_id', 'shared'])
    .execute();

  await db.schema
    .createTable('chat_preset_group_shares')
    .addColumn('preset_id', 'text', (col) => col.notNull().references('chat_presets.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_preset_group_shares_pk', ['preset_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('chat_preset_group_shares_group_idx')
    .on('chat_preset_group_shares')
    .column('group_id')
    .execute();
}
