import { type Kysely, sql } from 'kysely';

/** Conversations, their messages, and files attached to chat messages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    // A model-written summary of the older messages (spec §9: when over 20), cached until it goes stale.
    .addColumn('summary', 'text')
    .addColumn('summary_message_count', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('chat_conversations_user_updated_idx')
    .on('chat_conversations')
    .columns(['user_id', 'updated_at', 'id'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('is_error', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('model', 'text')
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('chat_messages_type_check', sql`type in ('user', 'assistant', 'system')`)
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation_created_idx')
    .on('chat_messages')
    .columns(['conversation_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('chat_attachments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) => col.references('chat_conversations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('blob_key', 'text', (col) => col.notNull())
    .addColumn('extracted_text', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('chat_attachments_kind_check', sql`kind in ('image', 'document')`)
    .execute();
  await db.schema
    .createIndex('chat_attachments_user_idx')
    .on('chat_attachments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('chat_attachments_conversation_idx')
    .on('chat_attachments')
    .column('conversation_id')
    .execute();
}
