import { type Kysely, sql } from 'kysely';

/**
 * Branching (issue 17): edits and regenerations keep every alternative, so messages form a tree, one row per
 * message as before. `parent_id` is the message answered or followed (null for a first message; editing the
 * first message makes several roots); `active_leaf_id` is where the conversation's shown path ends (null: the
 * newest message); `summary_through_id` keeps a cached summary to the branch it was written from. Existing
 * conversations become one chain in created_at order, ending at their newest message.
 * No foreign keys: rows only go with their conversation (cascade), and a path is always read through it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('parent_id', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('active_leaf_id', 'text').execute();
  // The last message the cached summary covers: it is used only on a path through that message.
  await db.schema.alterTable('chat_conversations').addColumn('summary_through_id', 'text').execute();
  await sql`
    update chat_messages set parent_id = (
      select p.id from chat_messages p
      where p.conversation_id = chat_messages.conversation_id
        and (p.created_at < chat_messages.created_at
          or (p.created_at = chat_messages.created_at and p.id < chat_messages.id))
      order by p.created_at desc, p.id desc
      limit 1
    )`.execute(db);
  await sql`
    update chat_conversations set active_leaf_id = (
      select m.id from chat_messages m
      where m.conversation_id = chat_conversations.id
      order by m.created_at desc, m.id desc
      limit 1
    )`.execute(db);
  // Siblings (same parent) and the walk down to a branch's newest descendant.
  await db.schema
    .createIndex('chat_messages_conversation_parent_idx')
    .on('chat_messages')
    .columns(['conversation_id', 'parent_id', 'created_at'])
    .execute();
}
