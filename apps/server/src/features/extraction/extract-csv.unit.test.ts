import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './extract-document';
import { ExtractionError } from './extract-text';
import { extractCsv } from './extractors/csv';
import type { ExtractorResult } from './types';

const context = (extension = 'csv', limits: Partial<ExtractionLimits> = {}) => ({
  extension,
  limits: { ...DEFAULT_EXTRACTION_LIMITS, ...limits },
  signal: new AbortController().signal,
});

const read = async (text: string, extension = 'csv', limits: Partial<ExtractionLimits> = {}) =>
  (await extractCsv(Buffer.from(text), context(extension, limits))) as ExtractorResult;

const texts = (result: ExtractorResult) => result.sections.map((section) => section.text);

describe('CSV documents through the one CSV reader', () => {
  it('takes ; or tab as the delimiter when the first line has more of them than commas', async () => {
    expect(texts(await read('name;note\nAda;"a, b; c"\n'))).toEqual(['name: Ada\nnote: a, b; c']);
    expect(texts(await read('name\tnote\nAda\tx,y\n'))).toEqual(['name: Ada\nnote: x,y']);
    // A .tsv is tab-separated whatever its first line holds.
    expect(texts(await read('a,b\tc\n1,2\t3\n', 'tsv'))).toEqual(['a,b: 1,2\nc: 3']);
  });

  it('skips a byte-order mark and rows of bare delimiters, reads CRLF and quoted line breaks', async () => {
    const result = await read('\uFEFFid,text\r\n,\r\n1,"two\r\nlines"\r\n\r\n2,x');
    expect(texts(result)).toEqual(['id: 1\ntext: two\r\nlines\n\nid: 2\ntext: x']);
    expect(result.preview).toBe('id, text\n1, two\r\nlines\n2, x');
  });

  it('names missing headers by column and keeps at most 1,000 columns of a row', async () => {
    expect(texts(await read('a,,c\n1,2,3,4\n'))).toEqual(['a: 1\nColumn 2: 2\nc: 3\nColumn 4: 4']);
    const wide = await read(`h\n${Array.from({ length: 5_000 }, (_, index) => index).join(',')}\n`);
    expect(texts(wide)[0]?.split('\n')).toHaveLength(1_000);
  });

  it('keeps text up to the character cap but counts every row for the preview', async () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => `${index},value ${index}`).join('\n');
    const result = await read(`id,value\n${rows}`, 'csv', { maxChars: 1_000 });
    const kept = texts(result).join('');
    expect(kept.length).toBeGreaterThanOrEqual(1_000);
    expect(kept.length).toBeLessThan(1_100);
    expect(result.preview?.split('\n').at(-1)).toBe('... and 4990 more rows');
  });

  it('refuses a quote that is never closed with a clear error instead of one giant field', async () => {
    const failure = await read('a,b\n1,2\n\n"3,4\n5,6\n').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ExtractionError);
    expect((failure as ExtractionError).message).toBe(
      'The CSV file cannot be read. A quoted field starting on row 4 is never closed.',
    );
  });
});
