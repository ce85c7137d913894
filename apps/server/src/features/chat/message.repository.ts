import { type Attachment, type Message, MessageMetadata, type MessageType } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { Cursor } from './cursor';

export interface NewMessage {
  type: MessageType;
  content: string;
  attachments?: Attachment[];
  isError?: boolean;
  model?: string | null;
  metadata?: MessageMetadata;
  /** An answer that starts streaming: the worker that will keep saving it (see AnswerDrafts). */
  writer?: string;
}

/** An answer still being written (or left unfinished by a server that died). */
export interface DraftRow {
  id: string;
  writer: string;
  written_at: string | null;
  metadata: string;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  type: MessageType;
  content: string;
  attachments: string;
  is_error: number;
  model: string | null;
  metadata: string;
  created_at: string;
}

const RETURNED = [
  'id',
  'conversation_id',
  'type',
  'content',
  'attachments',
  'is_error',
  'model',
  'metadata',
  'created_at',
] as const;

const columns = [
  'm.id',
  'm.conversation_id',
  'm.type',
  'm.content',
  'm.attachments',
  'm.is_error',
  'm.model',
  'm.metadata',
  'm.created_at',
  'm.writer',
] as const;

const parseJson = (text: string, fallback: unknown): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

/** The public message; an answer with a writer is still being written, which its metadata says. */
const toMessage = ({ writer, ...row }: MessageRow & { writer?: string | null }): Message => {
  const metadata = MessageMetadata.catch({}).parse(parseJson(row.metadata, {}));
  return {
    ...row,
    attachments: parseJson(row.attachments, []) as Attachment[],
    is_error: Boolean(row.is_error),
    metadata: writer ? { ...metadata, writing: true } : metadata,
  };
};

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
    const writing = input.writer ? { writer: input.writer, written_at: new Date(now).toISOString() } : {};
    await this.db
      .insertInto('chat_messages')
      .values({ ...row, ...writing })
      .execute();
    return toMessage(row);
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
    await this.db
      .deleteFrom('chat_messages')
      .where('id', '=', id)
      .where('conversation_id', 'in', this.ownedConversation(userId, conversationId))
      .where('writer', '=', writer)
      .execute();
  }

  /** Unfinished answers: of one owner's conversation, or (at start-up, a system task) of everyone. */
  async drafts(owner?: { userId: string; conversationId: string }): Promise<DraftRow[]> {
    let query = this.db
      .selectFrom('chat_messages')
      .select(['id', 'writer', 'written_at', 'metadata'])
      .where('writer', 'is not', null);
    if (owner) {
      query = query.where('conversation_id', 'in', this.ownedConversation(owner.userId, owner.conversationId));
    }
    const rows = await query.execute();
    return rows.flatMap((row) => (row.writer ? [{ ...row, writer: row.writer }] : []));
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
    const row = await this.owned(userId, conversationId)
      .select(columns)
      .where('m.id', '=', messageId)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /** One page in chronological order: the newest `limit`, or those before/after a cursor. */
  async page(
    userId: string,
    conversationId: string,
    page: { before?: Cursor; after?: Cursor; limit: number },
  ): Promise<{ messages: Message[]; hasOlder: boolean; hasNewer: boolean }> {
    const { before, after, limit } = page;
    let query = this.owned(userId, conversationId).select(columns);
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
    const messages = rows.slice(0, limit).map(toMessage);
    if (!forward) messages.reverse();
    return forward
      ? { messages, hasOlder: true, hasNewer: more }
      : { messages, hasOlder: more, hasNewer: Boolean(before) };
  }

  /** The last `limit` messages, chronological; with `before`, only those older than that message. */
  async recent(userId: string, conversationId: string, limit: number, before?: Message): Promise<Message[]> {
    let query = this.owned(userId, conversationId).select(columns);
    if (before) query = query.where('m.created_at', '<', before.created_at);
    const rows = await query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
    return rows.map(toMessage).reverse();
  }

  async count(userId: string, conversationId: string, before?: Message): Promise<number> {
    let query = this.owned(userId, conversationId).select((eb) => eb.fn.countAll().as('n'));
    if (before) query = query.where('m.created_at', '<', before.created_at);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async lastOfType(userId: string, conversationId: string, type: MessageType): Promise<Message | undefined> {
    const row = await this.owned(userId, conversationId)
      .select(columns)
      .where('m.type', '=', type)
      .orderBy('m.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  async updateContent(userId: string, conversationId: string, messageId: string, content: string): Promise<void> {
    const target = await this.find(userId, conversationId, messageId);
    if (!target) return;
    await this.db.updateTable('chat_messages').set({ content }).where('id', '=', target.id).execute();
  }

  /** Removes every message after the given one; returns their ids. */
  async deleteAfter(userId: string, conversationId: string, message: Message): Promise<string[]> {
    const rows = await this.owned(userId, conversationId)
      .select('m.id')
      .where('m.created_at', '>', message.created_at)
      .execute();
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) await this.db.deleteFrom('chat_messages').where('id', 'in', ids).execute();
    return ids;
  }
}
