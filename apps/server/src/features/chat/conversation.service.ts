import type { ConversationListQuery, MessageListQuery } from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ActiveGenerations } from './active-generations';
import type { AnswerDrafts } from './answer-drafts';
import type { AttachmentService } from './attachment.service';
import type { ConversationRepository } from './conversation.repository';
import { decodeCursor, encodeCursor } from './cursor';
import type { LiveAnswerService } from './live-answer.service';
import type { MessageRepository } from './message.repository';

type ListQuery = z.output<typeof ConversationListQuery>;
type MessagesQuery = z.output<typeof MessageListQuery>;

/** The conversation service of spec §7: list, create, rename, delete, clear, read messages, stop. */
export class ConversationService {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly attachments: AttachmentService,
    private readonly active: ActiveGenerations,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly drafts: AnswerDrafts,
    /** Marks the conversations whose answer is being generated (the sidebar's live indicator). */
    private readonly live: LiveAnswerService,
  ) {}

  async list(userId: string, query: ListQuery) {
    if (query.section === 'folder' && !query.folder_id) throw AppError.badRequest('Choose a folder');
    const rows = await this.conversations.list(
      userId,
      { after: decodeCursor(query.cursor), limit: query.limit },
      { section: query.section, folderId: query.folder_id, q: query.q },
    );
    const conversations = await this.live.mark(userId, rows.slice(0, query.limit));
    const last = conversations.at(-1);
    const next_cursor = last && rows.length > query.limit ? encodeCursor({ at: last.updated_at, id: last.id }) : null;
    return { conversations, next_cursor };
  }

  async create(userId: string, title: string | undefined, context: AuditContext) {
    const created = await this.uow.run(async (tx) => {
      const row = await this.conversations.create(userId, title ?? 'New Chat', tx);
      await this.audit.record(tx, conversationEvent(userId, 'CREATE', row.id), context);
      return row;
    });
    const { summary: _s, summary_message_count: _n, ...conversation } = created;
    return { ...conversation, message_count: 0 };
  }

  async rename(userId: string, id: string, title: string, context: AuditContext) {
    await this.uow.run(async (tx) => {
      if (!(await this.conversations.rename(userId, id, title, tx))) throw AppError.notFound('Conversation');
      await this.audit.record(tx, { ...conversationEvent(userId, 'UPDATE', id), details: { title } }, context);
    });
    return this.get(userId, id);
  }

  async get(userId: string, id: string) {
    const found = await this.conversations.findOwned(userId, id);
    if (!found) throw AppError.notFound('Conversation');
    const { summary: _s, summary_message_count: _n, ...conversation } = found;
    return {
      ...conversation,
      message_count: await this.messages.count(userId, id),
      tags: await this.conversations.tags(userId, id),
    };
  }

  /** Deletes the conversation, its messages (cascade) and its files. A running answer is stopped first. */
  async delete(userId: string, id: string, context: AuditContext): Promise<void> {
    if (!(await this.conversations.findOwned(userId, id))) throw AppError.notFound('Conversation');
    // Not awaited: with several replicas, waiting to hear "nothing was running" would slow every delete.
    void this.active.stop(id);
    const keys = await this.attachments.blobKeys(userId, id);
    await this.uow.run(async (tx) => {
      if (!(await this.conversations.delete(userId, id, tx))) throw AppError.notFound('Conversation');
      await this.audit.record(tx, conversationEvent(userId, 'DELETE', id), context);
    });
    await this.attachments.deleteBlobs(keys);
  }

  /** Clear History: every conversation of the user. */
  async clear(userId: string, context: AuditContext): Promise<number> {
    this.active.stopAllOf(userId);
    const keys = await this.attachments.blobKeys(userId);
    const deleted = await this.uow.run(async (tx) => {
      const count = await this.conversations.deleteAll(userId, tx);
      await this.audit.record(
        tx,
        { userId, action: 'DELETE', resourceType: 'conversation', resourceId: null, details: { cleared: count } },
        context,
      );
      return count;
    });
    await this.attachments.deleteBlobs(keys);
    return deleted;
  }

  async messagePage(userId: string, conversationId: string, query: MessagesQuery) {
    if (!(await this.conversations.findOwned(userId, conversationId))) throw AppError.notFound('Conversation');
    // An answer whose writer died (another replica that never came back) is shown as interrupted.
    await this.drafts.interruptAbandoned({ userId, conversationId });
    const page = await this.messages.page(userId, conversationId, {
      before: decodeCursor(query.before),
      after: decodeCursor(query.after),
      limit: query.limit,
    });
    const first = page.messages[0];
    const last = page.messages.at(-1);
    return {
      messages: page.messages,
      older_cursor: first && page.hasOlder ? encodeCursor({ at: first.created_at, id: first.id }) : null,
      newer_cursor: last && page.hasNewer ? encodeCursor({ at: last.created_at, id: last.id }) : null,
    };
  }

  /** Stops the conversation's running answer (e.g. from another tab); it is saved with metadata.stopped. */
  async stop(userId: string, conversationId: string): Promise<boolean> {
    if (!(await this.conversations.findOwned(userId, conversationId))) throw AppError.notFound('Conversation');
    return this.active.stop(conversationId);
  }
}

const conversationEvent = (userId: string, action: 'CREATE' | 'UPDATE' | 'DELETE', id: string) => ({
  userId,
  action,
  resourceType: 'conversation',
  resourceId: id,
});
