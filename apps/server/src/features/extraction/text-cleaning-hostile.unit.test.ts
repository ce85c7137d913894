import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS } from './extract-document';
import { readDocument } from './read-document';

/** Reads in this thread (the worker's path), so the time measured is the cleaning's own. */
async function timedRead(text: string, fileName: string) {
  const started = performance.now();
  const document = await readDocument(Buffer.from(text), fileName, DEFAULT_EXTRACTION_LIMITS);
  return { document, elapsed: performance.now() - started };
}

describe('cleaning hostile text in linear time', () => {
  it('keeps indentation of source code and trims 4 MB of spaces inside a line without backtracking', async () => {
    const { document, elapsed } = await timedRead(`a${' '.repeat(4_000_000)}b  \n\n\n\n  c \t\n`, 'main.ts');
    // Compared piecewise: a failing toBe on megabytes of text would spend minutes diffing.
    expect(document.text.length).toBe(4_000_007);
    expect(document.text.endsWith('b\n\n  c')).toBe(true);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('collapses 5 MB of spaces and tabs in prose, and reads a CSV of them', async () => {
    for (const [text, name] of [
      [`a${' \t'.repeat(2_500_000)}b`, 'notes.txt'],
      [`x,y\n1,${' '.repeat(5_000_000)}2`, 'data.csv'],
    ] as const) {
      const { document, elapsed } = await timedRead(text, name);
      expect(document.text.length).toBeLessThan(text.length);
      expect(elapsed).toBeLessThan(5_000);
    }
  });
});
