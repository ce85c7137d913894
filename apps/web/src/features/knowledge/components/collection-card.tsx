import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useCollectionEmbedding } from '../api/get-embedding-status';
import type { KnowledgeCollection } from '../api/types';
import { describeCollection, documentCountLabel, recentNames, updatedLabel } from '../lib/format';
import { DeleteCollectionButton } from './delete-collection-button';
import { ShareCollectionDialog } from './share-collection-dialog';

interface CollectionCardProps {
  collection: KnowledgeCollection;
  selected?: boolean;
  onSelect?: () => void;
  onDeleted?: () => void;
}

/** Name, description or 'No description', document count, last update, two recent file names, delete. */
export function CollectionCard({ collection, selected = false, onSelect, onDeleted }: CollectionCardProps) {
  const { t } = useTranslation('knowledge');
  const names = recentNames(collection.recent_documents);
  const embedding = useCollectionEmbedding(collection.id);
  // Someone else's collection shared with the caller (issue 16): no sharing or deleting here.
  const shared = collection.access === 'read' || collection.access === 'write';
  return (
    <article
      aria-label={collection.name}
      data-testid="collection-card"
      className={cn(
        'grid gap-1 rounded-lg border bg-card p-3 text-sm',
        onSelect && 'cursor-pointer hover:bg-accent/50',
        selected && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        {onSelect ? (
          <button type="button" className="min-w-0 text-left font-medium break-words" onClick={onSelect}>
            {collection.name}
          </button>
        ) : (
          <h3 className="min-w-0 font-medium break-words">{collection.name}</h3>
        )}
        {shared ? (
          <span className="shrink-0 rounded-md border px-1.5 py-0.5 text-xs text-muted-foreground">
            {collection.access === 'write' ? t('collection.sharedWrite') : t('collection.sharedRead')}
          </span>
        ) : (
          <div className="flex shrink-0">
            <ShareCollectionDialog id={collection.id} name={collection.name} />
            <DeleteCollectionButton id={collection.id} name={collection.name} onDeleted={onDeleted} />
          </div>
        )}
      </div>
      <p className="text-muted-foreground">{describeCollection(collection.description)}</p>
      <p className="text-xs text-muted-foreground">
        {documentCountLabel(collection.document_count)} · {updatedLabel(collection.updated_at)}
      </p>
      {embedding && embedding.status.total_chunks > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="collection-embedding">
          {embedding.status.embedded_chunks < embedding.status.total_chunks
            ? t('collection.reembedding', {
                done: embedding.status.embedded_chunks,
                total: embedding.status.total_chunks,
              })
            : t('collection.embeddedWith', { model: embedding.model })}
        </p>
      ) : null}
      {names.length > 0 ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {names.map((name) => (
            <li key={name} className="flex items-center gap-1 truncate">
              <FileText className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{name}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
