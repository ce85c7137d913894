import { useQuery } from '@tanstack/react-query';
import { Database } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { embeddingStatusQueryOptions, useCollections } from '../../knowledge';

const STORES = { 'sqlite-vec': 'sqlite-vec', pgvector: 'pgvector', 'exact-js': 'exact search in the server' } as const;

/** Knowledge collections as the search index sees them: documents, indexing state, and the search mode. */
export function DocumentDatabaseCard() {
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
          Document Database
          <Badge>Enabled</Badge>
        </CardTitle>
        <CardDescription>
          Stores documents in knowledge collections and searches them when you chat.{' '}
          {embedding.isPending
            ? null
            : active
              ? `Search: full-text plus vectors from ${active.id} (${STORES[embedding.data?.vector_store ?? 'exact-js']}).`
              : 'Search: full-text only; no embedding model is active (an admin can choose one under Models).'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {collections.isPending ? (
          <Spinner label="Loading collections" />
        ) : collections.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Collections could not be loaded. {collections.error.message}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No collections yet.{' '}
            <Link to={paths.workspaceTab('knowledge')} className="font-medium text-primary hover:underline">
              Add knowledge
            </Link>{' '}
            to fill it.
          </p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Collections">
            {list.map((collection) => {
              const { pending, failed } = collection.indexing;
              const ready = Math.max(0, collection.document_count - pending - failed);
              const vectors = active ? embedded.get(collection.id) : undefined;
              return (
                <li key={collection.id} className="grid gap-0.5 rounded-md border p-2">
                  <span className="font-medium">{collection.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {collection.document_count} {collection.document_count === 1 ? 'document' : 'documents'}: {ready}{' '}
                    ready, {pending} pending, {failed} failed
                    {vectors ? ` · vectors ${vectors.embedded_chunks}/${vectors.total_chunks} passages` : ''}
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
