/**
 * The listeners of a live store (answers streaming, comparisons): told at once with `emit`, or with `emitSoon`
 * at most every 50 ms, since tokens arrive faster than anyone reads.
 */
export function createRepaintEmitter(delayMs = 50) {
  const listeners = new Set<() => void>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const emit = (): void => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    listeners.forEach((listener) => listener());
  };
  return {
    emit,
    emitSoon: (): void => {
      flushTimer ??= setTimeout(emit, delayMs);
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
