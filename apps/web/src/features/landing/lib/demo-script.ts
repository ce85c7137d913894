/** The landing page's demo conversation. Every answer describes something Hearth really does. */
export interface DemoMessage {
  role: 'user' | 'assistant';
  text: string;
}

export const DEMO_SCRIPT: readonly DemoMessage[] = [
  { role: 'user', text: 'Does anything I type here leave this machine?' },
  {
    role: 'assistant',
    text: 'No. I run on a model on your own hardware, and your chats and documents stay in your own database.',
  },
  { role: 'user', text: 'Can you answer from the handbook in my Knowledge collection?' },
  {
    role: 'assistant',
    text: 'Yes. Choose the collection in the chat and I answer from its documents, listing the sources I used.',
  },
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
