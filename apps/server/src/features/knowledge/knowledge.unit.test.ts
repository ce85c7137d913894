import { describe, expect, it } from 'vitest';
import { ndcgAt, readQrels, recallAt, reciprocalRankAt } from '../../../../../bench/lib/ir-metrics';
import { type Chunk, chunkSections, chunkSectionsYielding, documentTitle } from './chunker';
import { analyze, chunkTermCounts, termCounts } from './lexical/analyzer';
import { indexTermMatcher, makeSnippet, queryTerms, roughStem, termMatcher } from './query-terms';

describe('query terms', () => {
  it('drops stopwords and search syntax, keeps content words once', () => {
    expect(queryTerms('What is the "effect" of NEAR(aspirin) on the heart, the HEART?')).toEqual([
      'effect',
      'near',
      'aspirin',
      'heart',
    ]);
    expect(queryTerms('the of and')).toEqual([]);
  });

  it('returns plain text with highlight offsets (no HTML)', () => {
    const snippet = makeSnippet('<b>Tomatoes</b> need watering daily.', ['tomato', 'watered']);
    expect(snippet.text).toContain('<b>');
    const marked = snippet.highlights.map((h) => snippet.text.slice(h.start, h.end));
    expect(marked).toEqual(['Tomatoes', 'watering']);
  });

  it('marks words by their index terms too (feedback terms are Porter stems), never stopwords', () => {
    const snippet = makeSnippet(
      'Tomatoes: the fungicides of copper were sprayed.',
      indexTermMatcher(['tomato'], ['fungicid', 'copper']),
    );
    const marked = snippet.highlights.map((h) => snippet.text.slice(h.start, h.end));
    expect(marked).toEqual(['Tomatoes', 'fungicides', 'copper']);
  });
  it('matches exactly what the full test matches (the two-character shortcut loses no word)', () => {
    const words = [
      ...'Tomatoes tomato Yellow yields 12µm 3D dna DNA Ärzte ärztin naïve café İSTANBUL BİR İzmir ΣΟΦΊΑ σοφία r'.split(
        ' ',
      ),
      ...'ays Ayes relational Conditional generalization happily Happy skies ties lying running Runs'.split(' '),
      ...'eyed EYED ies Ies ued Ueds oeds dyes a A 7 r2 R2d2 x İ aİ aé Éa sky Sky byes'.split(' '),
    ];
    // Every word's own rough stem and index terms as keys, one word at a time: each must match itself, and the
    // matcher must agree with the full test on every other word.
    for (const key of words) {
      const stems = new Set([roughStem(key.toLowerCase())]);
      const terms = new Set(analyze(key));
      const byWords = termMatcher([key.toLowerCase()]);
      const byTerms = indexTermMatcher([], terms);
      for (const word of words) {
        expect(byWords(word), `${word} by ${key}`).toBe(stems.has(roughStem(word)));
        expect(byTerms(word), `${word} by terms of ${key}`).toBe(analyze(word).some((term) => terms.has(term)));
      }
      expect(byWords(key)).toBe(true);
      if (terms.size > 0) expect(byTerms(key)).toBe(true);
    }
  });
});

describe('chunker', () => {
  it('cuts thousands of sections in turns of the event loop into exactly the same chunks', async () => {
    const sections = Array.from({ length: 450 }, (_, i) => ({
      text: `Row ${i}: ${'word '.repeat(i % 400)}`,
      page: null,
      headingPath: [`Sheet ${i % 3}`],
    }));
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    const chunks = await chunkSectionsYielding(sections);
    clearInterval(ticker);
    expect(chunks).toEqual(chunkSections(sections));
    expect(chunks.length).toBeGreaterThan(450);
    expect(turns).toBeGreaterThan(0);
  });

  it('keeps pages and heading paths and overlaps long runs', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} talks about soil.`).join(' ');
    const chunks = chunkSections([
      { text: `# Guide\n\n## Soil\n\n${long}`, page: 3, headingPath: [] },
      { text: 'Second page text.', page: 4, headingPath: [] },
    ]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((chunk) => chunk.text.length <= 1500)).toBe(true);
    expect(chunks[1]?.headingPath).toBe('Guide > Soil');
    expect(chunks.at(-1)).toEqual({ text: 'Second page text.', page: 4, headingPath: null });
    const [first, second] = [chunks[1]?.text ?? '', chunks[2]?.text ?? ''];
    // ~15% overlap: the end of one chunk opens the next.
    const opening = second.slice(0, 60);
    expect(first).toContain(opening.slice(0, 40));
  });

  it('heads every chunk of a plain document with its title line, and indexes chunks under their heading path', () => {
    const body = Array.from({ length: 40 }, (_, i) => `Sentence ${i} is about irrigation.`).join(' ');
    const chunks = chunkSections([
      { text: `Greenhouse handbook\n\n${body}\n\n# Pests\n\nAphids.`, page: null, headingPath: [] },
    ]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.slice(0, -1).every((chunk) => chunk.headingPath === 'Greenhouse handbook')).toBe(true);
    expect(chunks.at(-1)?.headingPath).toBe('Greenhouse handbook > Pests');
    expect(documentTitle([{ text: 'Only one line', page: null, headingPath: [] }])).toBeNull();
    expect(documentTitle([{ text: 'Two\nlines\n\nText.', page: null, headingPath: [] }])).toBeNull();
    expect(documentTitle([{ text: `${'long '.repeat(50)}\n\nText.`, page: null, headingPath: [] }])).toBeNull();
    expect(documentTitle([{ text: '# Guide\n\nText.', page: null, headingPath: [] }])).toBeNull();
    expect(documentTitle([{ text: 'Title\n\nText.', page: null, headingPath: ['Sheet 1'] }])).toBeNull();
    const middle = chunks[1] as Chunk;
    expect(termCounts(middle.text).tf.has('greenhous')).toBe(false);
    expect(chunkTermCounts(middle.text, middle.headingPath).tf.get('greenhous')).toBe(1);
    expect(chunkTermCounts('Aphids.', null)).toEqual(termCounts('Aphids.'));
  });
});

describe('retrieval metrics (trec_eval conventions)', () => {
  it('computes graded nDCG, recall and MRR, skipping a header line', () => {
    const qrels = readQrels('query-id\tcorpus-id\tscore\nq\ta\t2\nq\tb\t1\nq\tc\t0\n');
    const judged = qrels.get('q') ?? new Map<string, number>();
    expect(ndcgAt(['a', 'b'], judged, 10)).toBeCloseTo(1);
    expect(ndcgAt(['b', 'a'], judged, 10)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)));
    expect(recallAt(['c', 'a'], judged, 100)).toBe(0.5);
    expect(reciprocalRankAt(['c', 'x', 'b'], judged, 10)).toBeCloseTo(1 / 3);
  });
});
