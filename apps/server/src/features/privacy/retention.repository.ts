import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export interface RetentionCounts {
  conversations: number;
  messages: number;
  attachments: number;
}

/** Deletes one user's chat data older than a cutoff (the daily retention job). */
export class RetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Conversations untouched since the cutoff go whole (with their messages and attachments); in the others,
   * messages and attachments older than the cutoff go. Returns the blob keys of the deleted attachments.
   */
  async trim(tx: Tx, userId: string, cutoff: string): Promise<{ counts: RetentionCounts; blobKeys: string[] }> {
    const db = executor(tx);
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    const stale = db
      .selectFrom('chat_conversations')
      .select('id')
      .where('user_id', '=', userId)
      .where('updated_at', '<', cutoff);
    const attachments = await db
      .selectFrom('chat_attachments')
      .select(['id', 'blob_key'])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('created_at', '<', cutoff), eb('conversation_id', 'in', stale)]))
      .execute();
    const ownConversations = db.selectFrom('chat_conversations').select('id').where('user_id', '=', userId);
    const messages = count(
      await db
        .deleteFrom('chat_messages')
        .where('conversation_id', 'in', ownConversations)
        .where((eb) => eb.or([eb('created_at', '<', cutoff), eb('conversation_id', 'in', stale)]))
        .executeTakeFirst(),
    );
    if (attachments.length > 0) {
      const ids = attachments.map((attachment) => attachment.id);
      await db.deleteFrom('chat_attachments').where('id', 'in', ids).where('user_id', '=', userId).execute();
    }
    const conversations = count(
      await db
        .deleteFrom('chat_conversations')
        .where('user_id', '=', userId)
        .where('updated_at', '<', cutoff)
        .executeTakeFirst(),
    );
    return {
      counts: { conversations, messages, attachments: attachments.length },
      blobKeys: attachments.map((attachment) => attachment.blob_key),
    };
  }
}
