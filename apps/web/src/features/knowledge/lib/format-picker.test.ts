import { describe, expect, it } from 'vitest';
import { describeCollection, documentCountLabel, formatBytes, percent, recentNames, sizeInKb } from './format';
import { keepExisting, summarizeSelection, toggleId } from './picker';

describe('knowledge formatting', () => {
  it('describes collections', () => {
    expect(describeCollection(null)).toBe('No description');
    expect(describeCollection('  ')).toBe('No description');
    expect(describeCollection('Papers')).toBe('Papers');
    expect(documentCountLabel(1)).toBe('1 document');
    expect(documentCountLabel(0)).toBe('0 documents');
    expect(recentNames(['a', 'b', 'c'])).toEqual(['a', 'b']);
  });

  it('formats sizes and progress', () => {
    expect(sizeInKb(2048)).toBe('2.0 KB');
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(percent(0.456)).toBe(46);
    expect(percent(2)).toBe(100);
  });
});

describe('collection picker', () => {
  const collections = [
    { id: 'a', name: 'Alpha' },
    { id: 'b', name: 'Beta' },
    { id: 'c', name: 'Gamma' },
    { id: 'd', name: 'Delta' },
  ];

  it('shows chips for one to three and a count beyond', () => {
    expect(summarizeSelection([], collections)).toEqual({ kind: 'all' });
    expect(summarizeSelection(['a', 'c'], collections)).toEqual({ kind: 'chips', names: ['Alpha', 'Gamma'] });
    expect(summarizeSelection(['a', 'b', 'c', 'd'], collections)).toEqual({ kind: 'count', label: '4 collections' });
  });

  it('toggles and drops vanished ids', () => {
    expect(toggleId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
    expect(keepExisting(['a', 'zz'], collections)).toEqual(['a']);
  });
});
