import { Lightbulb, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCollectionSuggestions } from '../hooks/use-collection-suggestions';
import type { CollectionPickerState } from '../hooks/use-collection-picker';

interface CollectionSuggestionsProps {
  /** The message being typed. */
  draft: string;
  picker: CollectionPickerState;
}

/** 'Search in Contracts?' chips above the chat input: one click adds the collection to the 'Search in:' picker. */
export function CollectionSuggestions({ draft, picker }: CollectionSuggestionsProps) {
  const { t } = useTranslation('knowledge');
  const { suggestions, dismiss, dismissAll } = useCollectionSuggestions(draft, picker.selected.length === 0);
  if (suggestions.length === 0) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-2 pb-1 text-xs"
      role="group"
      aria-label={t('suggestions.label')}
      data-testid="collection-suggestions"
    >
      <Lightbulb className="size-3 text-muted-foreground" aria-hidden />
      {suggestions.map((suggestion) => (
        <span
          key={suggestion.collection_id}
          className="inline-flex items-center rounded-full border border-primary/40 bg-primary/5"
        >
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-l-full py-0.5 pr-1 pl-2 hover:bg-primary/10"
            title={suggestion.reason}
            onClick={() => {
              dismiss(suggestion.collection_id);
              picker.toggle(suggestion.collection_id);
            }}
          >
            <Plus className="size-3" aria-hidden />
            {t('suggestions.searchIn', { name: suggestion.name })}
          </button>
          <button
            type="button"
            className="rounded-r-full py-0.5 pr-2 pl-1 hover:bg-primary/10"
            aria-label={t('suggestions.dismissOne', { name: suggestion.name })}
            onClick={() => dismiss(suggestion.collection_id)}
          >
            <X className="size-3" aria-hidden />
          </button>
        </span>
      ))}
      {suggestions.length > 1 ? (
        <button type="button" className="text-muted-foreground hover:underline" onClick={dismissAll}>
          {t('suggestions.dismiss')}
        </button>
      ) : null}
    </div>
  );
}
