import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { ScopedModelRegistry } from '../models/model-provider';
import { openAIRoutes } from '../openai-compat/openai.routes';
import { OpenAICompatService } from '../openai-compat/openai.service';
import type { AuditService } from '../audit/audit.service';
import type { EventBus } from '../events/event-bus';
import { ActiveGenerations } from './active-generations';
import { AnswerDrafts } from './answer-drafts';
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
import { type ChatKnowledge, noKnowledgeContext, plainChatKnowledge } from './knowledge-context';
import { LegacyChatService } from './legacy-chat.service';
import { MessageRepository } from './message.repository';
import { ModelGates } from './model-gates';

export interface ChatFeature {
  conversationService: ConversationService;
  chatService: ChatService;
  legacyChatService: LegacyChatService;
  attachmentService: AttachmentService;
  openAIService: OpenAICompatService;
  /** Marks answers left unfinished by a server that died as interrupted (run at start-up). */
  start(): Promise<void>;
}

export interface ChatDependencies {
  db: Db;
  blobs: BlobStore;
  registry: ScopedModelRegistry;
  log: Logger;
  /** Document context for answers (search, indexing status, advanced retrieval); the knowledge feature plugs in here. */
  knowledge?: ChatKnowledge;
  /** Lets Stop reach an answer streaming on another replica. */
  events?: EventBus;
  uow: UnitOfWork;
  /** Conversations created, renamed and deleted are audited in the same transaction. */
  audit: AuditService;
}

/** Wires chat, attachments and the OpenAI-compatible API (called from app.ts). */
export function buildChatFeature(dependencies: ChatDependencies): ChatFeature {
  const { db, blobs, registry, log, knowledge, events, uow, audit } = dependencies;
  const conversations = new ConversationRepository(db.kysely);
  const messages = new MessageRepository(db.kysely);
  const attachmentService = new AttachmentService(new AttachmentRepository(db.kysely), blobs);
  const active = new ActiveGenerations(events);
  const gates = new ModelGates(registry);
  const context = new ConversationContextService(knowledge ?? plainChatKnowledge(noKnowledgeContext));
  const drafts = new AnswerDrafts(messages, log);
  const runner = new ChatRunner(conversations, messages, attachmentService, context, gates, active, log, drafts);
  return {
    conversationService: new ConversationService(
      conversations,
      messages,
      attachmentService,
      active,
      uow,
      audit,
      drafts,
    ),
    chatService: new ChatService(conversations, messages, attachmentService, gates, runner, uow, audit),
    legacyChatService: new LegacyChatService(conversations, messages, context, gates, log),
    attachmentService,
    openAIService: new OpenAICompatService(registry),
    start: async () => {
      const interrupted = await drafts.interruptAbandoned();
      if (interrupted > 0)
        log.warn({ interrupted }, 'answers left unfinished by a stopped server were marked interrupted');
    },
  };
}

export async function registerChatRoutes(server: FastifyInstance, chat: ChatFeature): Promise<void> {
  await server.register(conversationRoutes, { conversationService: chat.conversationService });
  await server.register(chatRoutes, { chatService: chat.chatService, legacyChatService: chat.legacyChatService });
  await server.register(attachmentRoutes, { attachmentService: chat.attachmentService });
  await server.register(openAIRoutes, { openAIService: chat.openAIService });
}
