import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPendingDeletes, getHidden, scheduleDelete, UNDO_WINDOW_MS } from './pending-deletes';

describe('delete with undo', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides at once and sends the delete only when the undo window lapses', async () => {
    const commit = vi.fn(() => Promise.resolve());
    scheduleDelete(['a', 'b'], commit);
    expect(getHidden().has('a')).toBe(true);
    vi.advanceTimersByTime(UNDO_WINDOW_MS - 1);
    expect(commit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(commit).toHaveBeenCalledWith(['a', 'b'], false);
    await Promise.resolve();
    expect(getHidden().has('b')).toBe(true);
  });

  it('Undo cancels the delete and shows the chat again', () => {
    const commit = vi.fn(() => Promise.resolve());
    const undo = scheduleDelete(['c'], commit);
    undo();
    expect(getHidden().has('c')).toBe(false);
    vi.advanceTimersByTime(UNDO_WINDOW_MS * 2);
    expect(commit).not.toHaveBeenCalled();
  });

  it('sends waiting deletes with keepalive when the page closes', () => {
    const commit = vi.fn(() => Promise.resolve());
    const undo = scheduleDelete(['d'], commit);
    flushPendingDeletes();
    expect(commit).toHaveBeenCalledWith(['d'], true);
    undo(); // too late: already sent
    vi.advanceTimersByTime(UNDO_WINDOW_MS);
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('shows the chats again when the delete fails', async () => {
    const onFailed = vi.fn();
    scheduleDelete(['e'], () => Promise.reject(new Error('offline')), onFailed);
    vi.advanceTimersByTime(UNDO_WINDOW_MS);
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalled());
    expect(getHidden().has('e')).toBe(false);
  });
});
