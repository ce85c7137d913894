import type { UsedDocument } from '@hearth/contract';

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

export const noKnowledgeContext: KnowledgeContext = {
  findRelevant: async () => [],
};
