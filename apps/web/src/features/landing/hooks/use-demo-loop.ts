import { useEffect, useState } from 'react';
import { nextDemoStep } from '../lib/demo-script';

/**
 * How many of `total` scripted messages are visible now. The count grows on the demo's timings and starts
 * over after a pause. Paused (everything shown at once, no timers) when `paused` is true, e.g. for visitors
 * who prefer reduced motion.
 */
export function useDemoLoop(total: number, paused: boolean): number {
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (paused || total === 0) return undefined;
    const { delayMs, next } = nextDemoStep(shown, total);
    const timer = setTimeout(() => setShown(next), delayMs);
    return () => clearTimeout(timer);
  }, [shown, total, paused]);

  return paused ? total : shown;
}
