import type { DocChange, DraftDocUpdatesResult } from '@hearth/contract';

export interface DraftProgress {
  /** Changes finished so far. */
  done: number;
  total: number;
  /** The change being drafted now (null once finished). */
  current: DocChange | null;
  /** Pages of the current change drafted so far, once its job reports them. */
  pages?: { done: number; total: number } | null;
}

export interface DraftSequenceResult {
  drafted: number;
  /** Updates written over all drafted changes. */
  updates: number;
  /** True when stopped by shouldStop before every change was drafted. */
  cancelled: boolean;
  /** The change whose drafting failed (the sequence stops there: the next would most likely fail the same way). */
  failure: { change: DocChange; error: unknown } | null;
}

/**
 * Drafts changes one after another (each is a model call; running them together would only queue at the model).
 * shouldStop is asked between changes, so a cancel lets the current draft finish and stops before the next one.
 */
export async function draftSequentially(
  changes: readonly DocChange[],
  draft: (change: DocChange) => Promise<DraftDocUpdatesResult>,
  options: { onProgress: (progress: DraftProgress) => void; shouldStop: () => boolean },
): Promise<DraftSequenceResult> {
  const total = changes.length;
  let drafted = 0;
  let updates = 0;
  for (const change of changes) {
    if (options.shouldStop()) return { drafted, updates, cancelled: true, failure: null };
    options.onProgress({ done: drafted, total, current: change });
    try {
      const result = await draft(change);
      updates += result.updates.length;
      drafted++;
    } catch (error) {
      options.onProgress({ done: drafted, total, current: null });
      return { drafted, updates, cancelled: false, failure: { change, error } };
    }
  }
  options.onProgress({ done: drafted, total, current: null });
  return { drafted, updates, cancelled: false, failure: null };
}
