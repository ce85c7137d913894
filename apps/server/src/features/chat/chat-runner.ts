import {
  answerConfidence,
  CHAT_FAILED_REPLY_TEXT,
  type ChatStreamEvent,
  LIVE_ANSWERS_LIMIT_MESSAGE,
  MAX_LIVE_ANSWERS_PER_USER,
  type Message,
  type MessageMetadata,
  type RegenerateBody,
  type UsedDocument,
} from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import type { ActiveGenerations } from './active-generations';
import type { AnswerDrafts, DraftAnswer } from './answer-drafts';
import { checkSupport } from './answer-support-judge';
import { type AnswerOutcome, type PreparedPrompt, answerWithFallback } from './answer';
import type { AttachmentRecord } from './attachment.repository';
import type { AttachmentService } from './attachment.service';
import type { AutoTitles } from './auto-title';
import { type ChatOptions, contextWindow } from './chat-options';
import type { ConversationRepository, ConversationRow } from './conversation.repository';
import type { ConversationContextService } from './conversation-context.service';
import { storedHistory } from './history-source';
import type { LiveAnswers } from './live-answers';
import type { MessageRepository, NewMessage } from './message.repository';
import type { ModelGates, ResolvedModel } from './model-gates';
import { backgroundMeter, type ChatUsage } from './usage-meter';
import { planPrompt } from './prompt-plan';
import type { ChatTools } from './tool-loop';

export type AnswerOptions = z.output<typeof RegenerateBody>;

export interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RunInput {
  userId: string;
  conversation: ConversationRow;
  /** The stored user message to answer. */
  userMessage: Message;
  /** With the chat's own settings applied (chat-options.ts). */
  options: ChatOptions;
  resolved: ResolvedModel;
  attachments: AttachmentRecord[];
  /** Events that say what already happened (conversation, removed messages, the user message). */
  preface: ChatStreamEvent[];
}

/**
 * One answer being generated. `run` always ends with `done` or `error` and never throws; it goes on when its
 * client leaves (issue 17): only Stop (ActiveGenerations, from any tab or replica) ends it early.
 */
export interface ChatRun {
  readonly conversationId: string;
  run(emit: (event: ChatStreamEvent) => void): Promise<void>;
}

/**
 * Generates and stores answers: the enhanced path with fallback, streamed as events, saved as they stream (a
 * server that dies mid-answer keeps what was written) and finished in the same row at the end.
 */
export class ChatRunner {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly attachments: AttachmentService,
    private readonly context: ConversationContextService,
    private readonly gates: ModelGates,
    private readonly active: ActiveGenerations,
    private readonly log: Logger,
    private readonly drafts: AnswerDrafts,
    private readonly live: LiveAnswers,
    /** Names a new chat after its first answer (issue 17, organise). */
    private readonly titles?: AutoTitles,
    /** Quotas and usage accounting (issue 19). */
    private readonly usage?: ChatUsage,
    /** Tools the model may call when the user turned them on (issue 20). */
    private readonly tools?: ChatTools,
  ) {}

  /**
   * Answers keep going when their client leaves (issue 17), so each user may only have a few at once, counted
   * across replicas (this one's in memory, the others' by the answers they are saving): refused before anything
   * is stored.
   */
  async admit(userId: string, answers = 1): Promise<void> {
    // `answers`: how many this request starts at once (a comparison starts one per model).
    const here = this.active.countOf(userId) + answers - 1;
    if (here >= MAX_LIVE_ANSWERS_PER_USER) throw this.tooMany();
    if (here + (await this.drafts.writingElsewhere(userId)) >= MAX_LIVE_ANSWERS_PER_USER) throw this.tooMany();
    // Over a quota: refused here too, before anything is stored or any model is called.
    await this.usage?.admit(userId, answers);
  }

  private tooMany(): AppError {
    return new AppError('rate_limited', 429, LIVE_ANSWERS_LIMIT_MESSAGE, {
      retry_after_seconds: 5,
      limit: MAX_LIVE_ANSWERS_PER_USER,
    });
  }

  start(input: RunInput): ChatRun {
    const controller = new AbortController();
    return {
      conversationId: input.conversation.id,
      run: (emit) => this.execute(input, controller, emit),
    };
  }

  private async execute(input: RunInput, controller: AbortController, client: (event: ChatStreamEvent) => void) {
    const unregister = this.active.add(input.userId, input.conversation.id, controller, input.resolved.model.name);
    const draft = this.drafts.open(
      input.userId,
      input.conversation.id,
      input.resolved.model.name,
      input.userMessage.id,
    );
    // The answer goes to the client that asked (while it stays) and to whoever re-attaches meanwhile.
    const feed = this.live.open(input.userId, input.conversation.id, input.resolved.model.name);
    const emit = (event: ChatStreamEvent) => {
      client(event);
      feed.push(event);
    };
    try {
      for (const event of input.preface) client(event);
      const outcome = await this.answer(input, controller.signal, emit, draft);
      await this.finish(input, outcome, emit, await draft.close());
    } catch (error) {
      this.log.error({ err: error }, 'chat answer failed');
      // As before, nothing is kept of an answer that broke here: its unfinished row goes too.
      const draftId = await draft.close();
      if (draftId) await this.discard(input, draftId).catch(() => undefined);
      emit({ type: 'error', code: 'internal_error', message: CHAT_FAILED_REPLY_TEXT, saved_message: null });
    } finally {
      unregister();
      feed.close();
    }
  }

  private discard(input: RunInput, draftId: string): Promise<void> {
    return this.messages.discardDraft(input.userId, input.conversation.id, draftId, this.drafts.writer);
  }

  private async answer(
    input: RunInput,
    signal: AbortSignal,
    emit: (event: ChatStreamEvent) => void,
    draft: DraftAnswer,
  ) {
    const { resolved, userMessage, options } = input;
    const contextLength = contextWindow(await this.gates.contextLength(resolved), options.contextSize);
    const images = await this.attachments.images(input.attachments);
    const documents = input.attachments.flatMap((item) =>
      item.extracted_text ? [{ name: item.name, text: item.extracted_text }] : [],
    );
    const message = userMessage.content;
    const plain = (): PreparedPrompt => ({
      plan: planPrompt({
        systemPrompt: options.systemPrompt ?? null,
        history: [],
        message,
        documents,
        images,
        contextLength,
      }),
      summaryUsed: false,
      documents: [],
    });
    const enhanced = async (): Promise<PreparedPrompt> => {
      const built = await this.context.build({
        userId: input.userId,
        message,
        topic: input.conversation.title,
        source: await storedHistory(
          { conversations: this.conversations, messages: this.messages },
          input.userId,
          input.conversation,
          userMessage,
        ),
        options,
        provider: resolved.provider,
        model: resolved.model.name,
        contextLength,
        signal,
        meter: backgroundMeter(this.usage?.meter(input.userId)),
      });
      const plan = planPrompt({
        systemPrompt: built.systemPrompt,
        minimalSystemPrompt: built.minimalSystemPrompt,
        history: built.history,
        message,
        documents,
        images,
        contextLength,
      });
      const knowledge = {
        searched: built.documentsSearched,
        indexing: built.indexing,
        advanced: built.advancedRetrieval,
        details: built.advancedDetails,
        webQueries: built.webQueries,
      };
      return { plan, summaryUsed: built.summaryUsed, documents: built.documents, knowledge };
    };
    return answerWithFallback({
      provider: resolved.provider,
      model: resolved.model.name,
      temperature: options.temperature,
      topP: options.topP,
      maxTokens: options.maxTokens,
      contextSize: options.contextSize,
      signal,
      enhanced,
      plain,
      onContext: ({ plan, summaryUsed, documents: used, knowledge }) =>
        emit({
          type: 'context',
          truncated: plan.truncated,
          dropped_messages: plan.droppedMessages,
          context_tokens: plan.contextTokens,
          context_length: plan.contextLength,
          summary_used: summaryUsed,
          used_documents: used,
          indexing_collections: knowledge?.indexing ?? [],
        }),
      onToken: (text) => {
        draft.append(text);
        emit({ type: 'token', text });
      },
      onEnhancedFailure: (error) => this.log.warn({ err: error }, 'enhanced chat failed; falling back to a plain call'),
      meter: this.usage?.meter(input.userId),
      tools: options.tools ? this.toolSession(input, signal) : undefined,
      onToolCall: (call) => emit({ type: 'tool_call', call }),
    });
  }

  /** The user's tools for this answer, when the chat has a tool service (issue 20). */
  private toolSession(input: RunInput, signal: AbortSignal) {
    const tools = this.tools;
    if (!tools) return undefined;
    const only = input.options.toolNames;
    return () => tools.session({ userId: input.userId, conversationId: input.conversation.id, signal, only });
  }

  /**
   * The answer-support check, for answers with sources: the answering model judges (bounded in time), word
   * overlap when it cannot; a stopped answer is judged offline only (the user is not kept waiting).
   */
  private async support(input: RunInput, stopped: boolean, text: string, documents: UsedDocument[]) {
    if (documents.length === 0 || !text.trim()) return undefined;
    const { resolved } = input;
    return checkSupport({
      answer: text,
      passages: documents.map((document) => document.snippet),
      judge: stopped
        ? null
        : {
            provider: resolved.provider,
            model: resolved.model.name,
            meter: backgroundMeter(this.usage?.meter(input.userId)),
          },
      onJudgeFailure: (error) => this.log.warn({ err: error }, 'answer-support judge failed; using word overlap'),
    });
  }

  /** Finishes the answer's row (the one saved while streaming, else a new one) exactly as a whole answer. */
  private async finish(
    input: RunInput,
    outcome: AnswerOutcome,
    emit: (event: ChatStreamEvent) => void,
    draftId: string | null,
  ) {
    const { userId, conversation, resolved } = input;
    // Deleted while answering (Delete or Clear History stop the answer first): nothing left to save into.
    if (!(await this.conversations.findOwned(userId, conversation.id))) {
      emit({ type: 'error', code: 'not_found', message: 'Conversation not found', saved_message: null });
      return;
    }
    if (outcome.status === 'failed') {
      // A failed answer is replaced by the error message, as when nothing was saved while it streamed.
      if (draftId) await this.discard(input, draftId);
      const saved = await this.messages.insert(userId, conversation.id, {
        type: 'system',
        content: CHAT_FAILED_REPLY_TEXT,
        isError: true,
        model: resolved.model.name,
        metadata: { error_code: outcome.code, fallback: outcome.fallback || undefined },
        parentId: input.userMessage.id,
      });
      await this.conversations.touch(userId, conversation.id, saved.created_at);
      emit({ type: 'error', code: outcome.code, message: outcome.message, saved_message: saved });
      return;
    }
    const { answer, prepared } = outcome;
    const knowledge = prepared?.knowledge;
    const documents = prepared?.documents ?? [];
    const metadata: MessageMetadata = {
      stopped: outcome.status === 'stopped' || undefined,
      truncated: prepared?.plan.truncated || undefined,
      length_limited: answer.finishReason === 'length' || undefined,
      usage: { prompt_tokens: answer.promptTokens, completion_tokens: answer.completionTokens },
      used_documents: documents.length > 0 ? documents : undefined,
      provider_id: resolved.provider.id,
      fallback: outcome.fallback || undefined,
      confidence: knowledge?.searched ? answerConfidence({ answer: answer.text, documents }) : undefined,
      indexing_collections: knowledge && knowledge.indexing.length > 0 ? knowledge.indexing : undefined,
      advanced_retrieval: knowledge?.advanced || undefined,
      retrieval_details: knowledge?.advanced ? knowledge.details : undefined,
      web_queries: knowledge?.webQueries?.length ? knowledge.webQueries : undefined,
      tool_calls: answer.calls?.length ? answer.calls : undefined,
      support: await this.support(input, outcome.status === 'stopped', answer.text, documents),
    };
    const final: NewMessage = {
      type: 'assistant',
      content: answer.text,
      model: resolved.model.name,
      metadata: JSON.parse(JSON.stringify(metadata)) as MessageMetadata,
      parentId: input.userMessage.id,
    };
    // The row is gone when the answer was removed meanwhile (regenerated from another tab): saved anew, as before.
    const saved =
      (draftId && (await this.messages.finishDraft(userId, conversation.id, draftId, final))) ||
      (await this.messages.insert(userId, conversation.id, final));
    await this.conversations.touch(userId, conversation.id, saved.created_at);
    emit({ type: 'done', message: saved });
    // Not awaited: the title arrives later as an event and never delays the answer.
    if (outcome.status !== 'stopped')
      void this.titles?.afterAnswer({
        userId,
        conversationId: conversation.id,
        question: input.userMessage.content,
        answer: answer.text,
        resolved,
        meter: backgroundMeter(this.usage?.meter(userId)),
      });
  }
}
