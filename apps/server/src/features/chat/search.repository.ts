import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { ftsQuery, type SearchTerm, tsQuery } from './search-text';

/** Rows of the owner read newest first before the GIN index is asked instead (PostgreSQL). */
const WALK_ROWS = 5000;

export interface SearchFilters {
  /** ISO timestamps, inclusive. */
  from?: string;
  to?: string;
  model?: string;
  folderId?: string;
  hasAttachments?: boolean;
}

/** A matching text, newest first: `id` orders the index (and pages it). */
export interface SearchDocRow {
  id: number;
  conversation_id: string;
  message_id: string | null;
  created_at: string;
}

export interface SearchDetailRow {
  conversation_id: string;
  title: string;
  updated_at: string;
  archived_at: string | null;
  model: string | null;
  message_id: string | null;
  content: string | null;
  /** When the matching text was written. */
  created_at: string;
}

/**
 * Conversation search over chat_search_docs (kept by triggers, migration 20261128_0003_search). Every query is
 * scoped by the owner on the index row itself, so another user's conversations are never read, let alone found.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** One page of matches, newest first, strictly older than `before` (a previous page's last id). */
  async find(
    userId: string,
    terms: SearchTerm[],
    filters: SearchFilters,
    page: { before?: number; limit: number },
  ): Promise<SearchDocRow[]> {
    const where: RawBuilder<unknown>[] = [sql`d.owner_id = ${userId}`];
    if (page.before !== undefined) where.push(sql`d.id < ${page.before}`);
    if (filters.from) where.push(sql`d.created_at >= ${filters.from}`);
    if (filters.to) where.push(sql`d.created_at <= ${filters.to}`);
    if (filters.folderId) where.push(sql`c.folder_id = ${filters.folderId}`);
    if (filters.model) {
      where.push(sql`exists (select 1 from chat_messages mm
        where mm.conversation_id = c.id and mm.model = ${filters.model})`);
    }
    if (filters.hasAttachments !== undefined) {
      where.push(sql`${sql.raw(filters.hasAttachments ? '' : 'not ')}exists (select 1 from chat_attachments a
        where a.conversation_id = c.id)`);
    }
    const rows =
      this.dialect === 'sqlite'
        ? // The owner's own token in the FTS row makes the text index do the owner filter; reading it by rowid
          // descending stops after one page however common the words are.
          await sql<SearchDocRow>`select d.id, d.conversation_id, d.message_id, d.created_at
            from chat_search_fts f
            join chat_search_docs d on d.id = f.rowid
            join chat_conversations c on c.id = d.conversation_id
            where chat_search_fts match ${`owner : "u${userId.replaceAll('-', '').toLowerCase()}" AND body : (${ftsQuery(terms)})`}
              and ${sql.join(where, sql` and `)}
            order by f.rowid desc limit ${page.limit}`.execute(this.db)
        : await this.findPostgres(userId, tsQuery(terms), where, page);
    return rows.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /**
   * PostgreSQL's planner cannot know how common a word is for one user, and guessing wrong costs seconds at a
   * million messages: walking the owner's rows newest first is instant for a common word and reads everything
   * for a rare one; the GIN index is the reverse. So: first the owner's newest WALK_ROWS rows (a common word fills
   * the page there); only when that leaves the page short and the owner has more rows, the GIN index, whose
   * matches for this owner are then known to be few.
   */
  private async findPostgres(
    userId: string,
    query: string,
    where: RawBuilder<unknown>[],
    page: { before?: number; limit: number },
  ) {
    const before = page.before === undefined ? sql`` : sql`and id < ${page.before}`;
    const walk = (rows: number) =>
      sql<SearchDocRow>`select d.id, d.conversation_id, d.message_id, d.created_at
      from (select * from chat_search_docs where owner_id = ${userId} ${before}
            order by id desc limit ${rows}) d
      join chat_conversations c on c.id = d.conversation_id
      where d.tsv @@ to_tsquery('simple', ${query}) and ${sql.join(where, sql` and `)}
      order by d.id desc limit ${page.limit}`.execute(this.db);
    let walkedRows = WALK_ROWS;
    let walked = await walk(walkedRows);
    // Some matches but not a page (a phrase of common words, a word of middling frequency): ten times further
    // is still cheaper than the GIN index, which would recheck every row holding both common words.
    if (walked.rows.length > 0 && walked.rows.length < page.limit) {
      walkedRows = WALK_ROWS * 10;
      walked = await walk(walkedRows);
    }
    if (walked.rows.length >= page.limit) return walked;
    // The walk saw every row of this owner: nothing more to find (and a word common among other users' rows
    // would make the GIN index read all of theirs).
    const seen = await sql<{ n: number | string }>`select count(*) as n from (select 1 from chat_search_docs
      where owner_id = ${userId} ${before} order by id desc limit ${walkedRows}) x`.execute(this.db);
    if (Number(seen.rows[0]?.n ?? 0) < walkedRows) return walked;
    // `owner_id || ''`: the owner's btree index would cover most of the table (the planner likes to AND it with
    // the GIN bitmap, which reads a million index entries); the GIN matches are few, so filter them instead.
    return sql<SearchDocRow>`with matches as materialized (
        select id from chat_search_docs
        where tsv @@ to_tsquery('simple', ${query}) and (owner_id || '') = ${userId} ${before})
      select d.id, d.conversation_id, d.message_id, d.created_at
      from matches x
      join chat_search_docs d on d.id = x.id
      join chat_conversations c on c.id = d.conversation_id
      where ${sql.join(where, sql` and `)}
      order by d.id desc limit ${page.limit}`.execute(this.db);
  }

  /** What a result shows: the conversation, its latest answering model, and the matching message's text. */
  async details(userId: string, docs: SearchDocRow[]): Promise<SearchDetailRow[]> {
    if (docs.length === 0) return [];
    const conversationIds = [...new Set(docs.map((doc) => doc.conversation_id))];
    const messageIds = docs.flatMap((doc) => (doc.message_id ? [doc.message_id] : []));
    const conversations = await this.db
      .selectFrom('chat_conversations as c')
      .select(['c.id', 'c.title', 'c.updated_at', 'c.archived_at'])
      .select((eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select('m.model')
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.model', 'is not', null)
          .orderBy('m.created_at', 'desc')
          .limit(1)
          .as('model'),
      )
      .where('c.user_id', '=', userId)
      .where('c.id', 'in', conversationIds)
      .execute();
    // By primary key, within conversations just read under the owner's id: joining on the owner instead lets
    // SQLite start from the owner's ten thousand conversations and read every message of each.
    const owned = conversations.map((row) => row.id);
    const messages =
      messageIds.length === 0 || owned.length === 0
        ? []
        : await this.db
            .selectFrom('chat_messages as m')
            .select(['m.id', 'm.content'])
            .where('m.id', 'in', messageIds)
            .where('m.conversation_id', 'in', owned)
            .execute();
    const byConversation = new Map(conversations.map((row) => [row.id, row]));
    const content = new Map(messages.map((row) => [row.id, row.content]));
    return docs.flatMap((doc) => {
      const conversation = byConversation.get(doc.conversation_id);
      if (!conversation) return [];
      return [
        {
          conversation_id: doc.conversation_id,
          title: conversation.title,
          updated_at: conversation.updated_at,
          archived_at: conversation.archived_at,
          model: conversation.model ?? null,
          message_id: doc.message_id,
          content: doc.message_id ? (content.get(doc.message_id) ?? null) : null,
          created_at: doc.created_at,
        },
      ];
    });
  }
}
