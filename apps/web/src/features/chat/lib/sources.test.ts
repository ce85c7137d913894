import { describe, expect, it } from 'vitest';
import { citationNumber, confidenceLabel, indexingNotice, linkCitations, pageLabel } from './sources';

describe('answer source helpers', () => {
  it('words the still-indexing notice', () => {
    expect(indexingNotice([])).toBeNull();
    expect(indexingNotice([{ collection_id: 'a', collection_name: 'Contracts', pending: 2 }])).toBe(
      'Still indexing: Contracts (2 documents) — this answer could not use them yet.',
    );
    expect(
      indexingNotice([
        { collection_id: 'a', collection_name: 'Contracts', pending: 1 },
        { collection_id: 'b', collection_name: 'Notes', pending: 3 },
      ]),
    ).toBe('Still indexing: Contracts (1 document), Notes (3 documents) — this answer could not use them yet.');
  });

  it('shows confidence as how well the sources match, in whole percent and pages as p. n', () => {
    expect(confidenceLabel(0.824)).toBe('Sources match 82%');
    expect(confidenceLabel(1)).toBe('Sources match 100%');
    expect(pageLabel(3)).toBe('p. 3');
    expect(pageLabel(null)).toBeNull();
    expect(pageLabel(undefined)).toBeNull();
  });

  it('links citations of existing sources only, outside code and other Markdown', () => {
    expect(linkCitations('Leave is 25 days [1]. Travel is refunded [2][3].', 2)).toBe(
      'Leave is 25 days [\\[1\\]](#source-1). Travel is refunded [\\[2\\]](#source-2)[3].',
    );
    expect(linkCitations('See `arr[1]` and\n```\nx = a [1]\n```\nand arr[1] and [1](http://x) [1]', 1)).toBe(
      'See `arr[1]` and\n```\nx = a [1]\n```\nand arr[1] and [1](http://x) [\\[1\\]](#source-1)',
    );
    expect(linkCitations('No sources [1]', 0)).toBe('No sources [1]');
    expect(citationNumber('#source-2')).toBe(2);
    expect(citationNumber('https://example.org/#source-2')).toBeNull();
    expect(citationNumber(null)).toBeNull();
  });
});
