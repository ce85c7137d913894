import { describe, expect, it } from 'vitest';
import { cleanTitle } from './auto-title';

describe('cleanTitle', () => {
  it('keeps the first line without quotes, labels or a final full stop', () => {
    expect(cleanTitle('"Lighthouse keeping history".\nMore text')).toBe('Lighthouse keeping history');
    expect(cleanTitle('Title: Tax return questions')).toBe('Tax return questions');
    expect(cleanTitle('**Sourdough starter tips**')).toBe('Sourdough starter tips');
    expect(cleanTitle('   ')).toBe('');
  });

  it('cuts a long reply', () => {
    const title = cleanTitle('word '.repeat(40));
    expect(title.length).toBeLessThanOrEqual(83);
    expect(title.endsWith('...')).toBe(true);
  });
});
