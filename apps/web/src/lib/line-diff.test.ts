import { describe, expect, it } from 'vitest';
import { diffLines, splitLines, toSideBySide } from './line-diff';

const kinds = (current: string, suggested: string, maxEdits?: number) =>
  diffLines(current, suggested, maxEdits).lines.map((line) => `${line.kind[0]} ${line.text}`);

describe('splitLines', () => {
  it('splits on LF and CRLF and ignores one trailing newline', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\r\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
  });
});

describe('diffLines', () => {
  it('reports identical texts as all equal', () => {
    const diff = diffLines('one\ntwo\n', 'one\ntwo\n');
    expect(diff).toMatchObject({ added: 0, removed: 0, exact: true });
    expect(diff.lines.every((line) => line.kind === 'equal')).toBe(true);
  });

  it('finds a replaced line between kept ones, with line numbers on both sides', () => {
    const diff = diffLines('# Title\nold text\nend', '# Title\nnew text\nmore\nend');
    expect(diff.lines.map((line) => [line.kind, line.text, line.oldNumber, line.newNumber])).toEqual([
      ['equal', '# Title', 1, 1],
      ['removed', 'old text', 2, null],
      ['added', 'new text', null, 2],
      ['added', 'more', null, 3],
      ['equal', 'end', 3, 4],
    ]);
    expect(diff).toMatchObject({ added: 2, removed: 1, exact: true });
  });

  it('keeps the longest common subsequence when lines move', () => {
    expect(kinds('a\nb\nc\nd', 'b\nc\na\nd')).toEqual(['r a', 'e b', 'e c', 'a a', 'e d']);
  });

  it('handles an empty side', () => {
    expect(kinds('', 'x\ny')).toEqual(['a x', 'a y']);
    expect(kinds('x', '')).toEqual(['r x']);
  });

  it('falls back to whole blocks past the cap, keeping the common head and tail', () => {
    // Two edits (a out, c in) are needed: past a cap of one.
    const diff = diffLines('head\na\nb\ntail', 'head\nb\nc\ntail', 1);
    expect(diff.exact).toBe(false);
    expect(diff.lines.map((line) => `${line.kind[0]} ${line.text}`)).toEqual([
      'e head',
      'r a',
      'r b',
      'a b',
      'a c',
      'e tail',
    ]);
    // Under the cap the same input is exact and keeps the shared line.
    expect(kinds('head\na\nb\ntail', 'head\nb\nc\ntail')).toEqual(['e head', 'r a', 'e b', 'a c', 'e tail']);
  });

  it('diffs two 20,000-line texts well under a second: edited throughout (exact) or rewritten (blocks)', () => {
    const page = Array.from({ length: 20_000 }, (_, index) => `line ${index}`);
    const edited = page.map((line, index) => (index % 100 === 0 ? `${line} edited` : line));
    let started = performance.now();
    const diff = diffLines(page.join('\n'), edited.join('\n'));
    expect(performance.now() - started).toBeLessThan(600);
    expect(diff).toMatchObject({ added: 200, removed: 200, exact: true });
    expect(diff.lines[2]).toEqual({ kind: 'equal', text: 'line 1', oldNumber: 2, newNumber: 2 });

    const rewritten = page.map((line) => `${line} rewritten`);
    started = performance.now();
    const blocks = diffLines(page.join('\n'), ['intro', ...rewritten, 'line 19999'].join('\n'));
    expect(performance.now() - started).toBeLessThan(600);
    expect(blocks).toMatchObject({ added: 20_001, removed: 19_999, exact: false });
    expect(blocks.lines.at(-1)).toEqual({ kind: 'equal', text: 'line 19999', oldNumber: 20_000, newNumber: 20_002 });
  });

  it('diffs a large page within the cap quickly', () => {
    const page = Array.from({ length: 900 }, (_, index) => `line ${index}`);
    const changed = page.map((line, index) => (index % 100 === 0 ? `${line} edited` : line));
    const started = performance.now();
    const diff = diffLines(page.join('\n'), changed.join('\n'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(diff).toMatchObject({ added: 9, removed: 9, exact: true });
  });
});

describe('toSideBySide', () => {
  it('pairs a removed block with the added block after it and marks where each change starts', () => {
    const rows = toSideBySide(diffLines('a\nold1\nold2\nz', 'a\nnew1\nz').lines);
    expect(rows.map((row) => [row.left?.text ?? null, row.right?.text ?? null, row.changeStart])).toEqual([
      ['a', 'a', false],
      ['old1', 'new1', true],
      ['old2', null, false],
      ['z', 'z', false],
    ]);
  });
});
