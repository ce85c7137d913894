import { ErrorCode } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { InlineCode } from './inline-code';
import { filterOperations, groupOperations, type OpenApiDocument } from './openapi';
import { OperationView } from './operation-view';
import { SchemaTree } from './schema-tree';

const code = 'rounded bg-muted px-1 font-mono text-[0.85em]';

function Intro({ document }: { document: OpenApiDocument }) {
  const { t } = useTranslation('docs');
  const errorSchema = document.components?.schemas?.Error;
  const codeTag = { code: <code className={code} /> };
  return (
    <>
      <p className="mt-2 text-lg text-muted-foreground">
        <Trans
          t={t}
          i18nKey="api.intro"
          values={{ title: document.info.title, version: document.info.version }}
          components={{
            openapi: <a href={apiPaths.openApi} className="text-primary underline underline-offset-2" />,
            explorer: <a href={apiPaths.apiReference} className="text-primary underline underline-offset-2" />,
          }}
        />
      </p>
      <section aria-labelledby="auth" className="mt-8 space-y-2 text-sm">
        <h2 id="auth" className="text-xl font-semibold">
          {t('api.authentication')}
        </h2>
        <p>
          <Trans t={t} i18nKey="api.authenticationText" components={codeTag} />
        </p>
        {document.info.description ? (
          <p className="text-muted-foreground">
            <InlineCode text={document.info.description} />
          </p>
        ) : null}
      </section>
      <section aria-labelledby="errors" className="mt-8 space-y-2 text-sm">
        <h2 id="errors" className="text-xl font-semibold">
          {t('api.errors')}
        </h2>
        <p>
          <Trans t={t} i18nKey="api.errorsText" components={codeTag} />
        </p>
        {errorSchema ? <SchemaTree schema={errorSchema} components={document.components?.schemas ?? {}} /> : null}
        <p>
          {t('api.codes')}{' '}
          {ErrorCode.options.map((value, index) => [
            index > 0 ? ', ' : '',
            <code key={value} className={code}>
              {value}
            </code>,
          ])}
          .
        </p>
      </section>
    </>
  );
}

/** The API reference, built at runtime from the server's OpenAPI document. */
export function ApiReferencePage() {
  const { t } = useTranslation('docs');
  const [query, setQuery] = useState('');
  const filterId = useId();
  const openApi = useQuery({
    queryKey: ['docs', 'openapi'],
    queryFn: ({ signal }) => apiRequest<OpenApiDocument>(apiPaths.openApi, { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const tags = useMemo(() => (openApi.data ? groupOperations(openApi.data) : []), [openApi.data]);
  const visible = filterOperations(tags, query);
  const components = openApi.data?.components?.schemas ?? {};

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{t('api.title')}</h1>
      {openApi.isPending ? <PageSpinner /> : null}
      {openApi.isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-destructive/50 p-4 text-sm">
          <p className="font-medium">{t('api.loadError')}</p>
          <p className="text-muted-foreground">{openApi.error.message}</p>
          <Button variant="outline" className="mt-3" onClick={() => void openApi.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : null}
      {openApi.data ? (
        <>
          <Intro document={openApi.data} />
          <section aria-labelledby="operations" className="mt-8">
            <h2 id="operations" className="text-xl font-semibold">
              {t('api.operations')}
            </h2>
            <nav aria-label={t('api.sections')} className="mt-2 flex flex-wrap gap-2 text-sm">
              {tags.map(({ tag, operations }) => (
                <a key={tag} href={`#tag-${tag}`} className="rounded-md border px-2 py-0.5 hover:bg-accent">
                  {tag} ({operations.length})
                </a>
              ))}
            </nav>
            <div className="mt-4 max-w-sm space-y-1">
              <label htmlFor={filterId} className="text-xs font-medium text-muted-foreground">
                {t('api.filter')}
              </label>
              <Input
                id={filterId}
                type="search"
                placeholder={t('api.placeholder')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            {visible.length === 0 ? (
              <p role="status" className="mt-4 text-sm text-muted-foreground">
                {t('api.noMatch', { query: query.trim() })}
              </p>
            ) : null}
            {visible.map(({ tag, operations }) => (
              <section key={tag} aria-labelledby={`tag-${tag}`} className="mt-8">
                <h3 id={`tag-${tag}`} className="text-lg font-semibold capitalize">
                  {tag}
                </h3>
                <div className="mt-3 space-y-2">
                  {operations.map((operation) => (
                    <OperationView key={operation.id} operation={operation} components={components} />
                  ))}
                </div>
              </section>
            ))}
          </section>
        </>
      ) : null}
    </>
  );
}
