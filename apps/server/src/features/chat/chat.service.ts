import {
  CHAT_FILES_ONLY_TEXT,
  type ChatStreamEvent,
  type EditMessageBody,
  type Message,
  type SendMessageBody,
} from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { AttachmentRecord } from './attachment.repository';
import { type AttachmentService, toPublic } from './attachment.service';
import type { AnswerOptions, ChatRun, ChatRunner } from './chat-runner';
import type { ConversationRepository, ConversationRow } from './conversation.repository';
import { isRasterImage } from './file-types';
import type { MessageRepository } from './message.repository';
import type { ModelGates, ResolvedModel } from './model-gates';
import { conversationTitle } from './title';

type SendInput = z.output<typeof SendMessageBody>;
type EditInput = z.output<typeof EditMessageBody>;

const publicConversation = ({ id, title, created_at, updated_at }: ConversationRow) => ({
  id,
  title,
  created_at,
  updated_at,
});

/**
 * Chat send, regenerate and edit-and-resend. Each checks everything that can be refused with a plain HTTP
 * error first, stores what the user did, and only then hands back a run that calls the model.
 */
export class ChatService {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly attachments: AttachmentService,
    private readonly gates: ModelGates,
    private readonly runner: ChatRunner,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /** Spec §4: the first send creates the conversation (audited like any other creation). */
  private createConversation(userId: string, title: string, context: AuditContext): Promise<ConversationRow> {
    return this.uow.run(async (tx) => {
      const row = await this.conversations.create(userId, title, tx);
      await this.audit.record(
        tx,
        { userId, action: 'CREATE', resourceType: 'conversation', resourceId: row.id },
        context,
      );
      return row;
    });
  }

  async send(userId: string, body: SendInput, context: AuditContext): Promise<ChatRun> {
    const existing = body.conversation_id ? await this.owned(userId, body.conversation_id) : undefined;
    const files = await this.attachments.forMessage(userId, body.attachment_ids ?? [], existing?.id ?? null);
    const resolved = await this.modelFor(userId, body, files);

    const content = body.content.trim() ? body.content : CHAT_FILES_ONLY_TEXT;
    const conversation = existing ?? (await this.createConversation(userId, conversationTitle(content), context));
    await this.attachments.assign(
      userId,
      files.map((file) => file.id),
      conversation.id,
    );
    // The user's message is stored before the model is asked, so a failed answer never loses it.
    const userMessage = await this.messages.insert(userId, conversation.id, {
      type: 'user',
      content,
      attachments: files.map(toPublic),
      model: body.model,
    });
    const touched = await this.touch(userId, conversation, userMessage);
    return this.runner.start({
      userId,
      conversation: touched,
      userMessage,
      options: body,
      resolved,
      attachments: files,
      preface: [
        { type: 'conversation', conversation: publicConversation(touched) },
        { type: 'user_message', message: userMessage },
      ],
    });
  }

  /** Answers the last user message again; everything after it (the old answer, an error) is replaced. */
  async regenerate(userId: string, conversationId: string, body: AnswerOptions): Promise<ChatRun> {
    const conversation = await this.owned(userId, conversationId);
    const last = await this.messages.lastOfType(userId, conversationId, 'user');
    if (!last) throw AppError.conflict('This conversation has no message to answer again.');
    const files = await this.filesOf(userId, conversationId, last);
    const resolved = await this.modelFor(userId, body, files);
    const removed = await this.messages.deleteAfter(userId, conversationId, last);
    return this.runner.start({
      userId,
      conversation,
      userMessage: last,
      options: body,
      resolved,
      attachments: files,
      preface: this.prefaceFor(conversation, removed),
    });
  }

  /** Replaces a user message's text, removes every message after it, and answers again. */
  async edit(userId: string, conversationId: string, messageId: string, body: EditInput): Promise<ChatRun> {
    const conversation = await this.owned(userId, conversationId);
    const original = await this.messages.find(userId, conversationId, messageId);
    if (!original) throw AppError.notFound('Message');
    if (original.type !== 'user') throw AppError.conflict('Only your own messages can be edited.');
    const files = await this.filesOf(userId, conversationId, original);
    const resolved = await this.modelFor(userId, body, files);
    await this.messages.updateContent(userId, conversationId, messageId, body.content);
    const removed = await this.messages.deleteAfter(userId, conversationId, original);
    const edited: Message = { ...original, content: body.content };
    const touched = await this.touch(userId, conversation, { created_at: new Date().toISOString() });
    return this.runner.start({
      userId,
      conversation: touched,
      userMessage: edited,
      options: body,
      resolved,
      attachments: files,
      preface: [...this.prefaceFor(touched, removed), { type: 'user_message', message: edited }],
    });
  }

  private prefaceFor(conversation: ConversationRow, removed: string[]): ChatStreamEvent[] {
    return [
      { type: 'conversation', conversation: publicConversation(conversation) },
      { type: 'messages_removed', message_ids: removed },
    ];
  }

  private async owned(userId: string, conversationId: string): Promise<ConversationRow> {
    const conversation = await this.conversations.findOwned(userId, conversationId);
    if (!conversation) throw AppError.notFound('Conversation');
    return conversation;
  }

  /** The chosen model, or a vision model when the message carries images (spec §8 when there is none). */
  private async modelFor(userId: string, options: AnswerOptions, files: AttachmentRecord[]): Promise<ResolvedModel> {
    const resolved = await this.gates.resolve(userId, options.model, options.provider_id);
    const images = files.some((file) => isRasterImage(file.mime_type));
    return images ? this.gates.forImages(userId, resolved) : resolved;
  }

  private async filesOf(userId: string, conversationId: string, message: Message): Promise<AttachmentRecord[]> {
    if (message.attachments.length === 0) return [];
    // Files removed since are simply left out rather than failing the whole answer.
    const ids = message.attachments.map((item) => item.id);
    return this.attachments.forMessage(userId, ids, conversationId, { strict: false });
  }

  private async touch(
    userId: string,
    conversation: ConversationRow,
    message: { created_at: string },
  ): Promise<ConversationRow> {
    await this.conversations.touch(userId, conversation.id, message.created_at);
    return { ...conversation, updated_at: message.created_at };
  }
}
