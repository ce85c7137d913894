import {
  DOC_UPDATE_AUTO_APPLY_THRESHOLD,
  type DocFileType,
  type DocImpact,
  type DocUpdateType,
} from '@hearth/contract';

/**
 * How sure we are that a drafted documentation update can go in without review (spec §9): start 0.5; +0.2 when
 * the change's impact is high or critical; +0.15 for config or backend files; -0.1 for complex components;
 * +0.1 when the suggestion is more than 80% similar to the current page; clamped to 0-1.
 */

/** A component change counts as complex when more than this many lines were added or removed. */
export const COMPLEX_COMPONENT_LINES = 150;
/** Above this many cells the exact line LCS is not computed; a line-multiset overlap bounds it instead. */
const LCS_CELL_LIMIT = 4_000_000;

export interface ConfidenceInput {
  impact: DocImpact;
  fileType: DocFileType;
  linesChanged: number;
  currentContent: string;
  suggestedContent: string;
}

const lines = (text: string) => text.replace(/\r\n/g, '\n').split('\n');

/** Length of the longest common subsequence of two line lists (two rows of the DP table). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (const line of a) {
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = line === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}

/** Lines the two lists share, counted with multiplicity (an upper bound of the LCS, for very large pages). */
function sharedLines(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
  let shared = 0;
  for (const line of b) {
    const left = counts.get(line) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(line, left - 1);
    }
  }
  return shared;
}

/**
 * Line similarity 2·LCS/(|a|+|b|) in 0-1 (1: identical). Common leading and trailing lines are matched first,
 * so the usual small edit costs little; when the differing middles are still huge the multiset overlap is used.
 */
export function similarity(before: string, after: string): number {
  if (before === after) return 1;
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const common =
    start +
    (a.length - endA) +
    (middleA.length * middleB.length <= LCS_CELL_LIMIT ? lcsLength(middleA, middleB) : sharedLines(middleA, middleB));
  return (2 * common) / (a.length + b.length);
}

export function isComplexComponent(fileType: DocFileType, linesChanged: number): boolean {
  return fileType === 'component' && linesChanged > COMPLEX_COMPONENT_LINES;
}

export function confidenceOf(input: ConfidenceInput): number {
  let score = 0.5;
  if (input.impact === 'high' || input.impact === 'critical') score += 0.2;
  if (input.fileType === 'config' || input.fileType === 'backend') score += 0.15;
  if (isComplexComponent(input.fileType, input.linesChanged)) score -= 0.1;
  if (similarity(input.currentContent, input.suggestedContent) > 0.8) score += 0.1;
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/** Only updates above the threshold are applied without review (spec §4). */
export const updateTypeOf = (confidence: number): DocUpdateType =>
  confidence > DOC_UPDATE_AUTO_APPLY_THRESHOLD ? 'automatic' : 'review_required';
