import type { Attachment, Message, MessageMetadata, MessageType } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { Cursor } from './cursor';
import { columns, type MessageRow, RETURNED, toMessage, withBranches } from './message-rows';
import { childrenOf, lineageQuery, newestDescendantId } from './message-tree.repository';

export interface NewMessage {
  type: MessageType;
  content: string;
  attachments?: Attachment[];
  isError?: boolean;
  model?: string | null;
  metadata?: MessageMetadata;
  /** An answer that starts streaming: the worker that will keep saving it (see AnswerDrafts). */
  writer?: string;
  /** The message it follows (null: a first message); left out, the end of the shown path. */
  parentId?: string | null;
}

/** An answer still being written (or left unfinished by a server that died). */
export interface DraftRow {
  id: string;
  writer: string;
  written_at: string | null;
  metadata: string;
  /** The model writing it (a comparison writes one answer per model at once). */
  model?: string | null;
}

/**
 * Messages are reached through their conversation: every query joins the conversation and checks its owner,
 * so a message id of another user's conversation finds nothing.
 */
export class MessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private owned(userId: string, conversationId: string) {
    return this.db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .where('c.user_id', '=', userId)
      .where('m.conversation_id', '=', conversationId);
  }

  /** Appends a message. Timestamps strictly increase within a conversation, so order never depends on ids. */
  async insert(userId: string, conversationId: string, input: NewMessage): Promise<Message> {
    const last = await this.owned(userId, conversationId)
      .select('m.created_at')
      .orderBy('m.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const now = Date.now();
    const createdAt = new Date(last ? Math.max(now, Date.parse(last.created_at) + 1) : now).toISOString();
    const row: MessageRow = {
      id: newId(),
      conversation_id: conversationId,
      type: input.type,
      content: input.content,
      attachments: JSON.stringify(input.attachments ?? []),
      is_error: input.isError ? 1 : 0,
      model: input.model ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
      created_at: createdAt,
    };
    const parentId = input.parentId !== undefined ? input.parentId : await this.activeLeaf(userId, conversationId);
    const writing = input.writer ? { writer: input.writer, written_at: new Date(now).toISOString() } : {};
    await this.db
      .insertInto('chat_messages')
      .values({ ...row, ...writing, parent_id: parentId })
      .execute();
    // What was just said is what the conversation shows next.
    await this.setActiveLeaf(userId, conversationId, row.id);
    return toMessage(row);
  }

  /** Where the shown path ends: the chosen leaf, else (none chosen, or it is gone) the newest message. */
  async activeLeaf(userId: string, conversationId: string): Promise<string | null> {
    const chosen = await this.owned(userId, conversationId)
      .select('m.id')
      .whereRef('m.id', '=', 'c.active_leaf_id')
      .executeTakeFirst();
    if (chosen) return chosen.id;
    const newest = await this.owned(userId, conversationId)
      .select('m.id')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return newest?.id ?? null;
  }

  async setActiveLeaf(userId: string, conversationId: string, leafId: string): Promise<void> {
    await this.db
      .updateTable('chat_conversations')
      .set({ active_leaf_id: leafId })
      .where('id', '=', conversationId)
      .where('user_id', '=', userId)
      .execute();
  }

  private lineageOf(userId: string, conversationId: string, messageId: string) {
    return lineageQuery(this.db, userId, conversationId, messageId);
  }

  /** The newest message under this one (itself when it has none): where its branch's path ends. */
  newestDescendant(userId: string, conversationId: string, messageId: string): Promise<string | undefined> {
    return newestDescendantId(this.db, userId, conversationId, messageId);
  }

  private ownedConversation(userId: string, conversationId: string) {
    return this.db
      .selectFrom('chat_conversations')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', conversationId);
  }

  /** Saves more of an answer being written, only while `writer` still holds it; false when it does not. */
  async saveDraft(userId: string, conversationId: string, id: string, writer: string, content: string) {
    const result = await this.db
      .updateTable('chat_messages')
      .set({ content, written_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('conversation_id', 'in', this.ownedConversation(userId, conversationId))
      .where('writer', '=', writer)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The answer's final state: same row (id, created_at), no writer any more. Undefined when it was removed. */
  async finishDraft(userId: string, conversationId: string, id: string, input: NewMessage) {
    const row = await this.db
      .updateTable('chat_messages')
      .set({
        content: input.content,
        is_error: input.isError ? 1 : 0,
        model: input.model ?? null,
        metadata: JSON.stringify(input.metadata ?? {}),
        writer: null,
        written_at: null,
      })
      .where('id', '=', id)
      .where('conversation_id', 'in', this.ownedConversation(userId, conversationId))
      .returning(RETURNED)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /** Removes an answer that is still unfinished (never one its writer already finished). */
  async discardDraft(userId: string, conversationId: string, id: string, writer: string): Promise<void> {
    const draft = await this.owned(userId, conversationId)
      .select('m.parent_id')
      .where('m.id', '=', id)
      .where('m.writer', '=', writer)
      .executeTakeFirst();
    if (!draft) return;
    await this.db.deleteFrom('chat_messages').where('id', '=', id).where('writer', '=', writer).execute();
    // The shown path ended at the draft: it ends where the rest of that branch ends now (the answer it was
    // to replace, for a regeneration), or at what the draft answered.
    const leaf = draft.parent_id ? await this.newestDescendant(userId, conversationId, draft.parent_id) : undefined;
    await this.db
      .updateTable('chat_conversations')
      .set({ active_leaf_id: leaf ?? null })
      .where('id', '=', conversationId)
      .where('user_id', '=', userId)
      .where('active_leaf_id', '=', id)
      .execute();
  }

  /** Unfinished answers: of one owner's conversation, or (at start-up, a system task) of everyone. */
  async drafts(owner?: { userId: string; conversationId: string }): Promise<DraftRow[]> {
    let query = this.db
      .selectFrom('chat_messages')
      .select(['id', 'writer', 'written_at', 'metadata', 'model'])
      .where('writer', 'is not', null);
    if (owner) {
      query = query.where('conversation_id', 'in', this.ownedConversation(owner.userId, owner.conversationId));
    }
    const rows = await query.execute();
    return rows.flatMap((row) => (row.writer ? [{ ...row, writer: row.writer }] : []));
  }

  /** The user's unfinished answers, with their conversations (the sidebar's live indicator, issue 17). */
  async draftsOf(userId: string): Promise<(DraftRow & { conversation_id: string })[]> {
    // Unfinished answers are few instance-wide and have a partial index; starting from the owner's conversations
    // instead made SQLite walk every message of a user with thousands of chats on each list.
    const rows = await this.db
      .selectFrom('chat_messages')
      .select(['id', 'conversation_id', 'writer', 'written_at', 'metadata'])
      .where('writer', 'is not', null)
      .execute();
    if (rows.length === 0) return [];
    const owned = await this.db
      .selectFrom('chat_conversations')
      .select('id')
      .where('user_id', '=', userId)
      .where(
        'id',
        'in',
        rows.map((row) => row.conversation_id),
      )
      .execute();
    const mine = new Set(owned.map((row) => row.id));
    return rows.flatMap((row) => (row.writer && mine.has(row.conversation_id) ? [{ ...row, writer: row.writer }] : []));
  }

  /** Ends an unfinished answer with the given metadata, unless its writer finished it meanwhile. */
  async closeDraft(draft: DraftRow, metadata: MessageMetadata): Promise<boolean> {
    const result = await this.db
      .updateTable('chat_messages')
      .set({ metadata: JSON.stringify(metadata), writer: null, written_at: null })
      .where('id', '=', draft.id)
      .where('writer', '=', draft.writer)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async find(userId: string, conversationId: string, messageId: string): Promise<Message | undefined> {
    return (await this.findNode(userId, conversationId, messageId))?.message;
  }

  /** One message of an owned conversation, with the message it follows in the tree. */
  async findNode(
    userId: string,
    conversationId: string,
    messageId: string,
  ): Promise<{ message: Message; parentId: string | null } | undefined> {
    const row = await this.owned(userId, conversationId)
      .select(columns)
      .where('m.id', '=', messageId)
      .executeTakeFirst();
    return row && { message: toMessage(row), parentId: row.parent_id };
  }

  /**
   * One page of the shown path (root to active leaf) in chronological order: the newest `limit`, or those
   * before/after a cursor. Timestamps only grow along a path, so the cursors of a flat list still work.
   */
  async page(
    userId: string,
    conversationId: string,
    page: { before?: Cursor; after?: Cursor; limit: number },
  ): Promise<{ messages: Message[]; hasOlder: boolean; hasNewer: boolean }> {
    const { before, after, limit } = page;
    const leaf = await this.activeLeaf(userId, conversationId);
    if (!leaf) return { messages: [], hasOlder: false, hasNewer: false };
    let query = this.lineageOf(userId, conversationId, leaf).select(columns);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('m.created_at', '>', after.at),
          eb.and([eb('m.created_at', '=', after.at), eb('m.id', '>', after.id)]),
        ]),
      );
    }
    if (before) {
      query = query.where((eb) =>
        eb.or([
          eb('m.created_at', '<', before.at),
          eb.and([eb('m.created_at', '=', before.at), eb('m.id', '<', before.id)]),
        ]),
      );
    }
    const forward = Boolean(after) && !before;
    const direction = forward ? 'asc' : 'desc';
    const rows = await query
      .orderBy('m.created_at', direction)
      .orderBy('m.id', direction)
      .limit(limit + 1)
      .execute();
    const more = rows.length > limit;
    const kept = rows.slice(0, limit);
    if (!forward) kept.reverse();
    const messages = await this.withSiblings(userId, conversationId, kept);
    return forward
      ? { messages, hasOlder: true, hasNewer: more }
      : { messages, hasOlder: more, hasNewer: Boolean(before) };
  }

  /** Adds each message's position among its siblings (the other versions of it: same parent). */
  private async withSiblings(
    userId: string,
    conversationId: string,
    rows: (MessageRow & { writer: string | null; parent_id: string | null })[],
  ): Promise<Message[]> {
    const parents = new Set(rows.map((row) => row.parent_id));
    const siblings = await childrenOf(this.db, userId, conversationId, [...parents]);
    return withBranches(
      rows.map((row) => ({ id: row.id, parent_id: row.parent_id, message: toMessage(row) })),
      siblings,
    );
  }

  /** The newest `limit` messages of the path that ends at `messageId` (it included), chronological. */
  async lineage(userId: string, conversationId: string, messageId: string, limit: number): Promise<Message[]> {
    const rows = await this.lineageOf(userId, conversationId, messageId)
      .select(columns)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toMessage).reverse();
  }

  /** How many messages the path that ends at `messageId` holds (it included). */
  async lineageLength(userId: string, conversationId: string, messageId: string): Promise<number> {
    const row = await this.lineageOf(userId, conversationId, messageId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** True when the cached summary was written from this path: its last covered message is before `messageId`. */
  async summaryOnPath(userId: string, conversationId: string, messageId: string): Promise<boolean> {
    const row = await this.lineageOf(userId, conversationId, messageId)
      .select('m.id')
      .whereRef('m.id', '=', 'c.summary_through_id')
      .where('m.id', '!=', messageId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records the last message a newly cached summary covers (see summaryOnPath). */
  async setSummaryThrough(userId: string, conversationId: string, messageId: string | null): Promise<void> {
    await this.db
      .updateTable('chat_conversations')
      .set({ summary_through_id: messageId })
      .where('id', '=', conversationId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Every stored message of the conversation, on every branch. */
  async count(userId: string, conversationId: string): Promise<number> {
    const row = await this.owned(userId, conversationId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The newest message of this type on the shown path. */
  async lastOnPath(userId: string, conversationId: string, type: MessageType): Promise<Message | undefined> {
    const leaf = await this.activeLeaf(userId, conversationId);
    if (!leaf) return undefined;
    const row = await this.lineageOf(userId, conversationId, leaf)
      .select(columns)
      .where('m.type', '=', type)
      .orderBy('m.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toMessage(row);
  }
}
