import {
  ADVANCED_SEARCH_FAILED,
  type AdvancedSearchBody,
  type AdvancedRetrievalSummary,
  type AdvancedSearchResponse,
  type KnowledgeSearchResult,
  type UsedDocument,
} from '@hearth/contract';
import type { z } from 'zod';
import type { ChatKnowledge, KnowledgeLookup, KnowledgeQuery } from '../chat';
import type { ChatSourcesRepository } from './chat-sources.repository';

/** The user's collections and their indexing status (ChatSourcesRepository). */
export type CollectionSource = Pick<ChatSourcesRepository, 'collections' | 'indexingCollections'>;

/** Spec function advanced-rag as chat uses it; implemented by the knowledge feature's advanced search. */
export interface AdvancedRetriever {
  search(
    userId: string,
    body: z.output<typeof AdvancedSearchBody>,
    signal?: AbortSignal,
  ): Promise<AdvancedSearchResponse>;
}

/** The lexical search chat falls back to. */
export interface DocumentSearch {
  search(
    userId: string,
    query: string,
    collectionIds: string[] | null,
    limit?: number,
  ): Promise<KnowledgeSearchResult[]>;
}

interface Logger {
  warn(details: object, message: string): void;
}

/** The advanced-rag query is at most 1000 characters (AdvancedSearchBody). */
const ADVANCED_QUERY_CHARS = 1000;

export const toUsedDocument = (result: KnowledgeSearchResult): UsedDocument => ({
  id: result.document_id,
  fileName: result.file_name,
  collectionName: result.collection_name,
  collectionId: result.collection_id,
  snippet: result.snippets.map((snippet) => snippet.text).join('\n…\n'),
  relevance_score: result.relevance_score,
  page: result.page,
  chunkId: result.chunk_id,
});

/** What the answer shows of an advanced retrieval: its steps and validation, without the results. */
export const retrievalSummary = (response: AdvancedSearchResponse): AdvancedRetrievalSummary => ({
  steps: response.reasoning,
  expanded_queries: response.expandedQuery.expandedQueries,
  explanation: response.explanation,
  validation: {
    is_valid: response.validation.isValid,
    confidence: response.validation.confidence,
    issues: response.validation.issues,
    suggestions: response.validation.suggestions,
  },
});

/**
 * Chat's document context: the top documents of the searched collections (the selected ones the user owns, or
 * all of theirs), picked by advanced retrieval when the user turned it on (falling back to the plain lexical
 * search when it fails), and which of those collections are still indexing.
 */
export class ChatKnowledgeContext implements ChatKnowledge {
  constructor(
    private readonly search: DocumentSearch,
    private readonly sources: CollectionSource,
    private readonly log: Logger,
    private advanced: AdvancedRetriever | null = null,
  ) {}

  /** Plugs in advanced retrieval (built separately by the knowledge feature). */
  useAdvancedRetriever(retriever: AdvancedRetriever | null): void {
    this.advanced = retriever;
  }

  async lookup(query: KnowledgeQuery): Promise<KnowledgeLookup> {
    const owned = new Set((await this.sources.collections(query.userId)).map((collection) => collection.id));
    const wanted = [...new Set(query.collectionIds)];
    // Ids the user does not own are dropped here; when none are left there is nothing to search.
    const scope = wanted.length > 0 ? wanted.filter((id) => owned.has(id)) : null;
    if (scope?.length === 0) return { documents: [], indexing: [], advanced: false };
    const [picked, indexing] = await Promise.all([
      this.pick(query, scope, owned),
      this.sources.indexingCollections(query.userId, scope),
    ]);
    return { ...picked, indexing };
  }

  private async pick(query: KnowledgeQuery, scope: string[] | null, owned: Set<string>) {
    const options = query.advanced;
    if (options?.enabled && this.advanced) {
      try {
        const response = await this.advanced.search(
          query.userId,
          {
            query: query.query.slice(0, ADVANCED_QUERY_CHARS),
            collectionIds: scope ?? undefined,
            useReranking: options.useReranking,
            useQueryExpansion: options.useQueryExpansion,
            useMultiStepReasoning: options.useMultiStepReasoning,
            maxResults: options.maxResults,
            model: query.model,
          },
          query.signal,
        );
        if (response.explanation !== ADVANCED_SEARCH_FAILED.explanation) {
          const ranked = response.rerankedResults.length > 0 ? response.rerankedResults : response.results;
          // Never trust another component with isolation: only collections the user may read count.
          const mine = ranked.filter((result) => owned.has(result.collection_id));
          return {
            documents: mine.slice(0, query.limit).map(toUsedDocument),
            advanced: true,
            details: retrievalSummary(response),
          };
        }
        this.log.warn({ explanation: response.explanation }, 'advanced retrieval failed; using plain search');
      } catch (error) {
        if (query.signal?.aborted) throw error;
        this.log.warn({ err: error }, 'advanced retrieval failed; using plain search');
      }
    }
    const results = await this.search.search(query.userId, query.query, scope, query.limit);
    return { documents: results.map(toUsedDocument), advanced: false };
  }
}
