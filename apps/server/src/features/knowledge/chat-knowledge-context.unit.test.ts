import {
  ADVANCED_SEARCH_FAILED,
  AdvancedRetrievalOptions,
  type AdvancedSearchResponse,
  answerConfidence,
  type KnowledgeSearchResult,
} from '@hearth/contract';
import { describe, expect, it, vi } from 'vitest';
import { type AdvancedRetriever, ChatKnowledgeContext, type CollectionSource } from './chat-knowledge-context';

const result = (id: string, collectionId: string, score: number): KnowledgeSearchResult => ({
  document_id: id,
  collection_id: collectionId,
  file_name: `${id}.txt`,
  collection_name: collectionId.toUpperCase(),
  relevance_score: score,
  snippets: [{ text: `text of ${id}`, highlights: [], page: 2, heading_path: null, chunk_id: `chunk-${id}` }],
  page: 2,
  chunk_id: `chunk-${id}`,
});

const sources: CollectionSource = {
  collections: async () => [
    { id: 'a', name: 'A' },
    { id: 'b', name: 'B' },
  ],
  indexingCollections: async (_userId, ids) =>
    ids === null || ids.includes('b') ? [{ collection_id: 'b', collection_name: 'B', pending: 2 }] : [],
};

const advancedAnswer = (
  results: KnowledgeSearchResult[],
  reranked: KnowledgeSearchResult[],
): AdvancedSearchResponse => ({
  ...ADVANCED_SEARCH_FAILED,
  results,
  rerankedResults: reranked,
  explanation: 'ok',
  confidence: 0.7,
  validation: { isValid: true, confidence: 0.7, issues: [], suggestions: [] },
});

function setup(advanced: AdvancedRetriever['search'] | null) {
  const search = vi.fn(async () => [result('plain', 'a', 0.5)]);
  const warn = vi.fn();
  const context = new ChatKnowledgeContext({ search }, sources, { warn });
  if (advanced) context.useAdvancedRetriever({ search: vi.fn(advanced) });
  return { context, search, warn };
}

const on = AdvancedRetrievalOptions.parse({ enabled: true, maxResults: 20, useQueryExpansion: false });
const query = { userId: 'u', query: 'q', collectionIds: ['a', 'b', 'foreign'], limit: 3 };

describe('ChatKnowledgeContext', () => {
  it('searches only owned collections, and nothing at all when none of the selected ones is owned', async () => {
    const { context, search } = setup(null);
    const lookup = await context.lookup(query);
    expect(search).toHaveBeenCalledWith('u', 'q', ['a', 'b'], 3);
    expect(lookup.documents[0]).toMatchObject({ id: 'plain', collectionId: 'a', page: 2, chunkId: 'chunk-plain' });
    expect(lookup.indexing).toEqual([{ collection_id: 'b', collection_name: 'B', pending: 2 }]);
    expect(lookup.advanced).toBe(false);

    search.mockClear();
    expect(await context.lookup({ ...query, collectionIds: ['foreign'] })).toEqual({
      documents: [],
      indexing: [],
      advanced: false,
    });
    expect(search).not.toHaveBeenCalled();
  });

  it('takes the top reranked results of advanced retrieval when it is on, dropping foreign collections', async () => {
    const calls: unknown[] = [];
    const { context, search } = setup(async (_user, body) => {
      calls.push(body);
      return advancedAnswer(
        [result('r1', 'a', 0.4)],
        [
          result('x', 'someone-else', 0.99),
          result('r3', 'b', 0.9),
          result('r2', 'a', 0.8),
          result('r1', 'a', 0.4),
          result('r4', 'a', 0.3),
        ],
      );
    });
    const lookup = await context.lookup({ ...query, advanced: on, model: 'm' });
    expect(calls[0]).toEqual({
      query: 'q',
      collectionIds: ['a', 'b'],
      useReranking: true,
      useQueryExpansion: false,
      useMultiStepReasoning: true,
      maxResults: 20,
      model: 'm',
    });
    expect(lookup.documents.map((doc) => doc.id)).toEqual(['r3', 'r2', 'r1']);
    expect(lookup.advanced).toBe(true);
    expect(search).not.toHaveBeenCalled();
  });

  it('falls back to plain search when advanced retrieval throws or reports failure, and when it is off', async () => {
    for (const failing of [
      async (): Promise<AdvancedSearchResponse> => {
        throw new Error('boom');
      },
      async () => ADVANCED_SEARCH_FAILED,
    ]) {
      const { context, warn } = setup(failing);
      const lookup = await context.lookup({ ...query, advanced: on });
      expect(lookup.documents.map((doc) => doc.id)).toEqual(['plain']);
      expect(lookup.advanced).toBe(false);
      expect(warn).toHaveBeenCalledOnce();
    }
    const off = setup(async () => advancedAnswer([result('adv', 'a', 1)], []));
    expect((await off.context.lookup({ ...query, advanced: { ...on, enabled: false } })).documents[0]?.id).toBe(
      'plain',
    );
  });
});

describe('answerConfidence (spec §9)', () => {
  const long = 'x'.repeat(101);
  it('adds 0.3 for document references, 0.1 over 100 characters and 0.2 × mean relevance, capped at 1', () => {
    expect(answerConfidence({ answer: 'short', documents: [] })).toBe(0.5);
    expect(answerConfidence({ answer: long, documents: [] })).toBe(0.6);
    expect(answerConfidence({ answer: 'x'.repeat(100), documents: [] })).toBe(0.5);
    expect(answerConfidence({ answer: 'short', documents: [{ relevance_score: 0.5 }, { relevance_score: 0.3 }] })).toBe(
      0.88,
    );
    expect(answerConfidence({ answer: long, documents: [{ relevance_score: 0.5 }] })).toBe(1);
    expect(answerConfidence({ answer: long, documents: [{ relevance_score: 1 }, { relevance_score: 1 }] })).toBe(1);
    expect(answerConfidence({ answer: 'short', documents: [{}] })).toBe(0.8);
  });
});
