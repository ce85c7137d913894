import type { Kysely } from 'kysely';

/**
 * Tools (issue 20): the admin's choice per built-in tool (absent row: the tool's default), and the calls that
 * wait for the user's approval. A call's row is written when it starts waiting and answered by the user's
 * decision; any replica's answer loop reads it, so the decision may arrive on another replica.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('builtin_tool_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('approval', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('tool_call_approvals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('tool_name', 'text', (col) => col.notNull())
    .addColumn('decision', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('tool_call_approvals_user_idx')
    .on('tool_call_approvals')
    .columns(['user_id', 'conversation_id'])
    .execute();
}
