import { describe, expect, it } from 'vitest';
import { analyze, eachWord, queryIndexTerms, termCounts, wordTerms } from './analyzer';

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

  it('finds the words /[\\p{L}\\p{N}]+/gu finds, beyond ASCII too', () => {
    const texts = [
      'Plain ASCII words, digits 42 and x2y; punctuation—dashes…',
      'Ünïcödé café naïve Ærøskøbing straße ΣΊΣΥΦΟΣ ς καλημέρα 東京タワー ١٢٣ ४५',
      // Astral letters (mathematical bold) and digits, a lone surrogate, combining marks, a capital dotted I.
      '𝐀𝐁𝐂 abc𝟏𝟐 \ud800x e\u0301t\u00e9 İstanbul İİ',
      '',
      ' ',
      'end',
      '  lead and trail  ',
    ];
    for (const text of texts) {
      const found: string[] = [];
      eachWord(text, (start, end) => {
        found.push(text.slice(start, end));
        return false;
      });
      expect(found).toEqual([...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => match[0]));
    }
    const firstTwo: string[] = [];
    eachWord('one two three', (start, end) => {
      firstTwo.push('one two three'.slice(start, end));
      return firstTwo.length === 2;
    });
    expect(firstTwo).toEqual(['one', 'two']);
  });

  it('analyses one word of a text as it analyses the text', () => {
    for (const word of ['Running', 'THE', 'x2', 'İstanbul', 'Straße', 'a'.repeat(41), 'Ποταμός']) {
      expect(wordTerms(word)).toEqual(analyze(word));
    }
  });
});
