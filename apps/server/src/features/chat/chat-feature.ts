import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { ScopedModelRegistry } from '../models/model-provider';
import { openAIRoutes } from '../openai-compat/openai.routes';
import { OpenAICompatService } from '../openai-compat/openai.service';
import type { AuditService } from '../audit/audit.service';
import type { EventBus } from '../events/event-bus';
import type { PresetService } from '../presets';
import { ActiveGenerations } from './active-generations';
import { AnswerDrafts } from './answer-drafts';
import { AttachmentRepository } from './attachment.repository';
import { attachmentRoutes } from './attachment.routes';
import { AttachmentService } from './attachment.service';
import { AutoTitles } from './auto-title';
import { branchRoutes } from './branch.routes';
import { BranchService } from './branch.service';
import { type Logger, ChatRunner } from './chat-runner';
import { chatRoutes } from './chat.routes';
import { compareRoutes } from './compare.routes';
import { CompareService } from './compare.service';
import { ChatService } from './chat.service';
import { ChatSettingsRepository } from './chat-settings.repository';
import { chatSettingsRoutes } from './chat-settings.routes';
import { ChatSettingsService } from './chat-settings.service';
import { ConversationRepository } from './conversation.repository';
import { conversationRoutes } from './conversation.routes';
import { ConversationService } from './conversation.service';
import { ConversationContextService } from './conversation-context.service';
import type { ChatWebSearch } from './web-context';
import { type ChatKnowledge, noKnowledgeContext, plainChatKnowledge } from './knowledge-context';
import { LegacyChatService } from './legacy-chat.service';
import { LiveAnswerService } from './live-answer.service';
import { LiveAnswers } from './live-answers';
import { MessageRepository } from './message.repository';
import { ModelGates } from './model-gates';
import { OrganiseRepository } from './organise.repository';
import { organiseRoutes } from './organise.routes';
import { OrganiseService } from './organise.service';
import { SearchRepository } from './search.repository';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';
import type { ChatTools } from './tool-loop';
import type { ChatUsage } from './usage-meter';

export interface ChatFeature {
  conversationService: ConversationService;
  organiseService: OrganiseService;
  chatService: ChatService;
  compareService: CompareService;
  branchService: BranchService;
  legacyChatService: LegacyChatService;
  liveAnswerService: LiveAnswerService;
  attachmentService: AttachmentService;
  openAIService: OpenAICompatService;
  chatSettingsService: ChatSettingsService;
  searchService: SearchService;
  /** Answers generating on this replica now (metrics). */
  activeStreams(): number;
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
  /** Name a chat with the model after its first answer (config CHAT_AUTO_TITLE). */
  autoTitle?: boolean;
  /** Presets (issue 17): chats start from them, and /v1 answers to their names. */
  presets: PresetService;
  /** Quotas and usage accounting (issue 19) for every answer: web chat, compare and /v1. */
  usage?: ChatUsage;
  /** Tools the model may call (issue 20); the tools feature plugs in here. */
  tools?: ChatTools;
  /** Web search for answers that ask for it (issue 20); the web-search feature plugs in here. */
  webSearch?: ChatWebSearch;
}

/** Wires chat, attachments and the OpenAI-compatible API (called from app.ts). */
export function buildChatFeature(dependencies: ChatDependencies): ChatFeature {
  const { db, blobs, registry, log, knowledge, events, uow, audit, presets } = dependencies;
  const chatKnowledge = knowledge ?? plainChatKnowledge(noKnowledgeContext);
  const chatSettingsService = new ChatSettingsService(new ChatSettingsRepository(db.kysely), presets, uow, audit);
  const conversations = new ConversationRepository(db.kysely);
  const messages = new MessageRepository(db.kysely);
  const attachmentService = new AttachmentService(new AttachmentRepository(db.kysely), blobs);
  const active = new ActiveGenerations(events);
  const gates = new ModelGates(registry);
  const context = new ConversationContextService(chatKnowledge, dependencies.webSearch);
  const drafts = new AnswerDrafts(messages, log);
  const live = new LiveAnswers(events);
  const liveAnswerService = new LiveAnswerService(conversations, messages, live, drafts);
  const titles = dependencies.autoTitle ? new AutoTitles(conversations, messages, log, events) : undefined;
  const runner = new ChatRunner(
    conversations,
    messages,
    attachmentService,
    context,
    gates,
    active,
    log,
    drafts,
    live,
    titles,
    dependencies.usage,
    dependencies.tools,
  );
  const conversationService = new ConversationService(
    conversations,
    messages,
    attachmentService,
    active,
    uow,
    audit,
    drafts,
    liveAnswerService,
  );
  return {
    conversationService,
    chatService: new ChatService(
      conversations,
      messages,
      attachmentService,
      gates,
      runner,
      uow,
      audit,
      chatSettingsService,
    ),
    organiseService: new OrganiseService(
      new OrganiseRepository(db.kysely),
      conversations,
      conversationService,
      attachmentService,
      active,
      uow,
      audit,
    ),
    compareService: new CompareService(conversations, messages, gates, runner, active, uow, audit, chatSettingsService),
    branchService: new BranchService(conversations, messages),
    legacyChatService: new LegacyChatService(conversations, messages, context, gates, log, dependencies.usage),
    liveAnswerService,
    attachmentService,
    openAIService: new OpenAICompatService(registry, presets, chatKnowledge, dependencies.usage),
    chatSettingsService,
    searchService: new SearchService(new SearchRepository(db.kysely, db.dialect)),
    activeStreams: () => live.running,
    start: async () => {
      const interrupted = await drafts.interruptAbandoned();
      if (interrupted > 0)
        log.warn({ interrupted }, 'answers left unfinished by a stopped server were marked interrupted');
    },
  };
}

export async function registerChatRoutes(server: FastifyInstance, chat: ChatFeature): Promise<void> {
  await server.register(conversationRoutes, { conversationService: chat.conversationService });
  await server.register(searchRoutes, { searchService: chat.searchService });
  await server.register(organiseRoutes, { organiseService: chat.organiseService });
  await server.register(chatRoutes, {
    chatService: chat.chatService,
    legacyChatService: chat.legacyChatService,
    liveAnswerService: chat.liveAnswerService,
  });
  await server.register(attachmentRoutes, { attachmentService: chat.attachmentService });
  await server.register(branchRoutes, { branchService: chat.branchService });
  await server.register(compareRoutes, { compareService: chat.compareService });
  await server.register(chatSettingsRoutes, { chatSettingsService: chat.chatSettingsService });
  await server.register(openAIRoutes, { openAIService: chat.openAIService });
}
