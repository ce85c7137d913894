import { describe, expect, it } from 'vitest';
import { splitHighlights } from './highlight';

describe('splitHighlights', () => {
  it('marks each highlighted stretch and keeps the text around it', () => {
    expect(
      splitHighlights('The aurora borealis glows', [
        { start: 4, end: 10 },
        { start: 11, end: 19 },
      ]),
    ).toEqual([
      { text: 'The ', marked: false },
      { text: 'aurora', marked: true },
      { text: ' ', marked: false },
      { text: 'borealis', marked: true },
      { text: ' glows', marked: false },
    ]);
  });

  it('gives the whole text unmarked without highlights, and keeps markup as plain text', () => {
    expect(splitHighlights('<b>hi</b>', [])).toEqual([{ text: '<b>hi</b>', marked: false }]);
  });

  it('clamps offsets past the end and skips overlapping or empty ones', () => {
    expect(
      splitHighlights('kayak trip', [
        { start: 6, end: 99 },
        { start: 0, end: 5 },
        { start: 2, end: 4 },
        { start: 3, end: 3 },
      ]),
    ).toEqual([
      { text: 'kayak', marked: true },
      { text: ' ', marked: false },
      { text: 'trip', marked: true },
    ]);
  });
});
