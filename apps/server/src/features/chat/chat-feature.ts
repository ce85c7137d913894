import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../storage/blob-store';
import type { ModelRegistry } from '../models/model-provider';
import { openAIRoutes } from '../openai-compat/openai.routes';
import { OpenAICompatService } from '../openai-compat/openai.service';
import { ActiveGenerations } from './active-generations';
import { AttachmentRepository } from './attachment.repository';
import { attachmentRoutes } from './attachment.routes';
import { AttachmentService } from './attachment.service';
import { type Logger, ChatRunner } from './chat-runner';
import { chatRoutes } from './chat.routes';
import { ChatService } from './chat.service';
import { ConversationRepository } from './conversation.repository';
import { conversationRoutes } from './conversation.routes';
import { ConversationService } from './conversation.service';
import { ConversationContextService } from './conversation-context.service';
import { type KnowledgeContext, noKnowledgeContext } from './knowledge-context';
import { LegacyChatService } from './legacy-chat.service';
import { MessageRepository } from './message.repository';
import { ModelGates } from './model-gates';

export interface ChatFeature {
  conversationService: ConversationService;
  chatService: ChatService;
  legacyChatService: LegacyChatService;
  attachmentService: AttachmentService;
  openAIService: OpenAICompatService;
}

export interface ChatDependencies {
  db: Db;
  blobs: BlobStore;
  registry: ModelRegistry;
  log: Logger;
  /** Document context for answers; the knowledge feature plugs in here. */
  knowledge?: KnowledgeContext;
}

/** Wires chat, attachments and the OpenAI-compatible API (called from app.ts). */
export function buildChatFeature({ db, blobs, registry, log, knowledge }: ChatDependencies): ChatFeature {
  const conversations = new ConversationRepository(db.kysely);
  const messages = new MessageRepository(db.kysely);
  const attachmentService = new AttachmentService(new AttachmentRepository(db.kysely), blobs);
  const active = new ActiveGenerations();
  const gates = new ModelGates(registry);
  const context = new ConversationContextService(knowledge ?? noKnowledgeContext);
  const runner = new ChatRunner(conversations, messages, attachmentService, context, gates, active, log);
  return {
    conversationService: new ConversationService(conversations, messages, attachmentService, active),
    chatService: new ChatService(conversations, messages, attachmentService, gates, runner),
    legacyChatService: new LegacyChatService(conversations, messages, context, gates, log),
    attachmentService,
    openAIService: new OpenAICompatService(registry),
  };
}

export async function registerChatRoutes(server: FastifyInstance, chat: ChatFeature): Promise<void> {
  await server.register(conversationRoutes, { conversationService: chat.conversationService });
  await server.register(chatRoutes, { chatService: chat.chatService, legacyChatService: chat.legacyChatService });
  await server.register(attachmentRoutes, { attachmentService: chat.attachmentService });
  await server.register(openAIRoutes, { openAIService: chat.openAIService });
}
