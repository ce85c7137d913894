import { SEARCH_QUERY_MAX } from '@hearth/contract';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { hitPath, type SearchFilters, useConversationSearch } from '../api/search-conversations';
import { useDebounced } from '../hooks/use-debounced';
import { SearchFilterFields } from './search-filters';
import { SearchHitContent } from './search-hit';

/** /search: full-text search over one's own conversations, with filters; a result opens at its message. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [filters, setFilters] = useState<SearchFilters>({});
  const q = useDebounced(text.trim(), 250);
  const results = useConversationSearch(q, filters);
  const hits = results.data?.pages.flatMap((page) => page.hits) ?? [];

  const onText = (value: string) => {
    setText(value);
    // The query stays in the address, so Back from a result returns to the same search.
    setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
      <div className="relative">
        <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label={t('page.inputLabel')}
          placeholder={t('page.placeholder')}
          className="pl-9"
          maxLength={SEARCH_QUERY_MAX}
          value={text}
          onChange={(event) => onText(event.target.value)}
          autoFocus
        />
      </div>
      <SearchFilterFields value={filters} onChange={setFilters} />
      <p className="text-xs text-muted-foreground">{t('page.syntaxHint')}</p>
      <section aria-label={t('page.results')} aria-live="polite" aria-busy={results.isFetching} className="grid gap-2">
        {q === '' ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t('page.typeToSearch')}</p>
        ) : results.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('searching')} />
          </div>
        ) : results.isError ? (
          <div role="alert" className="grid justify-items-center gap-2 py-8 text-sm">
            <p>{errorMessage(results.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void results.refetch()}>
              {t('page.tryAgain')}
            </Button>
          </div>
        ) : hits.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t('page.noMatches', { q })}</p>
        ) : (
          <ul className="grid gap-2" data-testid="search-results">
            {hits.map((hit) => (
              <li key={`${hit.conversation_id}:${hit.message_id ?? 'title'}`}>
                <Link
                  to={hitPath(hit)}
                  className="block rounded-lg border p-3 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <SearchHitContent hit={hit} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {results.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-center"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {results.isFetchingNextPage ? t('page.loading') : t('page.loadMore')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
