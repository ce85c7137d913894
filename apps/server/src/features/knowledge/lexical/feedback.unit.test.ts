import { describe, expect, it } from 'vitest';
import { FEEDBACK, expandedQuery, relevanceModel } from './feedback';

describe('pseudo-relevance feedback', () => {
  it('weighs each term by its share of a chunk times the chunk’s share of the scores', () => {
    const model = relevanceModel([
      { text: 'copper blight copper spray', heading_path: null, score: 3 },
      { text: 'blight tomatoes', heading_path: 'Garden', score: 1 },
      { text: 'nothing scored here', heading_path: null, score: 0 },
    ]);
    // copper: 2/4 of the first chunk × 3/4 of the scores; blight: 1/4 × 3/4 + 1/3 × 1/4 (the heading counts).
    expect(model.get('copper')).toBeCloseTo(0.375, 12);
    expect(model.get('blight')).toBeCloseTo(0.1875 + 1 / 12, 12);
    expect(model.get('garden')).toBeCloseTo(1 / 12, 12);
    expect(model.get('tomato')).toBeCloseTo(1 / 12, 12);
    // A chunk without score adds nothing; the weights of scored chunks sum to 1.
    expect(model.get('score')).toBe(0);
    expect([...model.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(relevanceModel([{ text: 'zero', heading_path: null, score: 0 }]).size).toBe(0);
    // Only the heaviest terms stay candidates.
    const long = Array.from({ length: 80 }, (_, i) => `w${i} `.repeat(i < 5 ? 3 : 1)).join('');
    const kept = relevanceModel([{ text: long, heading_path: null, score: 1 }]);
    expect(kept.size).toBe(FEEDBACK.candidates);
    expect(['w0', 'w1', 'w2', 'w3', 'w4'].every((term) => kept.has(term))).toBe(true);
  });

  it('keeps the user’s terms at their share and adds the best candidates by weight × idf', () => {
    const model = new Map<string, number>(Array.from({ length: 15 }, (_, i) => [`t${i}`, (i + 1) / 120]));
    model.set('common', 0.5);
    model.set('unknown', 0.5);
    const idf = (term: string) => (term === 'common' ? 0.01 : term === 'unknown' ? 0 : 2);
    const query = expandedQuery(['tomato', 't14'], model, idf);
    expect(query.get('tomato')).toBe(FEEDBACK.original);
    // The ten best by weight × idf: t5..t14 (0.01 × 0.5 for "common" is below them; idf 0 is never chosen).
    const added = [...query.keys()].filter((term) => term !== 'tomato');
    expect(added.sort()).toEqual(['t10', 't11', 't12', 't13', 't14', 't5', 't6', 't7', 't8', 't9']);
    // The expansion weighs (1 - original) of the user's terms together, in proportion to weight × idf.
    const expansion = [...query.values()].reduce((sum, w) => sum + w, 0) - 2 * FEEDBACK.original;
    expect(expansion).toBeCloseTo((1 - FEEDBACK.original) * 2, 12);
    const sum = Array.from({ length: 10 }, (_, i) => (i + 6) / 120).reduce((a, b) => a + b, 0);
    expect(query.get('t5')).toBeCloseTo(((1 - FEEDBACK.original) * 2 * (6 / 120)) / sum, 12);
    // A user's term chosen again keeps its own weight and adds its share.
    expect(query.get('t14')).toBeCloseTo(FEEDBACK.original + ((1 - FEEDBACK.original) * 2 * (15 / 120)) / sum, 12);
  });
});
