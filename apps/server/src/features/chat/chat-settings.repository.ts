import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

interface StoredChatSettings {
  /** ChatSettings as JSON text; null when the chat has none of its own. */
  settings: string | null;
  preset_id: string | null;
}

/** A conversation's own settings (issue 17). Every query is scoped by the owner's user_id. */
export class ChatSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async read(userId: string, conversationId: string): Promise<StoredChatSettings | undefined> {
    return await this.db
      .selectFrom('chat_conversations')
      .select(['settings', 'preset_id'])
      .where('user_id', '=', userId)
      .where('id', '=', conversationId)
      .executeTakeFirst();
  }

  /** False when the user has no such conversation. */
  async write(tx: Tx | undefined, userId: string, conversationId: string, stored: Partial<StoredChatSettings>) {
    const result = await executor(tx, this.db)
      .updateTable('chat_conversations')
      .set(stored)
      .where('user_id', '=', userId)
      .where('id', '=', conversationId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
