import { ADVANCED_MAX_RESULTS, AdvancedRetrievalOptions } from '@hearth/contract';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../lib/local-storage';

export const ADVANCED_RETRIEVAL_KEY = 'advancedRetrieval';

/** Spec defaults: master switch off; reranking, expansion and multi-step on; 10 results. */
export const DEFAULT_ADVANCED_RETRIEVAL: AdvancedRetrievalOptions = AdvancedRetrievalOptions.parse({});

/** Rounds to the slider's 5-step grid within 5-50. */
export function snapMaxResults(value: number): number {
  const { min, max, step } = ADVANCED_MAX_RESULTS;
  if (!Number.isFinite(value)) return DEFAULT_ADVANCED_RETRIEVAL.maxResults;
  return Math.min(max, Math.max(min, Math.round(value / step) * step));
}

/**
 * The advanced retrieval settings, kept in this browser's localStorage; `options` is ready to send with a
 * message (AdvancedRetrievalOptions).
 */
export function useAdvancedRetrieval() {
  const [options, setState] = useState<AdvancedRetrievalOptions>(() =>
    readStored(ADVANCED_RETRIEVAL_KEY, AdvancedRetrievalOptions, DEFAULT_ADVANCED_RETRIEVAL),
  );
  const setOptions = useCallback((next: AdvancedRetrievalOptions) => {
    const clean = { ...next, maxResults: snapMaxResults(next.maxResults) };
    setState(clean);
    writeStored(ADVANCED_RETRIEVAL_KEY, clean);
  }, []);
  return { options, setOptions };
}
