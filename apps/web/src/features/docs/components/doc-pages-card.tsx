import type { DocPageSummary } from '@hearth/contract';
import { Pencil, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useDocPageSummaries } from '../api/doc-pages';

const matches = (page: DocPageSummary, needle: string) =>
  page.title.toLowerCase().includes(needle) || page.path.toLowerCase().includes(needle);

/** The Documentation tab's list of pages: which ones were edited in the app, with a link to edit each in place. */
export function DocPagesCard() {
  const { t } = useTranslation('docs');
  const query = useDocPageSummaries();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const pages = (query.data?.pages ?? []).filter((page) => matches(page, needle));

  return (
    <Card aria-labelledby="doc-pages-title">
      <CardHeader>
        <CardTitle id="doc-pages-title">{t('pages.title')}</CardTitle>
        <CardDescription>{t('pages.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="relative">
          <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label={t('sidebar.filter')}
            placeholder={t('sidebar.filter')}
            className="pl-9"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        {query.isPending ? <Spinner label={t('pages.loading')} /> : null}
        {query.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive">{t('pages.loadError', { message: errorMessage(query.error) })}</span>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : null}
        {query.data && pages.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {needle ? t('sidebar.noMatch', { query: filter.trim() }) : t('pages.empty')}
          </p>
        ) : null}
        {pages.length > 0 ? (
          <ul className="divide-y rounded-md border">
            {pages.map((page) => (
              <PageRow key={page.path} page={page} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PageRow({ page }: { page: DocPageSummary }) {
  const { t } = useTranslation('docs');
  return (
    <li aria-label={page.title} className="flex flex-wrap items-center gap-3 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{page.title}</p>
        <p className="truncate font-mono text-xs text-muted-foreground">{page.path}</p>
      </div>
      {page.edited ? (
        <Badge variant="secondary">
          {t('pages.edited', {
            revision: page.revision,
            date: formatDate(page.updatedAt, undefined, t('pages.unknownDate')),
          })}
        </Badge>
      ) : (
        <Badge variant="outline">{t('pages.shipped')}</Badge>
      )}
      <Link
        to={`${page.path}?edit=1`}
        className={buttonClasses('outline', 'sm')}
        aria-label={t('pages.editLabel', { title: page.title })}
      >
        <Pencil aria-hidden /> {t('pages.edit')}
      </Link>
    </li>
  );
}
