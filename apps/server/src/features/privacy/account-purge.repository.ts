import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/**
 * Removes every row an account owns. Most tables also cascade from profiles, but each is deleted explicitly so
 * the counts are known and rows without a foreign key (jobs, the full-text index via its trigger) go too.
 */
export class AccountPurgeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stored files of the account: chat attachments and knowledge documents. */
  async blobKeys(userId: string, tx?: Tx): Promise<string[]> {
    const db = executor(tx, this.db);
    const attachments = await db
      .selectFrom('chat_attachments')
      .select('blob_key')
      .where('user_id', '=', userId)
      .execute();
    const documents = await db
      .selectFrom('knowledge_documents')
      .select('blob_key')
      .where('user_id', '=', userId)
      .execute();
    return [...attachments, ...documents].flatMap((row) => (row.blob_key ? [row.blob_key] : []));
  }

  async purge(tx: Tx, userId: string): Promise<Record<string, number>> {
    const db = executor(tx);
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    const conversations = db.selectFrom('chat_conversations').select('id').where('user_id', '=', userId);
    const counts: Record<string, number> = {};
    // Job payloads name the user (e.g. ingestion: {documentId, userId}); a UUID has no LIKE wildcards.
    counts.jobs = count(await db.deleteFrom('jobs').where('payload', 'like', `%${userId}%`).executeTakeFirst());
    counts.messages = count(
      await db.deleteFrom('chat_messages').where('conversation_id', 'in', conversations).executeTakeFirst(),
    );
    counts.attachments = count(
      await db.deleteFrom('chat_attachments').where('user_id', '=', userId).executeTakeFirst(),
    );
    counts.conversations = count(
      await db.deleteFrom('chat_conversations').where('user_id', '=', userId).executeTakeFirst(),
    );
    // Chunks before documents: vectors and the lexical index are keyed by chunk and cascade or trigger from it.
    counts.chunks = count(await db.deleteFrom('knowledge_chunks').where('user_id', '=', userId).executeTakeFirst());
    counts.documents = count(
      await db.deleteFrom('knowledge_documents').where('user_id', '=', userId).executeTakeFirst(),
    );
    counts.collections = count(
      await db.deleteFrom('knowledge_collections').where('user_id', '=', userId).executeTakeFirst(),
    );
    counts.api_tokens = count(await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst());
    counts.sessions = count(await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst());
    await db.deleteFrom('user_update_preferences').where('user_id', '=', userId).execute();
    await db.deleteFrom('user_credentials').where('user_id', '=', userId).execute();
    // Other rows only point at the account (who banned, who created, whose child): they stay, without the pointer.
    await db.updateTable('profiles').set({ banned_by: null }).where('banned_by', '=', userId).execute();
    await db.updateTable('user_roles').set({ parent_user_id: null }).where('parent_user_id', '=', userId).execute();
    await db.updateTable('model_providers').set({ created_by: null }).where('created_by', '=', userId).execute();
    await db.updateTable('model_downloads').set({ created_by: null }).where('created_by', '=', userId).execute();
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    // Last: any table added later with `references profiles on delete cascade` goes with the profile.
    await db.deleteFrom('profiles').where('id', '=', userId).execute();
    return counts;
  }
}
