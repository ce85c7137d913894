import type { Kysely } from 'kysely';

/**
 * Share links (issue 17): a read-only snapshot of a conversation as it was when shared.
 *
 * The snapshot is copied into its own rows (one per message, like chat_messages), so later edits, new messages
 * or a regenerated answer never change what a link shows. The link's token is looked up by its SHA-256; the
 * token itself is kept sealed (lib/secret-box.ts) only so its owner can copy the link again from Settings.
 * Links go with their owner and with the conversation they were made from (deleting a chat unshares it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_shares')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('token_sealed', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_shares_user_idx').on('chat_shares').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('chat_shares_conversation_idx').on('chat_shares').column('conversation_id').execute();

  await db.schema
    .createTable('chat_share_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('share_id', 'text', (col) => col.notNull().references('chat_shares.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('model', 'text')
    /** JSON: only what the page shows (sources); never the raw metadata of the original message. */
    .addColumn('sources', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('chat_share_messages_share_idx')
    .on('chat_share_messages')
    .columns(['share_id', 'position'])
    .execute();
}
