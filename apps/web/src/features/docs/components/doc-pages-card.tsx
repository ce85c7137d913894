import type { DocPageSummary } from '@hearth/contract';
import { Pencil, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useDocPageSummaries } from '../api/doc-pages';

const matches = (page: DocPageSummary, needle: string) =>
  page.title.toLowerCase().includes(needle) || page.path.toLowerCase().includes(needle);

/** The Documentation tab's list of pages: which ones were edited in the app, with a link to edit each in place. */
export function DocPagesCard() {
  const query = useDocPageSummaries();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const pages = (query.data?.pages ?? []).filter((page) => matches(page, needle));

  return (
    <Card aria-labelledby="doc-pages-title">
      <CardHeader>
        <CardTitle id="doc-pages-title">Pages</CardTitle>
        <CardDescription>
          The documentation pages. Edit one on the docs site; every saved version is kept and can be restored.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="relative">
          <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label="Filter pages"
            placeholder="Filter pages"
            className="pl-9"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        {query.isPending ? <Spinner label="Loading pages" /> : null}
        {query.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive">Could not load the pages: {errorMessage(query.error)}</span>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        {query.data && pages.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {needle ? `No pages match “${filter.trim()}”.` : 'No documentation pages.'}
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
  return (
    <li aria-label={page.title} className="flex flex-wrap items-center gap-3 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{page.title}</p>
        <p className="truncate font-mono text-xs text-muted-foreground">{page.path}</p>
      </div>
      {page.edited ? (
        <Badge variant="secondary">
          Edited · r{page.revision} · {formatDate(page.updatedAt, 'unknown date')}
        </Badge>
      ) : (
        <Badge variant="outline">Shipped</Badge>
      )}
      <Link to={`${page.path}?edit=1`} className={buttonClasses('outline', 'sm')} aria-label={`Edit ${page.title}`}>
        <Pencil aria-hidden /> Edit
      </Link>
    </li>
  );
}
