import type {
  AdvancedRetrievalOptions,
  AdvancedRetrievalSummary,
  IndexingCollection,
  UsedDocument,
} from '@hearth/contract';

/**
 * The hook through which chat gets document context (spec §7 enhanced chat: "search knowledge, top 3
 * documents used"). The knowledge feature provides the real implementation; until then chat runs with
 * `noKnowledgeContext`, which finds nothing — answers never claim sources that were not searched.
 */
export interface KnowledgeContext {
  /**
   * The most relevant documents of the user's collections for a query, best first, at most `limit`.
   * `collectionIds` empty means all of the user's collections (spec §4).
   */
  findRelevant(input: {
    userId: string;
    query: string;
    collectionIds: string[];
    limit: number;
    signal?: AbortSignal;
  }): Promise<UsedDocument[]>;
}

export interface KnowledgeQuery {
  userId: string;
  query: string;
  /** Empty means all of the user's collections (spec §4); ids the user does not own are ignored. */
  collectionIds: string[];
  limit: number;
  /** The chat screen's advanced retrieval controls; used when `enabled`. */
  advanced?: AdvancedRetrievalOptions;
  /** The answering model, which advanced retrieval may use for expansion and reranking. */
  model?: string;
  signal?: AbortSignal;
}

export interface KnowledgeLookup {
  documents: UsedDocument[];
  /** Searched collections with documents still queued or processing (not searchable yet). */
  indexing: IndexingCollection[];
  /** The documents were picked by advanced retrieval (not the plain lexical search). */
  advanced: boolean;
  /** What advanced retrieval did (steps, validation), shown under the answer; only when `advanced`. */
  details?: AdvancedRetrievalSummary;
}

/** What chat asks before answering: the documents to use and what could not be searched yet. */
export interface ChatKnowledge {
  lookup(query: KnowledgeQuery): Promise<KnowledgeLookup>;
}

/** A plain document search as chat knowledge: no indexing status, no advanced retrieval. */
export const plainChatKnowledge = (context: KnowledgeContext): ChatKnowledge => ({
  lookup: async ({ userId, query, collectionIds, limit, signal }) => ({
    documents: await context.findRelevant({ userId, query, collectionIds, limit, signal }),
    indexing: [],
    advanced: false,
  }),
});

export const noKnowledgeContext: KnowledgeContext = {
  findRelevant: async () => [],
};
