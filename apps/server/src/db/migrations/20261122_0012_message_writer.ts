import { type Kysely, sql } from 'kysely';

/**
 * Answers are saved while they stream (issue 14): `writer` names the worker writing the answer and `written_at`
 * when it last saved; both are null once the answer is finished. A row left with a writer by a dead server is
 * an interrupted answer. The index holds only those few unfinished rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('writer', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('written_at', 'text').execute();
  await db.schema
    .createIndex('chat_messages_writer_idx')
    .on('chat_messages')
    .column('writer')
    .where(sql.ref('writer'), 'is not', null)
    .execute();
}
