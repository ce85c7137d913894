import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/transaction';

/**
 * Removes every row an account owns. Most tables also cascade from profiles, but each is deleted explicitly so
 * the counts are known and rows without a foreign key (jobs, the full-text index via its trigger) go too.
 */
export class AccountPurgeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stored files of the account: chat attachments and knowledge documents. */
  async blobKeys(userId: string, executor: Executor = this.db): Promise<string[]> {
    const attachments = await executor
      .selectFrom('chat_attachments')
      .select('blob_key')
      .where('user_id', '=', userId)
      .execute();
    const documents = await executor
      .selectFrom('knowledge_documents')
      .select('blob_key')
      .where('user_id', '=', userId)
      .execute();
    return [...attachments, ...documents].flatMap((row) => (row.blob_key ? [row.blob_key] : []));
  }

  async purge(executor: Executor, userId: string): Promise<Record<string, number>> {
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    const conversations = executor.selectFrom('chat_conversations').select('id').where('user_id', '=', userId);
    const counts: Record<string, number> = {};
    // Job payloads name the user (e.g. ingestion: {documentId, userId}); a UUID has no LIKE wildcards.
    counts.jobs = count(await executor.deleteFrom('jobs').where('payload', 'like', `%${userId}%`).executeTakeFirst());
    counts.messages = count(
      await executor.deleteFrom('chat_messages').where('conversation_id', 'in', conversations).executeTakeFirst(),
    );
    counts.attachments = count(
      await executor.deleteFrom('chat_attachments').where('user_id', '=', userId).executeTakeFirst(),
    );
    counts.conversations = count(
      await executor.deleteFrom('chat_conversations').where('user_id', '=', userId).executeTakeFirst(),
    );
    // Chunks before documents: vectors and the lexical index are keyed by chunk and cascade or trigger from it.
    counts.chunks = count(
      await executor.deleteFrom('knowledge_chunks').where('user_id', '=', userId).executeTakeFirst(),
    );
    counts.documents = count(
      await executor.deleteFrom('knowledge_documents').where('user_id', '=', userId).executeTakeFirst(),
    );
    counts.collections = count(
      await executor.deleteFrom('knowledge_collections').where('user_id', '=', userId).executeTakeFirst(),
    );
    counts.api_tokens = count(await executor.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst());
    counts.sessions = count(await executor.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst());
    await executor.deleteFrom('user_update_preferences').where('user_id', '=', userId).execute();
    await executor.deleteFrom('user_credentials').where('user_id', '=', userId).execute();
    // Other rows only point at the account (who banned, who created, whose child): they stay, without the pointer.
    await executor.updateTable('profiles').set({ banned_by: null }).where('banned_by', '=', userId).execute();
    await executor
      .updateTable('user_roles')
      .set({ parent_user_id: null })
      .where('parent_user_id', '=', userId)
      .execute();
    await executor.updateTable('model_providers').set({ created_by: null }).where('created_by', '=', userId).execute();
    await executor.updateTable('model_downloads').set({ created_by: null }).where('created_by', '=', userId).execute();
    await executor.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    // Last: any table added later with `references profiles on delete cascade` goes with the profile.
    await executor.deleteFrom('profiles').where('id', '=', userId).execute();
    return counts;
  }
}
