import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextDemoStep } from '../lib/demo-script';
import { useDemoLoop } from './use-demo-loop';

describe('useDemoLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('shows the first message after 500 ms and each next one 2000 ms later', () => {
    const { result } = renderHook(() => useDemoLoop(3, false));
    expect(result.current).toBe(0);
    advance(499);
    expect(result.current).toBe(0);
    advance(1);
    expect(result.current).toBe(1);
    advance(1999);
    expect(result.current).toBe(1);
    advance(1);
    expect(result.current).toBe(2);
    advance(2000);
    expect(result.current).toBe(3);
  });

  it('pauses 3000 ms after the last message, then starts over', () => {
    const { result } = renderHook(() => useDemoLoop(2, false));
    advance(500);
    advance(2000);
    expect(result.current).toBe(2);
    advance(2999);
    expect(result.current).toBe(2);
    advance(1);
    expect(result.current).toBe(0);
    advance(500);
    expect(result.current).toBe(1);
    advance(2000);
    expect(result.current).toBe(2);
  });

  it('shows every message at once and sets no timers when paused (reduced motion)', () => {
    const { result } = renderHook(() => useDemoLoop(4, true));
    expect(result.current).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
    advance(60_000);
    expect(result.current).toBe(4);
  });

  it('stops its timer when unmounted', () => {
    const { unmount } = renderHook(() => useDemoLoop(2, false));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('nextDemoStep', () => {
  it('walks 0 → 1 → … → total → 0 with the spec timings', () => {
    expect(nextDemoStep(0, 4)).toEqual({ delayMs: 500, next: 1 });
    expect(nextDemoStep(1, 4)).toEqual({ delayMs: 2000, next: 2 });
    expect(nextDemoStep(3, 4)).toEqual({ delayMs: 2000, next: 4 });
    expect(nextDemoStep(4, 4)).toEqual({ delayMs: 3000, next: 0 });
  });
});
