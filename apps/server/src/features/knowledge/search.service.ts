import type { KnowledgeSearchResult, UsedDocument } from '@hearth/contract';
import type { KnowledgeContext } from '../chat';
import type { ChunkHit } from './chunk-hits.repository';
import type { ChunkIndexRepository } from './chunk-index.repository';
import type { SearchScopes } from './lexical/bm25-search.repository';
import type { CollectionShareRepository } from './collection-access.repository';
import { RRF_K, reciprocalRankFusion } from './embeddings/vector-math';
import type { KnowledgeRepository } from './knowledge.repository';
import { analyzeWords } from './lexical/analyzer';
import { FEEDBACK, expandedQuery, relevanceModel } from './lexical/feedback';
import { idf } from './lexical/max-score';
import { type TermMatcher, indexTermMatcher, makeSnippet, queryTerms, termMatcher } from './query-terms';

const SNIPPETS_PER_DOCUMENT = 3;
/** Chunks fetched per wanted document, so several chunks of one document do not crowd out others. */
const CHUNKS_PER_RESULT = 4;
/** Chunks fetched for `limit` documents. */
const chunksFor = (limit: number) => Math.min(1000, limit * CHUNKS_PER_RESULT + 20);

/** Collections of one other owner that are shared with the searching user. */
export interface SharedScope {
  userId: string;
  collectionIds: string[];
}

/** Vector kNN over the user's chunks; null when there are no vectors of the active model in scope. */
export interface SemanticSearch {
  /** The embedding model searches use now; null when there is none (then a search is lexical only). */
  active(): Promise<object | null>;
  nearest(
    userId: string,
    query: string,
    collectionIds: string[] | null,
    limit: number,
    shared?: SharedScope[],
  ): Promise<ChunkHit[] | null>;
}

/** Both lists at rank 1: the most a fused score can be (so relevance stays 0-1). */
const RRF_BEST = 2 / (RRF_K + 1);

/**
 * Search over the user's collections, grouped by document (best chunk first): lexical, fused with vector hits
 * by reciprocal rank (k = 60) when the scope has vectors of the active embedding model.
 */
export class SearchService implements KnowledgeContext {
  constructor(
    private readonly collections: KnowledgeRepository,
    private readonly index: ChunkIndexRepository,
    private readonly semantic?: SemanticSearch,
    private readonly shares?: Pick<CollectionShareRepository, 'sharedWith'>,
    /** How long each search took, in seconds (metrics). */
    private readonly timed?: (seconds: number) => void,
  ) {}

  /**
   * `collectionIds` null or empty = every collection the user may read (own, and shared with their groups or
   * organisation: checked now, at search time); ids the user may not read are ignored.
   */
  async search(
    userId: string,
    query: string,
    collectionIds: string[] | null,
    limit = 10,
  ): Promise<KnowledgeSearchResult[]> {
    const started = performance.now();
    try {
      return await this.searchScoped(userId, query, collectionIds, limit);
    } finally {
      this.timed?.((performance.now() - started) / 1000);
    }
  }

  private async searchScoped(
    userId: string,
    query: string,
    collectionIds: string[] | null,
    limit: number,
  ): Promise<KnowledgeSearchResult[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const scope =
      collectionIds && collectionIds.length > 0
        ? await this.collections.accessibleIds(userId, [...new Set(collectionIds)])
        : null;
    const lexicalOnly = !(await this.semantic?.active());
    if (lexicalOnly && limit > FEEDBACK.head) return await this.withFeedback(userId, terms, scope, limit);
    const [hits, near] = await Promise.all([
      this.index.search(userId, terms, scope, chunksFor(limit)),
      lexicalOnly ? null : this.nearest(userId, query, scope, chunksFor(limit)),
    ]);
    if (!near?.length) return this.group(hits, termMatcher(terms), limit, this.lexicalRelevance);
    const fused = reciprocalRankFusion([hits, near], (hit) => hit.chunk_id).map(({ item, score }) => ({
      ...item,
      score,
    }));
    return this.group(fused, termMatcher(terms), limit, (hit) => Math.min(1, hit.score / RRF_BEST));
  }

  /** A BM25 score as 0-1: score / (score + the index's typical score). */
  private readonly lexicalRelevance = (hit: ChunkHit): number => {
    const score = Math.max(0, hit.score);
    return score / (score + this.index.relevanceScale);
  };

  /**
   * Lexical only and more than a page wanted: the first page is the query's own best documents, and the rest
   * come from the query expanded with feedback terms of that page's best chunks (lexical/feedback.ts), past the
   * documents already on it. A later document never shows more relevance than the first page's least relevant.
   * Without an embedding model this is what finds documents that use other words (SciFact Recall@100 0.921 →
   * 0.933, DBPedia-Entity subset 0.848 → 0.872; the first page, so nDCG@10 and MRR@10, unchanged).
   */
  private async withFeedback(
    userId: string,
    words: string[],
    collectionIds: string[] | null,
    limit: number,
  ): Promise<KnowledgeSearchResult[]> {
    const terms = analyzeWords(words);
    const opened = terms.length ? await this.index.scopesWithFrequencies(userId, collectionIds, terms) : null;
    if (!opened) return [];
    const { scopes } = opened;
    const own = new Map(terms.map((term) => [term, 1]));
    const headHits = await this.index.searchIn(scopes, own, chunksFor(FEEDBACK.head), {
      frequencies: opened.frequencies,
      documents: FEEDBACK.head,
    });
    const head = this.group(headHits, termMatcher(words), FEEDBACK.head, this.lexicalRelevance);
    if (head.length === 0) return head;
    // Each document's best chunk is its first hit.
    const best = head.flatMap((result) => headHits.find((hit) => hit.chunk_id === result.chunk_id) ?? []);
    const model = relevanceModel(best);
    // The feedback terms' document frequencies (the query's own came with the scopes) serve both the choice of
    // feedback terms and the expanded search.
    const feedbackTerms = [...model.keys()].filter((term) => !own.has(term));
    const frequencies = new Map([...opened.frequencies, ...(await this.index.frequencies(scopes, feedbackTerms))]);
    const expanded = expandedQuery(terms, model, (term) => {
      const df = frequencies.get(term);
      return df ? idf(scopes.chunks, df) : 0;
    });
    const shown = new Set(head.map((result) => result.document_id));
    const tailHits = await this.feedbackHits(scopes, expanded, frequencies, limit, headHits, shown);
    const floor = Math.min(...head.map((result) => result.relevance_score));
    // Their snippets mark the words they were found by, the user's and the feedback terms alike.
    const tail = this.group(
      tailHits.filter((hit) => !shown.has(hit.document_id)),
      indexTermMatcher(words, expanded.keys()),
      limit - head.length,
      (hit) => Math.min(floor, this.lexicalRelevance(hit)),
    );
    return [...head, ...tail];
  }

  /**
   * The expanded query's best chunks, enough for `limit` documents (the tail skips those `shown` on the first page).
   * A document ranks by its best chunk, so any number of chunks that holds `limit` documents gives the same
   * documents; fewer chunks cost less to score (SciFact-like collections have a chunk or two per document). It asks
   * for as many as the first page's hits suggest (chunks per document there), and for the usual number
   * (`chunksFor`) only when those hold too few new documents.
   */
  private async feedbackHits(
    scopes: SearchScopes,
    expanded: Map<string, number>,
    frequencies: Map<string, number>,
    limit: number,
    headHits: ChunkHit[],
    shown: ReadonlySet<string>,
  ): Promise<ChunkHit[]> {
    const usual = chunksFor(limit);
    const perDocument = headHits.length / new Set(headHits.map((hit) => hit.document_id)).size;
    const fewer = Math.min(usual, Math.ceil(limit * perDocument * 1.2) + 20);
    const options = { frequencies, documents: limit };
    const hits = await this.index.searchIn(scopes, expanded, fewer, options);
    const found = new Set(hits.flatMap((hit) => (shown.has(hit.document_id) ? [] : [hit.document_id])));
    if (fewer === usual || found.size >= limit - shown.size) return hits;
    return await this.index.searchIn(scopes, expanded, usual, options);
  }

  /**
   * Vectors are stored and indexed per owner (cost follows the owner's data), so shared collections are searched
   * in their owners' scopes, limited to the collections shared with this user, and merged by similarity.
   */
  private async nearest(userId: string, query: string, scope: string[] | null, wanted: number) {
    if (!this.semantic) return null;
    const shared = (await this.shares?.sharedWith(userId, scope)) ?? [];
    const sharedIds = new Set(shared.map((row) => row.id));
    const own = scope ? scope.filter((id) => !sharedIds.has(id)) : null;
    const byOwner = new Map<string, string[]>();
    for (const row of shared) byOwner.set(row.user_id, [...(byOwner.get(row.user_id) ?? []), row.id]);
    const others = [...byOwner].map(([owner, collectionIds]) => ({ userId: owner, collectionIds }));
    return this.semantic.nearest(userId, query, own, wanted, others);
  }

  /** `matches`: the words its snippets mark (termMatcher of the query's words, or more). */
  private group(
    hits: ChunkHit[],
    matches: TermMatcher,
    limit: number,
    relevance: (hit: ChunkHit) => number,
  ): KnowledgeSearchResult[] {
    const byDocument = new Map<string, ChunkHit[]>();
    for (const hit of hits) {
      const list = byDocument.get(hit.document_id);
      if (list) list.push(hit);
      else byDocument.set(hit.document_id, [hit]);
    }
    // A document ranks by its best chunk: adding up its other chunks was measured to favour long documents
    // (SciFact nDCG@10 0.675 → 0.654 with half weight).
    return [...byDocument.values()].slice(0, limit).map((chunks) => {
      const best = chunks[0] as ChunkHit;
      return {
        document_id: best.document_id,
        collection_id: best.collection_id,
        file_name: best.file_name,
        collection_name: best.collection_name,
        relevance_score: relevance(best),
        page: best.page,
        chunk_id: best.chunk_id,
        snippets: chunks.slice(0, SNIPPETS_PER_DOCUMENT).map((chunk) => ({
          ...makeSnippet(chunk.text, matches),
          page: chunk.page,
          heading_path: chunk.heading_path,
          chunk_id: chunk.chunk_id,
        })),
      };
    });
  }

  /** Chat's hook: the top documents as context (spec §7 enhanced chat). */
  async findRelevant(input: {
    userId: string;
    query: string;
    collectionIds: string[];
    limit: number;
  }): Promise<UsedDocument[]> {
    const results = await this.search(input.userId, input.query, input.collectionIds, input.limit);
    return results.map((result) => ({
      id: result.document_id,
      fileName: result.file_name,
      collectionName: result.collection_name,
      snippet: result.snippets.map((snippet) => snippet.text).join('\n…\n'),
      relevance_score: result.relevance_score,
      collectionId: result.collection_id,
      page: result.page,
      chunkId: result.chunk_id,
    }));
  }
}
