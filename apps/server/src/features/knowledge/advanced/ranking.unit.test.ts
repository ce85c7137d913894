import { ADVANCED_SEARCH_FAILED } from '@hearth/contract';
import { describe, expect, it, vi } from 'vitest';
import { AdvancedSearchService } from '../advanced-search.service';
import { fakeModel, result, silentLog } from './advanced-test-helpers';
import { modelRerank, parseScores } from './model-rerank';
import { proximityParts, proximityRerank, termGroups } from './proximity';
import { assess } from './validation';

describe('reranking', () => {
  it('offline: terms close together and in order rank above scattered ones', () => {
    const scattered = result('scattered', 'The solar array was cleaned. Later, the panel report on wiring was filed.');
    const near = result('near', 'Every solar panel is inspected yearly.');
    const partial = result('partial', 'Solar energy is abundant.');
    const ranked = proximityRerank([scattered, partial, near], 'solar panel');
    expect(ranked.map((item) => item.document_id)).toEqual(['near', 'scattered', 'partial']);
    // The lexical re-score only nudges: a clearly stronger prior keeps its place.
    const priors = [0.7, 1, 0.6];
    const nudged = proximityRerank([scattered, partial, near], 'solar panel', { priors });
    expect(nudged.map((item) => item.document_id)).toEqual(['partial', 'scattered', 'near']);
    expect(proximityRerank([partial, near], 'solar panel', { lexicalShare: 0 })[0]?.document_id).toBe('partial');
    expect(proximityParts(near, termGroups('solar panel'))).toEqual({ coverage: 1, proximity: 1, phrase: 1 });
    expect(proximityParts(partial, termGroups('solar panel')).coverage).toBe(0.5);
    for (const item of ranked) expect(item.relevance_score).toBeLessThanOrEqual(1);
  });

  it('with a model: orders by its scores; too few scores is a failure', async () => {
    const candidates = [result('a', 'alpha'), result('b', 'beta'), result('c', 'gamma')];
    const model = fakeModel('1: 2\n2: 9\n3: 5');
    const ranked = await modelRerank(candidates, 'beta', model);
    expect(ranked.map((item) => item.document_id)).toEqual(['b', 'c', 'a']);
    expect(model.requests[0]?.messages.at(-1)?.content).toContain('[2] b.txt: beta');
    await expect(modelRerank(candidates, 'beta', fakeModel('I cannot help'))).rejects.toThrow(/scored 0 of 3/);
    expect([...parseScores('[1] 7/10\n2 - 3.5\n9: 4\n3: 11', 3)]).toEqual([
      [0, 0.7],
      [1, 0.35],
    ]);
  });
});

describe('validation and confidence', () => {
  it('reports no results, low relevance and a single document', () => {
    const none = assess([], 'car', { collectionsChosen: true });
    expect(none.validation).toEqual({
      isValid: false,
      confidence: 0,
      issues: ['No results found'],
      suggestions: ['Try different keywords', 'Select more collections'],
    });
    const weak = assess([result('a', 'car wash', 0.1)], 'car wash', { collectionsChosen: false });
    expect(weak.validation.isValid).toBe(false);
    expect(weak.validation.issues).toEqual(['Low relevance scores', 'Only one document matched']);
    expect(weak.validation.suggestions).toContain('Add more documents to your collections');
  });

  it('is confident when top results are relevant and cover the terms', () => {
    const good = assess([result('a', 'car wash prices', 0.8), result('b', 'car wash', 0.7)], 'car wash', {
      collectionsChosen: true,
    });
    expect(good.validation).toMatchObject({ isValid: true, issues: [] });
    expect(good.confidence).toBeGreaterThan(0.7);
    expect(good.confidence).toBe(good.validation.confidence);
    const missing = assess([result('a', 'car only', 0.8), result('b', 'car', 0.7)], 'car wash', {
      collectionsChosen: true,
    });
    expect(missing.validation.issues).toEqual(['Not found in the top results: "wash"']);
    expect(missing.confidence).toBeLessThan(good.confidence);
  });

  it('counts a term as covered when a synonym of it matched', () => {
    const results = [result('a', 'automobile wash', 0.6), result('b', 'wash the automobile', 0.5)];
    const plain = assess(results, 'car wash', { collectionsChosen: true });
    expect(plain.validation.issues).toEqual(['Not found in the top results: "car"']);
    const related = new Map([['car', ['auto', 'automobile', 'motor vehicle']]]);
    const expanded = assess(results, 'car wash', { collectionsChosen: true, related });
    expect(expanded.validation.issues).toEqual([]);
    expect(expanded.confidence).toBeGreaterThan(plain.confidence);
  });
});

describe('AdvancedSearchService', () => {
  it('searches the query, its variants and sub-questions, and cuts both lists to maxResults', async () => {
    const queries: string[] = [];
    const many = Array.from({ length: 30 }, (_, i) => result(`d${i}`, `car and bike ${i}`, 0.5));
    const search = vi.fn((_user: string, query: string, _scope: string[] | null, _limit?: number) => {
      queries.push(query);
      return Promise.resolve(many);
    });
    const service = new AdvancedSearchService({ search }, null, silentLog);
    const body = {
      query: 'car repair and bike paint',
      useReranking: true,
      useQueryExpansion: true,
      useMultiStepReasoning: true,
      maxResults: 5,
    };
    const response = await service.search('u1', body);
    expect(queries).toEqual(
      expect.arrayContaining(['car repair and bike paint', 'car repair', 'bike paint', 'auto repair and bike paint']),
    );
    expect(response.results).toHaveLength(5);
    expect(response.rerankedResults).toHaveLength(5);
    expect(response.reasoning).toEqual(
      expect.arrayContaining(['Split the question into 2 sub-questions', 'Reranked 20 candidates by term proximity']),
    );
    expect(search.mock.calls.every((call) => call[0] === 'u1' && call[3] === 20)).toBe(true);
  });

  it('answers the spec fallback object when anything inside fails', async () => {
    const search = vi.fn(() => Promise.reject(new Error('database is down')));
    const log = { warn: vi.fn(), error: vi.fn() };
    const service = new AdvancedSearchService({ search }, null, log);
    const body = {
      query: 'x',
      useReranking: false,
      useQueryExpansion: false,
      useMultiStepReasoning: false,
      maxResults: 10,
    };
    expect(await service.search('u1', body)).toEqual(ADVANCED_SEARCH_FAILED);
    expect(log.error).toHaveBeenCalledOnce();
    // A caller that went away gets the fallback too, without searching.
    const unused = vi.fn(() => Promise.resolve([result('a', 'x')]));
    const stopped = new AdvancedSearchService({ search: unused }, null, log);
    const aborted = await stopped.search('u1', { ...body, useQueryExpansion: true }, AbortSignal.abort());
    expect(aborted).toEqual(ADVANCED_SEARCH_FAILED);
    expect(unused).not.toHaveBeenCalled();
  });
});
