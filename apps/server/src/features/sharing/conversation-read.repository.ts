import { MessageMetadata, type UsedDocument } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export interface ReadConversation {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface ReadMessage {
  type: 'user' | 'assistant' | 'system';
  content: string;
  model: string | null;
  sources: UsedDocument[];
  created_at: string;
}

/** Hard cap on what one share or export reads (the newest), so a huge chat cannot exhaust memory. */
const MAX_MESSAGES = 5000;

const sourcesOf = (metadata: string): UsedDocument[] => {
  try {
    return MessageMetadata.catch({}).parse(JSON.parse(metadata)).used_documents ?? [];
  } catch {
    return [];
  }
};

/**
 * Reads one owner's conversation for sharing and export: every query is scoped by the owner. Answers still
 * being written (a writer holds them) are left out, so a snapshot never holds half an answer.
 */
export class ConversationReadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findOwned(userId: string, id: string, tx?: Tx): Promise<ReadConversation | undefined> {
    return executor(tx, this.db)
      .selectFrom('chat_conversations')
      .select(['id', 'title', 'created_at', 'updated_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The shown path of the message tree (branching): from the active leaf (or the newest message) to the root. */
  async messages(userId: string, conversationId: string, tx?: Tx): Promise<ReadMessage[]> {
    const db = executor(tx, this.db);
    const leaf = await db
      .selectFrom('chat_conversations')
      .select('active_leaf_id')
      .where('id', '=', conversationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const rows = await db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.parent_id', 'm.type', 'm.content', 'm.model', 'm.metadata', 'm.created_at', 'm.writer'])
      .where('c.user_id', '=', userId)
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(MAX_MESSAGES)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const path: typeof rows = [];
    const seen = new Set<string>();
    for (let row = byId.get(leaf?.active_leaf_id ?? '') ?? rows[0]; row && !seen.has(row.id);) {
      seen.add(row.id);
      path.push(row);
      row = row.parent_id ? byId.get(row.parent_id) : undefined;
    }
    return path
      .reverse()
      .filter((row) => row.writer === null)
      .map((row) => ({
        type: row.type,
        content: row.content,
        model: row.model,
        created_at: row.created_at,
        sources: sourcesOf(row.metadata),
      }));
  }
}
