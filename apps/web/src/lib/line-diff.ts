/**
 * A line diff for the review dialog: longest common subsequence over the lines that differ, after trimming the
 * common head and tail. The LCS table is capped; past the cap the differing middle is shown as one removed and
 * one added block (still correct, only less precise), so a huge page cannot freeze the tab.
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

/** Cells of the LCS table (old lines × new lines of the differing middle) computed at most. */
export const LINE_DIFF_MAX_CELLS = 1_000_000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function lcsOps(a: string[], b: string[]): DiffKind[] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  // table[i * width + j]: LCS length of a[i..] and b[j..].
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
    }
  }
  const ops: DiffKind[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push('equal');
      i++;
      j++;
    } else if ((table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0)) {
      ops.push('removed');
      i++;
    } else {
      ops.push('added');
      j++;
    }
  }
  while (i++ < n) ops.push('removed');
  while (j++ < m) ops.push('added');
  return ops;
}

export function diffLines(current: string, suggested: string, maxCells = LINE_DIFF_MAX_CELLS): LineDiff {
  const a = splitLines(current);
  const b = splitLines(suggested);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const exact = midA.length * midB.length <= maxCells;
  const middle: DiffKind[] = exact
    ? lcsOps(midA, midB)
    : [...midA.map((): DiffKind => 'removed'), ...midB.map((): DiffKind => 'added')];
  const kinds: DiffKind[] = [...Array<DiffKind>(head).fill('equal'), ...middle, ...Array<DiffKind>(tail).fill('equal')];

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
