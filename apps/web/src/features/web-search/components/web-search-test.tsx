import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useTestWebSearch } from '../api/web-search';
import { safeWebUrl } from '../lib/safe-url';

/** Test search: one query with the saved settings; shows what came back or why nothing did. */
export function WebSearchTest() {
  const { t } = useTranslation('webSearch');
  const id = useId();
  const [query, setQuery] = useState('');
  const test = useTestWebSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) test.mutate(query.trim());
  };

  return (
    <form onSubmit={submit} className="grid gap-2 border-t pt-3" aria-label={t('test.label')}>
      <Label htmlFor={id}>{t('test.query')}</Label>
      <div className="flex gap-2">
        <Input id={id} value={query} onChange={(event) => setQuery(event.target.value)} placeholder="hearth" />
        <Button type="submit" variant="outline" disabled={test.isPending || !query.trim()}>
          {test.isPending ? <Spinner label={t('test.running')} /> : null}
          {t('test.run')}
        </Button>
      </div>
      {test.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {test.error.message}
        </p>
      ) : null}
      {test.data && !test.data.ok ? (
        <p role="alert" className="text-sm text-destructive">
          {t('test.failed', { message: test.data.error ?? '' })}
        </p>
      ) : null}
      {test.data?.ok ? (
        <div role="status" className="grid gap-1 text-sm">
          <p>{t('test.found', { count: test.data.results.length })}</p>
          <ul className="grid gap-1">
            {test.data.results.map((result) => {
              const href = safeWebUrl(result.url);
              return (
                <li key={result.url} className="truncate">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
                      {result.title}
                    </a>
                  ) : (
                    result.title
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
