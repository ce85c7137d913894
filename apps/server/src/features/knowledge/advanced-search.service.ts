import { ADVANCED_SEARCH_FAILED, type AdvancedSearchBody, type AdvancedSearchResponse } from '@hearth/contract';
import type { KnowledgeSearchResult } from '@hearth/contract';
import type { z } from 'zod';
import type { ScopedModelRegistry } from '../models';
import type { ModelHandle } from './advanced/ask-model';
import { type Expansion, expandQuery, plural, reason } from './advanced/expansion';
import { type Fused, fuse, type RankedList } from './advanced/fusion';
import { MODEL_RERANK_LIMITS, modelRerank } from './advanced/model-rerank';
import { proximityRerank } from './advanced/proximity';
import { splitQuestion } from './advanced/sub-queries';
import { assess } from './advanced/validation';
import type { SearchService } from './search.service';

export type AdvancedSearchInput = z.output<typeof AdvancedSearchBody>;

/** Candidates gathered per search, so reranking has at least 20 to work with. */
const MIN_POOL = 20;
/** Fusion weights, tuned on SciFact and a DBpedia-entity subset (see advanced/fusion.ts). */
const WEIGHT = { original: 1, subQuestion: 0.5, variant: 0.3 } as const;

interface Logger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The spec's advanced-rag: query expansion, multi-step (sub-question) search, weighted score fusion,
 * reranking, then validation and confidence. Any failure answers the spec's fallback object instead of throwing.
 */
export class AdvancedSearchService {
  constructor(
    private readonly searchService: Pick<SearchService, 'search'>,
    private readonly registry: ScopedModelRegistry | null,
    private readonly log: Logger,
  ) {}

  async search(userId: string, body: AdvancedSearchInput, signal?: AbortSignal): Promise<AdvancedSearchResponse> {
    try {
      return await this.run(userId, body, signal);
    } catch (error) {
      this.log.error({ err: error }, 'advanced search failed');
      return structuredClone(ADVANCED_SEARCH_FAILED);
    }
  }

  private async run(userId: string, body: AdvancedSearchInput, signal?: AbortSignal): Promise<AdvancedSearchResponse> {
    const reasoning: string[] = [];
    const scope = body.collectionIds && body.collectionIds.length > 0 ? body.collectionIds : null;
    const model =
      body.useQueryExpansion || body.useReranking ? await this.resolveModel(userId, body.model, reasoning) : null;

    const expansion: Expansion = body.useQueryExpansion
      ? await expandQuery(body.query, { model, signal })
      : { expandedQueries: [body.query], synonyms: [], related: new Map(), steps: [] };
    reasoning.push(...expansion.steps);
    const subQuestions = body.useMultiStepReasoning ? splitQuestion(body.query) : [];
    if (subQuestions.length > 0) {
      reasoning.push(`Split the question into ${plural(subQuestions.length, 'sub-question')}`);
    }
    signal?.throwIfAborted();

    const pool = Math.max(body.maxResults, MIN_POOL);
    const run = (query: string) => this.searchService.search(userId, query, scope, pool);
    const variants = expansion.expandedQueries.slice(1);
    const lists: RankedList[] = [
      { results: await run(body.query), weight: WEIGHT.original },
      ...(await Promise.all(variants.map(async (query) => ({ results: await run(query), weight: WEIGHT.variant })))),
      ...(await Promise.all(
        subQuestions.map(async (query) => ({ results: await run(query), weight: WEIGHT.subQuestion })),
      )),
    ];
    reasoning.push(searchStep(variants.length, subQuestions.length));
    const fusion = fuse(lists).slice(0, pool);
    const fused = fusion.map((entry) => entry.result);
    reasoning.push(
      lists.length > 1
        ? `Merged ${plural(fused.length, 'candidate document')} by weighted score fusion`
        : `Found ${plural(fused.length, 'candidate document')}`,
    );
    signal?.throwIfAborted();

    const reranked = body.useReranking
      ? await this.rerank(fusion, body.query, expansion.related, model, reasoning, signal)
      : fused;
    const results = fused.slice(0, body.maxResults);
    const rerankedResults = reranked.slice(0, body.maxResults);
    const assessment = assess(rerankedResults, body.query, {
      collectionsChosen: scope !== null,
      related: expansion.related,
    });
    reasoning.push(
      `Validated the results: ${assessment.validation.isValid ? 'relevant matches found' : 'no decent match'}, ` +
        `confidence ${Math.round(assessment.confidence * 100)}%`,
    );
    return { results, rerankedResults, expandedQuery: pick(expansion), reasoning, ...assessment };
  }

  private async rerank(
    fusion: Fused[],
    query: string,
    related: ReadonlyMap<string, string[]>,
    model: ModelHandle | null,
    reasoning: string[],
    signal?: AbortSignal,
  ): Promise<KnowledgeSearchResult[]> {
    const candidates = fusion.map((entry) => entry.result);
    if (candidates.length === 0) return candidates;
    if (model) {
      try {
        const reranked = await modelRerank(candidates, query, model, signal);
        const scored = Math.min(candidates.length, MODEL_RERANK_LIMITS.candidates);
        reasoning.push(`Reranked ${plural(scored, 'candidate')} with ${model.model}`);
        return reranked;
      } catch (error) {
        signal?.throwIfAborted();
        this.log.warn({ err: error }, 'model reranking failed; using term proximity');
        reasoning.push(`Reranking with ${model.model} failed (${reason(error)}); used term proximity instead`);
      }
    }
    reasoning.push(`Reranked ${plural(candidates.length, 'candidate')} by term proximity`);
    return proximityRerank(candidates, query, { related, priors: fusion.map((entry) => entry.prior) });
  }

  private async resolveModel(
    userId: string,
    name: string | undefined,
    reasoning: string[],
  ): Promise<ModelHandle | null> {
    if (!name || !this.registry) return null;
    try {
      // Only a model this user may use (model grants); a hidden one is "unavailable" like a missing one.
      const resolved = await (await this.registry.forUser(userId)).resolve(name);
      return { provider: resolved.provider, model: resolved.model.name };
    } catch (error) {
      reasoning.push(`Model ${name} is unavailable (${reason(error)}); used offline methods`);
      return null;
    }
  }
}

function searchStep(variants: number, subQuestions: number): string {
  const parts = ['the original query'];
  if (variants > 0) parts.push(plural(variants, 'query variant'));
  if (subQuestions > 0) parts.push(plural(subQuestions, 'sub-question'));
  const last = parts.pop() as string;
  const list = parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
  return `Searched ${list}${parts.length > 0 ? ` (${1 + variants + subQuestions} searches)` : ''}`;
}

const pick = ({ expandedQueries, synonyms }: Expansion) => ({ expandedQueries, synonyms });
