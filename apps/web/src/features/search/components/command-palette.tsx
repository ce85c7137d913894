import type { ConversationList } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { apiPaths, paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { SEARCH_QUERY_MAX, type ConversationSearchHit } from '@hearth/contract';
import { hitPath, useQuickSearch } from '../api/search-conversations';
import { useDebounced } from '../hooks/use-debounced';
import { SearchHitContent } from './search-hit';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Entry =
  | { kind: 'recent'; key: string; to: string; title: string }
  | { kind: 'hit'; key: string; to: string; hit: ConversationSearchHit }
  | { kind: 'all'; key: string; to: string; q: string };

/** Ctrl/Cmd+K: recent conversations, then live search results as you type; ↑/↓ to choose, Enter to open. */
export function CommandPalette({ open, onOpenChange }: CommandPaletteProps) {
  const { t } = useTranslation('search');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-[15%] translate-y-0 gap-0 p-0 sm:max-w-xl" data-testid="command-palette">
        <DialogTitle className="sr-only">{t('palette.title')}</DialogTitle>
        <DialogDescription className="sr-only">{t('palette.description')}</DialogDescription>
        {open ? <PaletteBody close={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({ close }: { close: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 150);
  const recent = useQuery({
    queryKey: ['chat', 'conversations', 'palette-recent'] as const,
    queryFn: ({ signal }) => api.get<ConversationList>(`${apiPaths.conversations.list}?limit=8`, signal),
  });
  const results = useQuickSearch(q);

  const entries: Entry[] =
    text.trim() === ''
      ? (recent.data?.conversations ?? []).map((c) => ({
          kind: 'recent',
          key: c.id,
          to: paths.chat(c.id),
          title: c.title,
        }))
      : [
          ...(q === '' ? [] : (results.data?.hits ?? [])).map((hit): Entry => ({
            kind: 'hit',
            key: `${hit.conversation_id}:${hit.message_id ?? 't'}`,
            to: hitPath(hit),
            hit,
          })),
          { kind: 'all', key: 'all', to: `${paths.search}?q=${encodeURIComponent(text.trim())}`, q: text.trim() },
        ];
  const current = Math.min(active, Math.max(0, entries.length - 1));

  const go = (entry: Entry | undefined) => {
    if (!entry) return;
    close();
    void navigate(entry.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + entries.length) % Math.max(1, entries.length));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      go(entries[current]);
    }
  };
  const optionId = (index: number) => `${id}-option-${index}`;
  const loading = text.trim() !== '' && (q !== text.trim() || results.isFetching) && !results.data;

  return (
    <div className="grid">
      <div className="flex items-center gap-2 border-b px-4">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <input
          role="combobox"
          aria-expanded
          aria-controls={`${id}-list`}
          aria-activedescendant={entries.length > 0 ? optionId(current) : undefined}
          aria-label={t('palette.inputLabel')}
          placeholder={t('palette.placeholder')}
          maxLength={SEARCH_QUERY_MAX}
          className="h-12 min-w-0 flex-1 bg-transparent pr-8 text-sm outline-none placeholder:text-muted-foreground"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoFocus
        />
        {loading ? <Spinner label={t('searching')} /> : null}
      </div>
      <p className="px-4 pt-3 pb-1 text-xs font-medium text-muted-foreground">
        {text.trim() === '' ? t('palette.recent') : t('palette.results')}
      </p>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t('palette.listLabel')}
        className="max-h-[60vh] overflow-y-auto p-2"
      >
        {results.isError && text.trim() !== '' ? (
          <li role="alert" className="px-2 py-3 text-sm text-destructive">
            {errorMessage(results.error)}
          </li>
        ) : null}
        {text.trim() === '' && recent.data?.conversations.length === 0 ? (
          <li className="px-2 py-3 text-sm text-muted-foreground">{t('palette.noConversations')}</li>
        ) : null}
        {entries.map((entry, index) => (
          <li
            key={entry.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-md px-2 py-2 text-sm',
              index === current && 'bg-accent text-accent-foreground',
            )}
            onMouseMove={() => setActive(index)}
            onClick={() => go(entry)}
          >
            {entry.kind === 'recent' ? (
              <>
                <MessageSquare className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 truncate">{entry.title}</span>
              </>
            ) : entry.kind === 'hit' ? (
              <SearchHitContent hit={entry.hit} />
            ) : (
              <>
                <Search className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 truncate">
                  {results.data && results.data.hits.length === 0 && q === entry.q
                    ? t('palette.noMatchesSearchAll', { q: entry.q })
                    : t('palette.searchAll', { q: entry.q })}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
