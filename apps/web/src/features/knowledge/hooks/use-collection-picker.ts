import { useMemo, useState } from 'react';
import { useCollections } from '../api/get-collections';
import { useDocumentEvents } from './use-document-events';
import { keepExisting, toggleId } from '../lib/picker';

/** The chat's 'Search in:' selection. Empty means every collection is searched (spec §4). */
export function useCollectionPicker() {
  const collections = useCollections();
  const [chosen, setChosen] = useState<string[]>([]);
  useDocumentEvents(collections.isSuccess);
  const list = useMemo(() => collections.data?.collections ?? [], [collections.data]);
  const selected = useMemo(() => keepExisting(chosen, list), [chosen, list]);
  const scope = selected.length ? list.filter((c) => selected.includes(c.id)) : list;
  const indexing = scope.some((c) => c.indexing.pending > 0);
  return {
    collections: list,
    selected,
    indexing,
    toggle: (id: string) => setChosen((current) => toggleId(keepExisting(current, list), id)),
    clear: () => setChosen([]),
  };
}

export type CollectionPickerState = ReturnType<typeof useCollectionPicker>;
