import type { Conversation } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import type { Cursor } from './cursor';

export interface ConversationRow extends Conversation {
  summary: string | null;
  summary_message_count: number | null;
}

const columns = ['id', 'title', 'created_at', 'updated_at', 'summary', 'summary_message_count'] as const;

/** Conversations. Every query is scoped by the owner's user_id; writes can join a caller's transaction. */
export class ConversationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(userId: string, title: string, tx?: Tx): Promise<ConversationRow> {
    const now = nowIso();
    const row = { id: newId(), user_id: userId, title, created_at: now, updated_at: now };
    await executor(tx, this.db).insertInto('chat_conversations').values(row).execute();
    return { id: row.id, title, created_at: now, updated_at: now, summary: null, summary_message_count: null };
  }

  findOwned(userId: string, id: string): Promise<ConversationRow | undefined> {
    return this.db
      .selectFrom('chat_conversations')
      .select(columns)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Newest updated first; `after` is the last row of the previous page. Reads one row more than asked. */
  async list(userId: string, page: { after?: Cursor; limit: number }): Promise<Conversation[]> {
    let query = this.db
      .selectFrom('chat_conversations as c')
      .select(['c.id', 'c.title', 'c.created_at', 'c.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .as('message_count'),
      )
      .where('c.user_id', '=', userId);
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
    return rows.map((row) => ({ ...row, message_count: Number(row.message_count ?? 0) }));
  }

  async rename(userId: string, id: string, title: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .updateTable('chat_conversations')
      .set({ title })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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
