import type { SharedMessage, UsedDocument } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import type { ReadMessage } from './conversation-read.repository';

export interface ShareRow {
  id: string;
  user_id: string;
  conversation_id: string;
  token_sealed: string;
  title: string;
  is_public: number;
  created_at: string;
  message_count: number;
}

export interface NewShare {
  userId: string;
  conversationId: string;
  tokenHash: string;
  tokenSealed: string;
  title: string;
  isPublic: boolean;
  createdAt: string;
}

const parseSources = (text: string): UsedDocument[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as UsedDocument[]) : [];
  } catch {
    return [];
  }
};

/** Share links and their snapshot rows. Owner-facing queries are scoped by user_id; the page finds a link by hash. */
export class ShareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The link and a copy of every message, in the caller's transaction. */
  async create(tx: Tx, share: NewShare, messages: ReadMessage[]): Promise<string> {
    const db = executor(tx);
    const id = newId();
    await db
      .insertInto('chat_shares')
      .values({
        id,
        user_id: share.userId,
        conversation_id: share.conversationId,
        token_hash: share.tokenHash,
        token_sealed: share.tokenSealed,
        title: share.title,
        is_public: share.isPublic ? 1 : 0,
        created_at: share.createdAt,
      })
      .execute();
    // Inserted in slices: SQLite allows a limited number of bound values per statement.
    const rows = messages.map((message, position) => ({
      id: newId(),
      share_id: id,
      position,
      type: message.type,
      content: message.content,
      model: message.model,
      sources: JSON.stringify(message.sources),
      created_at: message.created_at,
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await db
        .insertInto('chat_share_messages')
        .values(rows.slice(start, start + 100))
        .execute();
    }
    return id;
  }

  private withCount() {
    return this.db
      .selectFrom('chat_shares as s')
      .select(['s.id', 's.user_id', 's.conversation_id', 's.token_sealed', 's.title', 's.is_public', 's.created_at'])
      .select((eb) =>
        eb
          .selectFrom('chat_share_messages as sm')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('sm.share_id', '=', 's.id')
          .as('message_count'),
      );
  }

  async list(userId: string): Promise<ShareRow[]> {
    const rows = await this.withCount()
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({ ...row, message_count: Number(row.message_count ?? 0) }));
  }

  async findOwned(userId: string, id: string): Promise<ShareRow | undefined> {
    const row = await this.withCount().where('s.user_id', '=', userId).where('s.id', '=', id).executeTakeFirst();
    return row && { ...row, message_count: Number(row.message_count ?? 0) };
  }

  findByTokenHash(tokenHash: string) {
    return this.db
      .selectFrom('chat_shares')
      .select(['id', 'title', 'is_public', 'created_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async snapshot(shareId: string): Promise<SharedMessage[]> {
    const rows = await this.db
      .selectFrom('chat_share_messages')
      .select(['id', 'type', 'content', 'model', 'sources', 'created_at'])
      .where('share_id', '=', shareId)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ ...row, sources: parseSources(row.sources) }));
  }

  async delete(tx: Tx, userId: string, id: string): Promise<boolean> {
    const result = await executor(tx)
      .deleteFrom('chat_shares')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
