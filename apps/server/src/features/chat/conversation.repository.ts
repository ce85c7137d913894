import type { Conversation } from '@hearth/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import type { Cursor } from './cursor';

export interface ConversationRow extends Conversation {
  summary: string | null;
  summary_message_count: number | null;
}

const columns = [
  'id',
  'title',
  'created_at',
  'updated_at',
  'summary',
  'summary_message_count',
  'folder_id',
  'pinned_at',
  'archived_at',
] as const;

/** Which chats a list page holds (contract ConversationListQuery's section). */
interface ListFilter {
  section: 'all' | 'unfiled' | 'pinned' | 'folder' | 'archived';
  folderId?: string;
  /** Title contains (case-insensitive). */
  q?: string;
}

/** LIKE pattern for "contains", with the user's own % and _ taken literally. */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conversations. Every query is scoped by the owner's user_id; writes can join a caller's transaction. */
export class ConversationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(userId: string, title: string, tx?: Tx): Promise<ConversationRow> {
    const now = nowIso();
    const row = { id: newId(), user_id: userId, title, created_at: now, updated_at: now };
    await executor(tx, this.db).insertInto('chat_conversations').values(row).execute();
    return {
      id: row.id,
      title,
      created_at: now,
      updated_at: now,
      summary: null,
      summary_message_count: null,
      folder_id: null,
      pinned_at: null,
      archived_at: null,
    };
  }

  findOwned(userId: string, id: string): Promise<ConversationRow | undefined> {
    return this.db
      .selectFrom('chat_conversations')
      .select(columns)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Newest updated first; `after` is the last row of the previous page. Reads one row more than asked. Each
   * section is its own indexed query, so pinned chats and folders never make the client load the whole list.
   */
  async list(
    userId: string,
    page: { after?: Cursor; limit: number },
    filter: ListFilter = { section: 'all' },
  ): Promise<Conversation[]> {
    let query = this.db
      .selectFrom('chat_conversations as c')
      .select(['c.id', 'c.title', 'c.created_at', 'c.updated_at', 'c.folder_id', 'c.pinned_at', 'c.archived_at'])
      .select((eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .as('message_count'),
      )
      .where('c.user_id', '=', userId);
    if (filter.section === 'archived') query = query.where('c.archived_at', 'is not', null);
    else query = query.where('c.archived_at', 'is', null);
    if (filter.section === 'pinned') query = query.where('c.pinned_at', 'is not', null);
    if (filter.section === 'unfiled') query = query.where('c.pinned_at', 'is', null).where('c.folder_id', 'is', null);
    if (filter.section === 'folder') query = query.where('c.folder_id', '=', filter.folderId ?? '');
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      query = query.where((eb) => eb(eb.fn('lower', ['c.title']), 'like', sql<string>`${pattern} escape '\\'`));
    }
    const after = page.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('c.updated_at', '<', after.at),
          eb.and([eb('c.updated_at', '=', after.at), eb('c.id', '<', after.id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit + 1)
      .execute();
    const tags = await this.tagsOf(
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, message_count: Number(row.message_count ?? 0), tags: tags.get(row.id) ?? [] }));
  }

  /** The tags of one page of conversations, by conversation id (one query, not one per row). */
  private async tagsOf(userId: string, ids: string[]): Promise<Map<string, string[]>> {
    const tags = new Map<string, string[]>();
    if (ids.length === 0) return tags;
    const rows = await this.db
      .selectFrom('chat_conversation_tags')
      .select(['conversation_id', 'tag'])
      .where('conversation_id', 'in', ids)
      .where('user_id', '=', userId)
      .orderBy('tag')
      .execute();
    for (const row of rows) tags.set(row.conversation_id, [...(tags.get(row.conversation_id) ?? []), row.tag]);
    return tags;
  }

  /** One conversation's tags. */
  async tags(userId: string, id: string): Promise<string[]> {
    return (await this.tagsOf(userId, [id])).get(id) ?? [];
  }

  /** A rename by the person (byUser) marks the title as theirs; an automatic one never replaces it. */
  async rename(userId: string, id: string, title: string, tx?: Tx, byUser = true): Promise<boolean> {
    let query = executor(tx, this.db)
      .updateTable('chat_conversations')
      .set(byUser ? { title, title_set_by_user: 1 } : { title })
      .where('id', '=', id)
      .where('user_id', '=', userId);
    if (!byUser) query = query.where('title_set_by_user', '=', 0);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteMany(userId: string, ids: string[], tx?: Tx): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await executor(tx, this.db)
      .deleteFrom('chat_conversations')
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Spec §4: adding a message bumps the conversation's updated_at. */
  async touch(userId: string, id: string, at: string): Promise<void> {
    await this.db
      .updateTable('chat_conversations')
      .set({ updated_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async setSummary(userId: string, id: string, summary: string | null, messageCount: number | null): Promise<void> {
    await this.db
      .updateTable('chat_conversations')
      .set({ summary, summary_message_count: messageCount })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async delete(userId: string, id: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .deleteFrom('chat_conversations')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteAll(userId: string, tx?: Tx): Promise<number> {
    const result = await executor(tx, this.db)
      .deleteFrom('chat_conversations')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
