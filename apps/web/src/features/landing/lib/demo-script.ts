/** The landing page's demo conversation. Every answer describes something Hearth really does. */
export interface DemoMessage {
  role: 'user' | 'assistant';
  /** A key of the `landing` namespace. */
  text: string;
}

export const DEMO_SCRIPT: readonly DemoMessage[] = [
  { role: 'user', text: 'demo.q1' },
  { role: 'assistant', text: 'demo.a1' },
  { role: 'user', text: 'demo.q2' },
  { role: 'assistant', text: 'demo.a2' },
];

/** The spec's demo timings: first message after 500 ms, each next after 2000 ms, 3000 ms pause, then again. */
export const DEMO_TIMINGS = { firstMs: 500, nextMs: 2000, restartPauseMs: 3000 } as const;

/**
 * How long to wait in a state where `shown` messages of `total` are visible, and how many are visible after.
 * With all shown, the pause ends in a reset to none, and the loop starts over.
 */
export function nextDemoStep(shown: number, total: number): { delayMs: number; next: number } {
  if (shown === 0) return { delayMs: DEMO_TIMINGS.firstMs, next: Math.min(1, total) };
  if (shown < total) return { delayMs: DEMO_TIMINGS.nextMs, next: shown + 1 };
  return { delayMs: DEMO_TIMINGS.restartPauseMs, next: 0 };
}
