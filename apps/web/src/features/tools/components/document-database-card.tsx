import { useQuery } from '@tanstack/react-query';
import { Database } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { embeddingStatusQueryOptions, useCollections } from '../../knowledge';

/** Knowledge collections as the search index sees them: documents, indexing state, and the search mode. */
export function DocumentDatabaseCard() {
  const { t } = useTranslation('tools');
  const stores = { 'sqlite-vec': 'sqlite-vec', pgvector: 'pgvector', 'exact-js': t('database.exactStore') } as const;
  const collections = useCollections();
  const embedding = useQuery(embeddingStatusQueryOptions());
  const active = embedding.data?.active ?? null;
  const list = collections.data?.collections ?? [];
  const embedded = new Map((embedding.data?.collections ?? []).map((item) => [item.collection_id, item]));

  return (
    <Card aria-labelledby="tool-document-database">
      <CardHeader>
        <CardTitle id="tool-document-database" className="flex items-center gap-2 text-base">
          <Database className="size-4" aria-hidden />
          {t('database.title')}
          <Badge>{t('enabled')}</Badge>
        </CardTitle>
        <CardDescription>
          {t('database.description')}{' '}
          {embedding.isPending
            ? null
            : active
              ? t('database.searchVectors', {
                  model: active.id,
                  store: stores[embedding.data?.vector_store ?? 'exact-js'],
                })
              : t('database.searchFullText')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {collections.isPending ? (
          <Spinner label={t('database.loading')} />
        ) : collections.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('database.loadFailed', { message: errorMessage(collections.error) })}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="database.empty"
              components={{
                action: (
                  <Link to={paths.workspaceTab('knowledge')} className="font-medium text-primary hover:underline" />
                ),
              }}
            />
          </p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label={t('database.collections')}>
            {list.map((collection) => {
              const { pending, failed } = collection.indexing;
              const ready = Math.max(0, collection.document_count - pending - failed);
              const vectors = active ? embedded.get(collection.id) : undefined;
              return (
                <li key={collection.id} className="grid gap-0.5 rounded-md border p-2">
                  <span className="font-medium">{collection.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {t('database.counts', { count: collection.document_count, ready, pending, failed })}
                    {vectors
                      ? t('database.vectors', { embedded: vectors.embedded_chunks, total: vectors.total_chunks })
                      : ''}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
