import { describe, expect, it } from 'vitest';
import { fakeModel, result } from './advanced-test-helpers';
import { expandQuery, parsePhrasings } from './expansion';
import { fuse } from './fusion';
import { splitQuestion } from './sub-queries';
import { WordNet } from './wordnet';

describe('WordNet synonyms (offline)', () => {
  it('finds synonyms of a word and of its inflected forms', async () => {
    const wordnet = await WordNet.shared();
    expect(await wordnet.synonyms('car')).toContain('automobile');
    expect(await wordnet.synonyms('cars')).toContain('automobile');
    expect(await wordnet.synonyms('maintenance')).toContain('upkeep');
    expect(await wordnet.synonyms('car', 2)).toHaveLength(2);
    expect(await wordnet.synonyms('zzqxv')).toEqual([]);
    expect(wordnet.lookup('noun', 'automobile')?.length).toBeGreaterThan(0);
  });
});

describe('query expansion', () => {
  it('offline: adds WordNet synonyms and substitution variants, skipping stopwords', async () => {
    const expansion = await expandQuery('the car repair', { model: null });
    expect(expansion.expandedQueries[0]).toBe('the car repair');
    expect(expansion.expandedQueries).toContain('the auto repair');
    expect(expansion.synonyms).toContain('automobile');
    expect(expansion.synonyms).not.toContain('the');
    expect(expansion.steps.join(' ')).toMatch(/synonyms? from WordNet/);
  });

  it('asks a given model for phrasings, and falls back to synonyms when it fails', async () => {
    const model = fakeModel('1. fixing an automobile\n2. "vehicle repair"\n3. car maintenance');
    const asked = await expandQuery('car repair', { model });
    expect(asked.expandedQueries).toEqual(['car repair', 'fixing an automobile', 'vehicle repair', 'car maintenance']);
    expect(model.requests[0]?.messages.at(-1)?.content).toContain('car repair');

    const failed = await expandQuery('car repair', { model: fakeModel(new Error('upstream down')) });
    expect(failed.expandedQueries).toContain('auto repair');
    expect(failed.steps.join(' ')).toContain('failed (upstream down)');
  });

  it('parses phrasings from JSON arrays, bullets and reasoning models', () => {
    expect(parsePhrasings('Here are some:\n["a b", "c d", "A B", "e f", "g h"]', 'x')).toEqual(['a b', 'c d', 'e f']);
    expect(parsePhrasings('<think>hmm\n1. no</think>\n- one\n* two\n(3) Query', 'query')).toEqual(['one', 'two']);
  });
});

describe('multi-step: sub-questions', () => {
  it('splits compound questions on and/or/vs, clauses and question marks', () => {
    expect(splitQuestion('What is BM25 and how does RRF work?')).toEqual(['What is BM25', 'how does RRF work']);
    expect(splitQuestion('Postgres vs SQLite')).toEqual(['Postgres', 'SQLite']);
    expect(splitQuestion('Who wrote it? When was it published?')).toEqual(['Who wrote it', 'When was it published']);
    expect(splitQuestion('tomato soup recipe')).toEqual([]);
    // Parts without a content word are dropped; so is a repeat.
    expect(splitQuestion('tomatoes and the and tomatoes')).toEqual([]);
    // Noun pairs stay whole; parts that are questions of their own split (at most 4).
    expect(splitQuestion('salt and pepper shakers')).toEqual([]);
    expect(splitQuestion('bicycle chain or tomato watering')).toEqual(['bicycle chain', 'tomato watering']);
    expect(splitQuestion('red apples, green pears, ripe plums, dried figs and fresh kiwis')).toHaveLength(4);
  });

  it('fuses lists by weighted relevance: documents found by several phrasings rise', () => {
    const fused = fuse([
      { results: [result('a', '', 0.6), result('b', '', 0.5)], weight: 1 },
      { results: [result('b', '', 0.6), result('c', '', 0.9)], weight: 0.5 },
    ]);
    expect(fused.map((item) => item.result.document_id)).toEqual(['b', 'a', 'c']);
    // b: 0.5 + 0.5 × 0.6 = 0.8 (the prior scale), a: 0.6, c: 0.45; relevance is the best any list gave.
    expect(fused.map((item) => item.prior)).toEqual([1, 0.6 / 0.8, 0.45 / 0.8]);
    expect(fused.map((item) => item.result.relevance_score)).toEqual([0.6, 0.6, 0.9]);
    expect(fused[0]?.result.snippets).toEqual(result('b', '').snippets);
  });
});
