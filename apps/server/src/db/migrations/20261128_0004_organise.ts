import { type Kysely, sql } from 'kysely';

/**
 * Organising conversations (issue 17): folders (nested one level, checked by the service), pinning, archiving,
 * tags, and whether the person named the chat themselves (an automatic title never overwrites their name).
 * Deleting a folder moves its chats out (folder_id set null), never deletes them; deleting a conversation or an
 * account removes its tags.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_folders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'text', (col) => col.references('chat_folders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_folders_user_idx').on('chat_folders').columns(['user_id', 'name']).execute();
  await db.schema.createIndex('chat_folders_parent_idx').on('chat_folders').column('parent_id').execute();

  await db.schema
    .alterTable('chat_conversations')
    .addColumn('folder_id', 'text', (col) => col.references('chat_folders.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('chat_conversations').addColumn('pinned_at', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('archived_at', 'text').execute();
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('title_set_by_user', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Each sidebar section is its own paged query: a folder's chats, the pinned ones, the archived ones.
  await db.schema
    .createIndex('chat_conversations_user_folder_idx')
    .on('chat_conversations')
    .columns(['user_id', 'folder_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_user_pinned_idx')
    .on('chat_conversations')
    .columns(['user_id', 'pinned_at'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_user_archived_idx')
    .on('chat_conversations')
    .columns(['user_id', 'archived_at', 'updated_at', 'id'])
    .execute();

  await db.schema
    .createTable('chat_conversation_tags')
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_conversation_tags_pk', ['conversation_id', 'tag'])
    .addCheckConstraint('chat_conversation_tags_tag_check', sql`length(tag) between 1 and 40`)
    .execute();
  // "Every chat tagged x" and the list of one's tags.
  await db.schema
    .createIndex('chat_conversation_tags_user_tag_idx')
    .on('chat_conversation_tags')
    .columns(['user_id', 'tag'])
    .execute();
}
