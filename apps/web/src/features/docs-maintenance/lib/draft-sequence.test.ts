import type { DocChange, DraftDocUpdatesResult } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { draftSequentially, type DraftProgress } from './draft-sequence';

const change = (id: string): DocChange => ({
  id,
  fileType: 'backend',
  filePath: `src/${id}.ts`,
  previousPath: null,
  changeType: 'modified',
  impact: 'high',
  affectedDocs: ['/docs/chat'],
  linesChanged: 3,
  commit: 'abc1234',
  timestamp: '2026-01-01T00:00:00Z',
  processed: false,
});

const result = (item: DocChange, updates: number): DraftDocUpdatesResult => ({
  change: { ...item, processed: true },
  updates: Array.from({ length: updates }, () => ({}) as DraftDocUpdatesResult['updates'][number]),
});

describe('draftSequentially', () => {
  it('drafts one change at a time, reporting progress, and sums the updates', async () => {
    const progress: DraftProgress[] = [];
    let running = 0;
    const order: string[] = [];
    const outcome = await draftSequentially(
      [change('a'), change('b')],
      async (item) => {
        running++;
        expect(running).toBe(1);
        order.push(item.id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return result(item, item.id === 'a' ? 2 : 1);
      },
      { onProgress: (value) => progress.push(value), shouldStop: () => false },
    );
    expect(order).toEqual(['a', 'b']);
    expect(outcome).toEqual({ drafted: 2, updates: 3, cancelled: false, failure: null });
    expect(progress.map((value) => [value.done, value.total, value.current?.id ?? null])).toEqual([
      [0, 2, 'a'],
      [1, 2, 'b'],
      [2, 2, null],
    ]);
  });

  it('stops after the current change when asked to', async () => {
    let stop = false;
    const outcome = await draftSequentially(
      [change('a'), change('b'), change('c')],
      async (item) => {
        stop = true;
        return result(item, 1);
      },
      { onProgress: () => undefined, shouldStop: () => stop },
    );
    expect(outcome).toEqual({ drafted: 1, updates: 1, cancelled: true, failure: null });
  });

  it('stops at a failure and says which change failed', async () => {
    const error = new Error('model down');
    const outcome = await draftSequentially(
      [change('a'), change('b'), change('c')],
      async (item) => {
        if (item.id === 'b') throw error;
        return result(item, 1);
      },
      { onProgress: () => undefined, shouldStop: () => false },
    );
    expect(outcome.drafted).toBe(1);
    expect(outcome.failure?.change.id).toBe('b');
    expect(outcome.failure?.error).toBe(error);
  });
});
