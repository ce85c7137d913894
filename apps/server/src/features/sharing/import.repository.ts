import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

export interface ImportedMessage {
  /** The export's ids: the message's and the one it follows (parents come first). */
  key: string;
  parentKey: string | null;
  type: 'user' | 'assistant';
  content: string;
  model: string | null;
  created_at: string;
}

/** Writes an imported conversation (and its messages) for its owner, inside the caller's transaction. */
export class ImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    tx: Tx,
    userId: string,
    conversation: { title: string; created_at: string; updated_at: string; activeKey: string | null },
    messages: ImportedMessage[],
  ): Promise<string> {
    const db = executor(tx, this.db);
    const id = newId();
    const ids = new Map(messages.map((message) => [message.key, newId()]));
    const { activeKey, ...fields } = conversation;
    await db
      .insertInto('chat_conversations')
      .values({ id, user_id: userId, ...fields, active_leaf_id: (activeKey && ids.get(activeKey)) ?? null })
      .execute();
    const rows = messages.map(({ key, parentKey, ...message }) => ({
      id: ids.get(key) ?? newId(),
      conversation_id: id,
      parent_id: (parentKey && ids.get(parentKey)) ?? null,
      ...message,
      attachments: '[]',
      is_error: 0,
      metadata: '{}',
    }));
    // In slices: SQLite allows a limited number of bound values per statement.
    for (let start = 0; start < rows.length; start += 100) {
      await db
        .insertInto('chat_messages')
        .values(rows.slice(start, start + 100))
        .execute();
    }
    return id;
  }
}
