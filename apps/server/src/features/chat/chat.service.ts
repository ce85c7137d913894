import {
  CHAT_FILES_ONLY_TEXT,
  type EditMessageBody,
  type Message,
  type Preset,
  type SendMessageBody,
} from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { AttachmentRecord } from './attachment.repository';
import { type AttachmentService, toPublic } from './attachment.service';
import type { AnswerOptions, ChatRun, ChatRunner } from './chat-runner';
import type { ChatSettingsService } from './chat-settings.service';
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
    private readonly settings: ChatSettingsService,
  ) {}

  /** Spec §4: the first send creates the conversation (audited like any other creation). */
  private createConversation(
    userId: string,
    title: string,
    context: AuditContext,
    preset: Preset | undefined,
  ): Promise<ConversationRow> {
    return this.uow.run(async (tx) => {
      const row = await this.conversations.create(userId, title, tx);
      if (preset) await this.settings.startFrom(tx, userId, row.id, preset);
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
    // A new chat started from a preset takes a copy of its settings (issue 17); the model is the one the request
    // names, as on every send (the web's model picker offers the preset's model).
    const preset = body.preset_id && !existing ? await this.settings.preset(userId, body.preset_id) : undefined;
    const files = await this.attachments.forMessage(userId, body.attachment_ids ?? [], existing?.id ?? null);
    const resolved = await this.modelFor(userId, body, files);

    const content = body.content.trim() ? body.content : CHAT_FILES_ONLY_TEXT;
    const conversation =
      existing ?? (await this.createConversation(userId, conversationTitle(content), context, preset));
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
      options: await this.settings.forAnswer(userId, conversation.id, body),
      resolved,
      attachments: files,
      preface: [
        { type: 'conversation', conversation: publicConversation(touched) },
        { type: 'user_message', message: userMessage },
      ],
    });
  }

  /**
   * Answers the shown path's last user message again. The new answer is a sibling of the old one (or of an
   * error): nothing is deleted, and "‹ 1/2 ›" switches back.
   */
  async regenerate(userId: string, conversationId: string, body: AnswerOptions): Promise<ChatRun> {
    const conversation = await this.owned(userId, conversationId);
    const last = await this.messages.lastOnPath(userId, conversationId, 'user');
    if (!last) throw AppError.conflict('This conversation has no message to answer again.');
    const files = await this.filesOf(userId, conversationId, last);
    const resolved = await this.modelFor(userId, body, files);
    // The answer is stored under the question (the runner names it as parent) and then becomes the path's end;
    // until it is, the previous answer stays shown, so nothing disappears should this one fail.
    return this.runner.start({
      userId,
      conversation,
      userMessage: last,
      options: await this.settings.forAnswer(userId, conversationId, body),
      resolved,
      attachments: files,
      preface: [{ type: 'conversation', conversation: publicConversation(conversation) }],
    });
  }

  /**
   * Sends an edited version of a user message as its sibling (same parent, same files) and answers it; the
   * original and everything after it stay on their own branch.
   */
  async edit(userId: string, conversationId: string, messageId: string, body: EditInput): Promise<ChatRun> {
    const conversation = await this.owned(userId, conversationId);
    const found = await this.messages.findNode(userId, conversationId, messageId);
    if (!found) throw AppError.notFound('Message');
    const original = found.message;
    if (original.type !== 'user') throw AppError.conflict('Only your own messages can be edited.');
    const files = await this.filesOf(userId, conversationId, original);
    const resolved = await this.modelFor(userId, body, files);
    const edited = await this.messages.insert(userId, conversationId, {
      type: 'user',
      content: body.content,
      attachments: original.attachments,
      model: body.model,
      parentId: found.parentId,
    });
    const touched = await this.touch(userId, conversation, edited);
    return this.runner.start({
      userId,
      conversation: touched,
      userMessage: edited,
      options: await this.settings.forAnswer(userId, conversationId, body),
      resolved,
      attachments: files,
      preface: [
        { type: 'conversation', conversation: publicConversation(touched) },
        { type: 'user_message', message: edited },
      ],
    });
  }

  private async owned(userId: string, conversationId: string): Promise<ConversationRow> {
    const conversation = await this.conversations.findOwned(userId, conversationId);
    if (!conversation) throw AppError.notFound('Conversation');
    return conversation;
  }

  /** The chosen model, or a vision model when the message carries images (spec §8 when there is none). */
  private async modelFor(userId: string, options: AnswerOptions, files: AttachmentRecord[]): Promise<ResolvedModel> {
    // Every answering path comes here before storing anything: refuse a user with too many answers going.
    await this.runner.admit(userId);
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
