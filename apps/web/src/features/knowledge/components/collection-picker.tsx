import { Check, ChevronDown, Library, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import type { CollectionPickerState } from '../hooks/use-collection-picker';
import { summarizeSelection } from '../lib/picker';

/** 'Search in:' above the chat input: chips for 1 to 3 selected collections, otherwise a count or 'All collections'. */
export function CollectionPicker({ picker }: { picker: CollectionPickerState }) {
  const { t } = useTranslation('knowledge');
  if (picker.collections.length === 0) return null;
  const summary = summarizeSelection(picker.selected, picker.collections);
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="collection-picker">
      <span className="text-muted-foreground">{t('picker.searchIn')}</span>
      {summary.kind === 'chips'
        ? summary.names.map((name, index) => (
            <span
              key={picker.selected[index]}
              className="inline-flex items-center gap-1 rounded-full border bg-muted px-2 py-0.5"
            >
              {name}
              <button
                type="button"
                aria-label={t('picker.remove', { name })}
                onClick={() => {
                  const id = picker.selected[index];
                  if (id) picker.toggle(id);
                }}
              >
                <X className="size-3" aria-hidden />
              </button>
            </span>
          ))
        : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="h-7">
            <Library aria-hidden />
            {summary.kind === 'all' ? t('picker.all') : summary.kind === 'count' ? summary.label : t('picker.change')}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-72 overflow-auto">
          <DropdownMenuLabel>{t('picker.label')}</DropdownMenuLabel>
          {picker.collections.map((collection) => {
            const on = picker.selected.includes(collection.id);
            return (
              <DropdownMenuItem
                key={collection.id}
                role="menuitemcheckbox"
                aria-checked={on}
                onSelect={(event) => {
                  event.preventDefault();
                  picker.toggle(collection.id);
                }}
              >
                <Check className={on ? 'size-4' : 'size-4 opacity-0'} aria-hidden />
                {collection.name}
              </DropdownMenuItem>
            );
          })}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={picker.clear}>{t('picker.searchAll')}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {picker.indexing ? (
        <span className="text-amber-600 dark:text-amber-400" role="status">
          {t('picker.indexing')}
        </span>
      ) : null}
    </div>
  );
}
