import {
  type AdvancedRetrievalOptions,
  type AdvancedRetrievalSummary,
  type IndexingCollection,
  type UsedDocument,
  UserPreferences,
} from '@hearth/contract';
import type { ModelProvider } from '../models';
import { isSimpleGreeting } from './greetings';
import type { ChatKnowledge, KnowledgeLookup } from './knowledge-context';
import { runModel } from './model-call';
import type { UsageMeter } from './usage-meter';
import { SUMMARY_MAX_TOKENS, summaryRequest } from './prompts/summary-prompt';
import { buildSystemPrompt } from './prompts/system-prompt';
import { webResultsPrompt } from './prompts/web-prompt';
import type { ChatWebSearch, WebLookup } from './web-context';

/** Spec §9 context constants. */
export const RECENT_MESSAGES = 10;
export const SUMMARY_AFTER_MESSAGES = 20;
export const PROMPT_HISTORY_MESSAGES = 5;
export const PROMPT_HISTORY_CHARS = 200;
export const TOP_DOCUMENTS = 3;
/** A cached summary is made again once this many more messages have slid out of the recent window. */
const SUMMARY_REFRESH_AFTER = 6;

export interface HistoryItem {
  type: 'user' | 'assistant';
  content: string;
}

/** Where a conversation's history comes from: stored messages, or the history a client sent. */
export interface HistorySource {
  /** The last messages before the current one, chronological, at most RECENT_MESSAGES. */
  recent: HistoryItem[];
  /** Messages before `recent`. */
  olderCount: number;
  loadOlder(): Promise<HistoryItem[]>;
  /** A summary stored with the conversation, and how to store a new one. */
  cache?: { summary: string | null; coveredCount: number | null; save(summary: string, count: number): Promise<void> };
}

export interface ContextOptions {
  useConversationContext: boolean;
  useDocumentContext: boolean;
  selectedCollections?: string[];
  userPreferences?: UserPreferences;
  advancedRetrieval?: AdvancedRetrievalOptions;
  /** The chat's own system prompt (issue 17), in place of the default persona. */
  systemPrompt?: string;
  /** Search the web for this answer (issue 20); ignored when no provider is configured. */
  web_search?: boolean;
}

export interface ConversationContext {
  systemPrompt: string;
  minimalSystemPrompt: string;
  history: { role: 'user' | 'assistant'; content: string }[];
  summaryUsed: boolean;
  documents: UsedDocument[];
  /** The user's documents were searched for this answer (spec §9 confidence applies). */
  documentsSearched: boolean;
  indexing: IndexingCollection[];
  advancedRetrieval: boolean;
  advancedDetails?: AdvancedRetrievalSummary;
  /** The web searches made for this answer (issue 20); their results are at the end of `documents`. */
  webQueries: string[];
}

const NOTHING_LOOKED_UP: KnowledgeLookup = { documents: [], indexing: [], advanced: false };

/** Builds spec §3's conversation context and §7's enhanced prompt parts. */
export class ConversationContextService {
  constructor(
    private readonly knowledge: ChatKnowledge,
    /** Web search (issue 20), when the web-search feature is wired in. */
    private readonly web?: ChatWebSearch,
  ) {}

  async build(input: {
    userId: string;
    message: string;
    topic: string | null;
    source: HistorySource;
    options: ContextOptions;
    provider: ModelProvider;
    model: string;
    contextLength: number | null;
    signal: AbortSignal;
    /** Counts a summary's tokens for the user (no message). */
    meter?: UsageMeter;
  }): Promise<ConversationContext> {
    const { options, source } = input;
    const preferences = UserPreferences.parse(options.userPreferences ?? {});
    const greeting = isSimpleGreeting(input.message);
    const useConversation = !greeting && options.useConversationContext && preferences.rememberContext;
    const useDocuments = !greeting && options.useDocumentContext && preferences.autoUseDocuments;

    const recent = useConversation ? source.recent.slice(-RECENT_MESSAGES) : [];
    const total = source.olderCount + source.recent.length + 1;
    const summary =
      useConversation && total > SUMMARY_AFTER_MESSAGES && source.olderCount > 0 ? await this.summary(input) : null;
    const webSearch = !greeting && options.web_search === true && this.web ? this.web : null;
    // Started before the document lookup, so both wait together.
    const webLookup: Promise<WebLookup | null> = webSearch
      ? webSearch.forQuestion({ userId: input.userId, question: input.message, signal: input.signal })
      : Promise.resolve(null);
    webLookup.catch(() => undefined); // awaited below; a rejection before then is not unhandled
    const lookup = useDocuments
      ? await this.knowledge.lookup({
          userId: input.userId,
          query: input.message,
          collectionIds: options.selectedCollections ?? [],
          limit: TOP_DOCUMENTS,
          advanced: options.advancedRetrieval,
          model: input.model,
          signal: input.signal,
        })
      : NOTHING_LOOKED_UP;
    const documents = lookup.documents.slice(0, TOP_DOCUMENTS);
    const web = await webLookup;
    const webNote = web
      ? webResultsPrompt({ queries: web.queries, results: web.documents, offset: documents.length, failed: web.failed })
      : null;
    const base = buildSystemPrompt({
      preferences,
      instructions: options.systemPrompt,
      conversationSummary: summary,
      topic: useConversation ? input.topic : null,
      documents,
      indexing: lookup.indexing,
    });

    return {
      systemPrompt: webNote ? `${base}\n\n${webNote}` : base,
      minimalSystemPrompt: buildSystemPrompt({
        preferences,
        instructions: options.systemPrompt,
        conversationSummary: null,
        topic: null,
        documents: [],
      }),
      history: recent.slice(-PROMPT_HISTORY_MESSAGES).map((item) => ({
        role: item.type,
        content: item.content.slice(0, PROMPT_HISTORY_CHARS),
      })),
      summaryUsed: summary !== null,
      documents: web ? [...documents, ...web.documents] : documents,
      documentsSearched: useDocuments,
      indexing: lookup.indexing,
      advancedRetrieval: lookup.advanced,
      advancedDetails: lookup.details,
      webQueries: web?.queries ?? [],
    };
  }

  /** The cached summary while fresh; otherwise the model writes one (and it is cached when possible). */
  private async summary(input: {
    source: HistorySource;
    provider: ModelProvider;
    model: string;
    contextLength: number | null;
    signal: AbortSignal;
    meter?: UsageMeter;
  }): Promise<string> {
    const { source } = input;
    const cache = source.cache;
    if (cache?.summary && cache.coveredCount !== null) {
      const behind = source.olderCount - cache.coveredCount;
      if (behind >= 0 && behind < SUMMARY_REFRESH_AFTER) return cache.summary;
    }
    const older = await source.loadOlder();
    const maxChars = Math.min(12_000, Math.floor((input.contextLength ?? 8192) * 1.5));
    const answer = await runModel(
      input.provider,
      {
        model: input.model,
        messages: summaryRequest(older, maxChars),
        temperature: 0.3,
        maxTokens: SUMMARY_MAX_TOKENS,
        signal: input.signal,
      },
      undefined,
      input.meter,
    );
    const summary = answer.text.trim();
    if (answer.finishReason === 'aborted') throw new Error('Stopped while summarising');
    if (!summary) throw new Error('The model returned an empty conversation summary');
    await cache?.save(summary, source.olderCount);
    return summary;
  }
}
