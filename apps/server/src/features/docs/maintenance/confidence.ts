import {
  DOC_UPDATE_AUTO_APPLY_THRESHOLD,
  type DocFileType,
  type DocImpact,
  type DocUpdateType,
} from '@hearth/contract';
import { diffArrays } from 'diff';

/**
 * How sure we are that a drafted documentation update can go in without review (spec §9): start 0.5; +0.2 when
 * the change's impact is high or critical; +0.15 for config or backend files; -0.1 for complex components;
 * +0.1 when the suggestion is more than 80% similar to the current page; clamped to 0-1.
 */

/** A component change counts as complex when more than this many lines were added or removed. */
export const COMPLEX_COMPONENT_LINES = 150;
/**
 * Lines added plus removed that the similarity diff looks for at most: past it the pages are too different to
 * count as "more than 80% similar" unless they are thousands of lines long (a few hundred ms in the worst case).
 */
const SIMILARITY_MAX_EDITS = 1000;

export interface ConfidenceInput {
  impact: DocImpact;
  fileType: DocFileType;
  linesChanged: number;
  currentContent: string;
  suggestedContent: string;
}

const lines = (text: string) => text.replace(/\r\n/g, '\n').split('\n');

/**
 * Line similarity 2·common/(|a|+|b|) in 0-1 (1: identical), the common lines being a longest common subsequence
 * (jsdiff's Myers diff). Past SIMILARITY_MAX_EDITS edits only the unchanged head and tail count: a lower bound,
 * so a page rewritten that much never looks more similar than it is.
 */
export function similarity(before: string, after: string): number {
  if (before === after) return 1;
  const a = lines(before);
  const b = lines(after);
  const changes = diffArrays(a, b, { maxEditLength: SIMILARITY_MAX_EDITS });
  if (changes) {
    const common = changes.reduce((sum, change) => (change.added || change.removed ? sum : sum + change.count), 0);
    return (2 * common) / (a.length + b.length);
  }
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
    tail += 1;
  }
  return (2 * (head + tail)) / (a.length + b.length);
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
