import { i18n } from '../../../lib/i18n';

/** How the 'Search in:' picker shows its selection (spec §2: chips when 1 to 3 are selected). */
export type PickerSummary = { kind: 'all' } | { kind: 'chips'; names: string[] } | { kind: 'count'; label: string };

export function summarizeSelection(
  selected: readonly string[],
  collections: readonly { id: string; name: string }[],
): PickerSummary {
  const names = selected.map((id) => collections.find((c) => c.id === id)?.name).filter((n) => n !== undefined);
  if (names.length === 0) return { kind: 'all' };
  if (names.length <= 3) return { kind: 'chips', names };
  return { kind: 'count', label: i18n.t('knowledge:picker.count', { count: names.length }) };
}

export const toggleId = (selected: readonly string[], id: string): string[] =>
  selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];

/** Drops ids of collections that no longer exist (deleted elsewhere). */
export const keepExisting = (selected: readonly string[], collections: readonly { id: string }[]): string[] =>
  selected.filter((id) => collections.some((c) => c.id === id));
