import { diffArrays } from 'diff';

/**
 * A line diff for the review dialog: jsdiff's Myers diff over the lines (minimal: it keeps a longest common
 * subsequence), with the edit length capped. Its cost grows with the number of edits, not the size of the page;
 * past the cap the differing middle is shown as one removed and one added block (still correct, only less
 * precise), so a rewritten huge page cannot freeze the tab.
 */

export type DiffKind = 'equal' | 'removed' | 'added';

export interface DiffLine {
  kind: DiffKind;
  text: string;
  /** 1-based line number in the current text (removed, equal), else null. */
  oldNumber: number | null;
  /** 1-based line number in the suggested text (added, equal), else null. */
  newNumber: number | null;
}

export interface LineDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
  /** False when the cap was hit and the middle is shown as whole blocks. */
  exact: boolean;
}

/** Lines added plus removed that the diff looks for at most (a few hundred ms in the worst case). */
export const LINE_DIFF_MAX_EDITS = 1000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Our own split (CRLF as LF, one trailing newline ignored) gives jsdiff one token per line. */
function lineKinds(a: string[], b: string[], maxEdits: number): { kinds: DiffKind[]; exact: boolean } {
  const changes = diffArrays(a, b, { maxEditLength: maxEdits });
  if (!changes) {
    // Past the cap: keep the common head and tail, the rest as whole blocks.
    let head = 0;
    while (head < a.length && head < b.length && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
      tail++;
    }
    const kinds: DiffKind[] = [
      ...Array<DiffKind>(head).fill('equal'),
      ...Array<DiffKind>(a.length - head - tail).fill('removed'),
      ...Array<DiffKind>(b.length - head - tail).fill('added'),
      ...Array<DiffKind>(tail).fill('equal'),
    ];
    return { kinds, exact: false };
  }
  const kinds = changes.flatMap((change) =>
    Array<DiffKind>(change.count).fill(change.added ? 'added' : change.removed ? 'removed' : 'equal'),
  );
  return { kinds, exact: true };
}

export function diffLines(current: string, suggested: string, maxEdits = LINE_DIFF_MAX_EDITS): LineDiff {
  const a = splitLines(current);
  const b = splitLines(suggested);
  const { kinds, exact } = lineKinds(a, b, maxEdits);

  const lines: DiffLine[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  let added = 0;
  let removed = 0;
  for (const kind of kinds) {
    if (kind === 'equal') {
      lines.push({ kind, text: a[oldIndex] ?? '', oldNumber: oldIndex + 1, newNumber: newIndex + 1 });
      oldIndex++;
      newIndex++;
    } else if (kind === 'removed') {
      lines.push({ kind, text: a[oldIndex] ?? '', oldNumber: oldIndex + 1, newNumber: null });
      oldIndex++;
      removed++;
    } else {
      lines.push({ kind, text: b[newIndex] ?? '', oldNumber: null, newNumber: newIndex + 1 });
      newIndex++;
      added++;
    }
  }
  return { lines, added, removed, exact };
}

export interface SideBySideRow {
  left: DiffLine | null;
  right: DiffLine | null;
  /** True for the first row of a run of changes (the review dialog jumps between these). */
  changeStart: boolean;
}

/** Pairs each removed block with the added block after it, so a changed line sits beside its replacement. */
export function toSideBySide(lines: DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (!line) break;
    if (line.kind === 'equal') {
      rows.push({ left: line, right: line, changeStart: false });
      index++;
      continue;
    }
    const removedBlock: DiffLine[] = [];
    const addedBlock: DiffLine[] = [];
    while (lines[index]?.kind === 'removed') removedBlock.push(lines[index++] as DiffLine);
    while (lines[index]?.kind === 'added') addedBlock.push(lines[index++] as DiffLine);
    const height = Math.max(removedBlock.length, addedBlock.length);
    for (let row = 0; row < height; row++) {
      rows.push({ left: removedBlock[row] ?? null, right: addedBlock[row] ?? null, changeStart: row === 0 });
    }
  }
  return rows;
}
