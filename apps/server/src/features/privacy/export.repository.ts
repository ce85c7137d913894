import type { DataExport } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

type Conversations = DataExport['conversations'];
type Collections = DataExport['collections'];

/** Reads what the data export contains. Every query is scoped by the user; document content is never read. */
export class ExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async profile(userId: string, tx?: Tx): Promise<DataExport['profile'] | undefined> {
    const row = await executor(tx, this.db)
      .selectFrom('profiles')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select([
        'profiles.id',
        'profiles.email',
        'profiles.full_name',
        'profiles.avatar_url',
        'profiles.status',
        'profiles.created_at',
        'profiles.updated_at',
        'user_roles.role',
      ])
      .where('profiles.id', '=', userId)
      .executeTakeFirst();
    return row && { ...row, role: row.role ?? 'user' };
  }

  async conversations(userId: string, tx?: Tx): Promise<Conversations> {
    const db = executor(tx, this.db);
    const conversations = await db
      .selectFrom('chat_conversations')
      .select(['id', 'title', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const messages = await db
      .selectFrom('chat_messages')
      .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
      .select([
        'chat_messages.id',
        'chat_messages.conversation_id',
        'chat_messages.type',
        'chat_messages.content',
        'chat_messages.model',
        'chat_messages.created_at',
        'chat_messages.parent_id',
      ])
      .where('chat_conversations.user_id', '=', userId)
      .orderBy('chat_messages.created_at')
      .orderBy('chat_messages.id')
      .execute();
    const byConversation = groupBy(messages, (message) => message.conversation_id);
    return conversations.map((conversation) => ({
      ...conversation,
      messages: (byConversation.get(conversation.id) ?? []).map(({ conversation_id: _c, ...message }) => message),
    }));
  }

  async collections(userId: string, tx?: Tx): Promise<Collections> {
    const db = executor(tx, this.db);
    const collections = await db
      .selectFrom('knowledge_collections')
      .select(['id', 'name', 'description', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // Metadata only: no content, preview, chunks or stored file.
    const documents = await db
      .selectFrom('knowledge_documents')
      .select(['id', 'collection_id', 'file_name', 'file_type', 'file_size', 'status', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const byCollection = groupBy(documents, (document) => document.collection_id);
    return collections.map((collection) => ({
      ...collection,
      documents: (byCollection.get(collection.id) ?? []).map(({ collection_id: _c, ...document }) => ({
        ...document,
        file_size: Number(document.file_size),
      })),
    }));
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
