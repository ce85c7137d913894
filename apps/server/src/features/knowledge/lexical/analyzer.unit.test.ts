import { describe, expect, it } from 'vitest';
import { analyze, queryIndexTerms, termCounts } from './analyzer';

describe('lexical analyzer', () => {
  it('stems like Porter (1980) on his reference vocabulary', () => {
    // Pairs from Martin Porter's published voc.txt / output.txt for the original algorithm.
    const reference: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['ties', 'ti'],
      ['cats', 'cat'],
      ['feed', 'feed'],
      ['agreed', 'agre'],
      ['plastered', 'plaster'],
      ['motoring', 'motor'],
      ['sing', 'sing'],
      ['conflated', 'conflat'],
      ['troubled', 'troubl'],
      ['sized', 'size'],
      ['hopping', 'hop'],
      ['falling', 'fall'],
      ['filing', 'file'],
      ['happy', 'happi'],
      ['relational', 'relat'],
      ['conditional', 'condit'],
      ['valenci', 'valenc'],
      ['digitizer', 'digit'],
      ['operator', 'oper'],
      ['feudalism', 'feudal'],
      ['decisiveness', 'decis'],
      ['hopefulness', 'hope'],
      ['formaliti', 'formal'],
      ['triplicate', 'triplic'],
      ['electrical', 'electr'],
      ['revival', 'reviv'],
      ['allowance', 'allow'],
      ['adjustable', 'adjust'],
      ['generalizations', 'gener'],
      ['controll', 'control'],
      ['roll', 'roll'],
    ];
    for (const [word, stem] of reference) expect(analyze(word), word).toEqual([stem]);
  });

  it('lowercases Unicode words, drops stopwords and over-long runs, keeps digits and other scripts', () => {
    expect(analyze('The Running of the BULLS, in 2024: Ça va? Übergrößen-Träger')).toEqual([
      'run',
      'bull',
      '2024',
      'ça',
      'va',
      'übergrößen',
      'träger',
    ]);
    expect(analyze(`${'x'.repeat(41)} covid19 ${'z'.repeat(40)}`)).toEqual(['covid19', 'z'.repeat(40)]);
    expect(analyze('what is it that they are')).toEqual([]);
  });

  it('counts term frequencies and the length BM25 normalises by', () => {
    const counts = termCounts('Cats chase cats; the cat sleeps.');
    expect(Object.fromEntries(counts.tf)).toEqual({ cat: 3, chase: 1, sleep: 1 });
    expect(counts.length).toBe(5);
  });

  it('turns a query into distinct stems', () => {
    expect(queryIndexTerms('Running runners run, the runs')).toEqual(['run', 'runner']);
  });
});
