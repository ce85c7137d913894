import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { suggestionsQueryOptions } from '../api/suggest-collections';

/** Suggestions wait until typing pauses this long. */
export const SUGGEST_DEBOUNCE_MS = 400;
/** And until the message has this many words. */
export const SUGGEST_MIN_WORDS = 3;

const wordCount = (text: string) => text.trim().split(/\s+/u).filter(Boolean).length;

/** The message once it has stopped changing for `delayMs`. */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Collections to suggest for the message being typed: only while no collection is selected and the message has
 * at least 3 words, asked 400 ms after typing pauses. Dismissed suggestions stay hidden.
 */
export function useCollectionSuggestions(draft: string, enabled: boolean) {
  const message = useDebounced(draft.trim(), SUGGEST_DEBOUNCE_MS);
  const [dismissed, setDismissed] = useState<readonly string[]>([]);
  const active = enabled && wordCount(message) >= SUGGEST_MIN_WORDS && draft.trim().length > 0;
  const query = useQuery({ ...suggestionsQueryOptions(message), enabled: active });
  const suggestions = active ? (query.data?.suggestions ?? []).filter((s) => !dismissed.includes(s.collection_id)) : [];
  return {
    suggestions,
    dismiss: (id: string) => setDismissed((current) => [...current, id]),
    dismissAll: () => setDismissed((current) => [...current, ...suggestions.map((s) => s.collection_id)]),
  };
}
