import { describe, expect, it } from 'vitest';
import { COMPLEX_COMPONENT_LINES, confidenceOf, similarity, updateTypeOf } from './confidence';

const page = (lines: number, edit = '') =>
  [...Array.from({ length: lines }, (_, index) => `Line ${index} of the page.`), edit].join('\n');

describe('similarity', () => {
  it('is 1 for identical text and 0 for text with no line in common', () => {
    expect(similarity('a\nb\nc', 'a\nb\nc')).toBe(1);
    expect(similarity('a\nb', 'c\nd')).toBe(0);
  });

  it('is 2·LCS/(a+b) over lines', () => {
    // LCS of [a,b,c,d] and [a,x,c,d] is 3: 6/8.
    expect(similarity('a\nb\nc\nd', 'a\nx\nc\nd')).toBe(0.75);
    // LCS of [a,b,c] and [c,a,b] is 2: 4/6.
    expect(similarity('a\nb\nc', 'c\na\nb')).toBeCloseTo(4 / 6);
  });

  it('stays fast on big pages, exact when few lines changed and low when the page was rewritten', () => {
    const big = Array.from({ length: 5000 }, (_, index) => `line ${index}`);
    const edited = big.map((line, index) => (index % 50 === 0 ? `${line} edited` : line));
    const started = Date.now();
    // 100 of 5000 lines replaced: 4900 common lines.
    expect(similarity(big.join('\n'), edited.join('\n'))).toBeCloseTo(0.98);
    // Reversed, only one line can be kept in order: far from 80% similar (line counts alone once said 100%).
    expect(similarity(big.join('\n'), [...big].reverse().join('\n'))).toBeLessThan(0.01);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('confidenceOf', () => {
  const base = { linesChanged: 10, currentContent: 'a\nb', suggestedContent: 'x\ny' };

  it('starts at 0.5 for a low-impact service change with a rewritten page', () => {
    expect(confidenceOf({ ...base, impact: 'low', fileType: 'service' })).toBe(0.5);
  });

  it('adds 0.2 for high or critical impact and 0.15 for config or backend files', () => {
    expect(confidenceOf({ ...base, impact: 'high', fileType: 'component' })).toBe(0.7);
    expect(confidenceOf({ ...base, impact: 'critical', fileType: 'docs' })).toBe(0.7);
    expect(confidenceOf({ ...base, impact: 'high', fileType: 'backend' })).toBe(0.85);
    expect(confidenceOf({ ...base, impact: 'low', fileType: 'config' })).toBe(0.65);
  });

  it('takes 0.1 for complex components (more than 150 changed lines)', () => {
    const medium = { ...base, impact: 'medium', fileType: 'component' } as const;
    expect(confidenceOf({ ...medium, linesChanged: COMPLEX_COMPONENT_LINES })).toBe(0.5);
    expect(confidenceOf({ ...medium, linesChanged: COMPLEX_COMPONENT_LINES + 1 })).toBe(0.4);
  });

  it('adds 0.1 when the suggestion is more than 80% similar, and clamps to 1', () => {
    const similar = { currentContent: page(40), suggestedContent: page(40, 'One new line.') };
    expect(confidenceOf({ ...similar, linesChanged: 3, impact: 'low', fileType: 'service' })).toBe(0.6);
    expect(confidenceOf({ ...similar, linesChanged: 3, impact: 'critical', fileType: 'backend' })).toBe(0.95);
  });

  it('rounds to two decimals', () => {
    const value = confidenceOf({ ...base, impact: 'high', fileType: 'config' });
    expect(value).toBe(Math.round(value * 100) / 100);
  });
});

describe('updateTypeOf', () => {
  it('is automatic only above 0.7', () => {
    expect(updateTypeOf(0.7)).toBe('review_required');
    expect(updateTypeOf(0.71)).toBe('automatic');
    expect(updateTypeOf(0.4)).toBe('review_required');
  });
});
